import { settingsDecider } from '../../../modules/store/settings-decider';
import { specFor } from '../../support/given-when-then';

const spec = specFor(settingsDecider);
const changed = (key: string, value: unknown) => ({ type: 'SettingChanged' as const, data: { key, value } });

describe('settings decider', () => {
  it('records each changed setting, and nothing for a value it already has', () => {
    spec([]).when({ type: 'ChangeSettings', changes: { site_name: 'Spice', delivery_radius: 4 } })
      .then([changed('site_name', 'Spice'), changed('delivery_radius', 4)]);
    spec([changed('delivery_radius', 4)]).when({ type: 'ChangeSettings', changes: { delivery_radius: 4 } }).then([]);
  });

  it('records the store’s status and the delivery toggle as their own events, once', () => {
    const busy = { type: 'StoreStatusChanged' as const, data: { status: 'busy' as const } };
    const deliveryOff = { type: 'DeliveryToggled' as const, data: { delivering: false } };
    spec([]).when({ type: 'ChangeSettings', changes: { order_status: 'busy', delivering_status: false, delivery_radius: 4 } })
      .then([busy, deliveryOff, changed('delivery_radius', 4)]);
    spec([busy, deliveryOff]).when({ type: 'ChangeSettings', changes: { order_status: 'busy', delivering_status: false } }).then([]);
  });

  it('stores the kitchen postcode in its canonical form, typed with or without its space, and refuses an invalid one', () => {
    spec([]).when({ type: 'ChangeSettings', changes: { kitchen_postcode: ' ls6 2aa ' } }).then([changed('kitchen_postcode', 'LS6 2AA')]);
    spec([]).when({ type: 'ChangeSettings', changes: { kitchen_postcode: 'ls62aa' } }).then([changed('kitchen_postcode', 'LS6 2AA')]);
    spec([]).when({ type: 'ChangeSettings', changes: { kitchen_postcode: 'LS6 2A' } }).thenFails('kitchen_postcode: Not a valid postcode', 'invalid');
  });

  it('keeps the opening time before the closing time, whichever of the two changes (defaults 17:00-23:00)', () => {
    spec([]).when({ type: 'ChangeSettings', changes: { open_time: '23:30' } }).thenFails('open_time: Open times do not work together', 'invalid');
    spec([changed('close_time', '16:00')]).when({ type: 'ChangeSettings', changes: { open_time: '16:30' } }).thenFails('Open times do not work together');
    spec([]).when({ type: 'ChangeSettings', changes: { open_time: '23:30', close_time: '23:45' } })
      .then([changed('open_time', '23:30'), changed('close_time', '23:45')]);
    spec([]).when({ type: 'ChangeSettings', changes: { open_time: '12:00', close_time: '12:00' } })
      .then([changed('open_time', '12:00'), changed('close_time', '12:00')]);
  });

  it('needs a discount amount above 0 while the collection discount is on', () => {
    spec([]).when({ type: 'ChangeSettings', changes: { takeaway_collect_discount_amount_or_percent: 0 } })
      .thenFails('the discount amount must be above 0 while the discount is on', 'invalid');
    spec([changed('offer_takeaway_collect_discount', false)]).when({ type: 'ChangeSettings', changes: { takeaway_collect_discount_amount_or_percent: 0 } })
      .then([changed('takeaway_collect_discount_amount_or_percent', 0)]);
    spec([changed('offer_takeaway_collect_discount', false), changed('takeaway_collect_discount_amount_or_percent', 0)])
      .when({ type: 'ChangeSettings', changes: { offer_takeaway_collect_discount: true } })
      .thenFails('the discount amount must be above 0');
  });

  it('refuses a wrong value, naming the setting, and changes nothing else', () => {
    spec([]).when({ type: 'ChangeSettings', changes: { delivery_radius: 3, open_time: '25:00' } }).thenFails(/^open_time: /, 'invalid');
    spec([]).when({ type: 'ChangeSettings', changes: { order_status: 'party' } }).thenFails(/^order_status: /);
  });
});
