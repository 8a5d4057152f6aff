import { settingsDecider } from '../../../modules/store/settings-decider';
import { specFor } from '../../support/given-when-then';

const spec = specFor(settingsDecider);
const changed = (key: string, value: unknown) => ({ type: 'SettingChanged' as const, data: { key, value } });

describe('settings decider', () => {
  it('records each changed setting, and nothing for a value it already has', () => {
    spec([]).when({ type: 'ChangeSettings', changes: { order_status: 'busy', delivery_radius: 4 } })
      .then([changed('order_status', 'busy'), changed('delivery_radius', 4)]);
    spec([changed('order_status', 'busy')]).when({ type: 'ChangeSettings', changes: { order_status: 'busy' } }).then([]);
  });

  it('stores the kitchen postcode in its canonical form and refuses an invalid one', () => {
    spec([]).when({ type: 'ChangeSettings', changes: { kitchen_postcode: ' ls6 2aa ' } }).then([changed('kitchen_postcode', 'LS6 2AA')]);
    spec([]).when({ type: 'ChangeSettings', changes: { kitchen_postcode: 'LS62AA' } }).thenFails('kitchen_postcode: Not a valid postcode', 'invalid');
  });

  it('refuses a wrong value, naming the setting, and changes nothing else', () => {
    spec([]).when({ type: 'ChangeSettings', changes: { delivery_radius: 3, open_time: '25:00' } }).thenFails(/^open_time: /, 'invalid');
    spec([]).when({ type: 'ChangeSettings', changes: { order_status: 'party' } }).thenFails(/^order_status: /);
  });
});
