import { settingsDecider } from '../../../modules/store/settings-decider';
import { specFor } from '../../support/given-when-then';

const spec = specFor(settingsDecider);
const now = '2026-11-20T19:00:00.000Z';
const changed = (key: string, value: unknown) => ({ type: 'SettingChanged' as const, data: { key, value } });

describe('settings decider', () => {
  it('records each changed setting, and nothing for a value it already has', () => {
    spec([]).when({ type: 'ChangeSettings', now, changes: { site_name: 'Spice', delivery_radius: 4 } })
      .then([changed('site_name', 'Spice'), changed('delivery_radius', 4)]);
    spec([changed('delivery_radius', 4)]).when({ type: 'ChangeSettings', now, changes: { delivery_radius: 4 } }).then([]);
  });

  it('records the store’s status and the delivery toggle as their own events, once', () => {
    const busy = { type: 'StoreStatusChanged' as const, data: { status: 'busy' as const, closesAt: '2026-11-20T23:00:00.000Z' } };
    const deliveryOff = { type: 'DeliveryToggled' as const, data: { delivering: false } };
    spec([]).when({ type: 'ChangeSettings', now, changes: { order_status: 'busy', delivering_status: false, delivery_radius: 4 } })
      .then([busy, deliveryOff, changed('delivery_radius', 4)]);
    spec([busy, deliveryOff]).when({ type: 'ChangeSettings', now, changes: { order_status: 'busy', delivering_status: false } }).then([]);
  });

  it('stores the kitchen postcode in its canonical form, typed with or without its space, and refuses an invalid one', () => {
    spec([]).when({ type: 'ChangeSettings', now, changes: { kitchen_postcode: ' ls6 2aa ' } }).then([changed('kitchen_postcode', 'LS6 2AA')]);
    spec([]).when({ type: 'ChangeSettings', now, changes: { kitchen_postcode: 'ls62aa' } }).then([changed('kitchen_postcode', 'LS6 2AA')]);
    spec([]).when({ type: 'ChangeSettings', now, changes: { kitchen_postcode: 'LS6 2A' } }).thenFails('kitchen_postcode: Not a valid postcode', 'invalid');
  });

  it('keeps the opening time before the closing time, whichever of the two changes (defaults 17:00-23:00)', () => {
    spec([]).when({ type: 'ChangeSettings', now, changes: { open_time: '23:30' } }).thenFails('open_time: Open times do not work together', 'invalid');
    spec([changed('close_time', '16:00')]).when({ type: 'ChangeSettings', now, changes: { open_time: '16:30' } }).thenFails('Open times do not work together');
    spec([]).when({ type: 'ChangeSettings', now, changes: { open_time: '23:30', close_time: '23:45' } })
      .then([changed('open_time', '23:30'), changed('close_time', '23:45')]);
    spec([]).when({ type: 'ChangeSettings', now, changes: { open_time: '12:00', close_time: '12:00' } })
      .then([changed('open_time', '12:00'), changed('close_time', '12:00')]);
  });

  it('needs a discount amount above 0 while the collection discount is on', () => {
    spec([]).when({ type: 'ChangeSettings', now, changes: { takeaway_collect_discount_amount_or_percent: 0 } })
      .thenFails('the discount amount must be above 0 while the discount is on', 'invalid');
    spec([changed('offer_takeaway_collect_discount', false)]).when({ type: 'ChangeSettings', now, changes: { takeaway_collect_discount_amount_or_percent: 0 } })
      .then([changed('takeaway_collect_discount_amount_or_percent', 0)]);
    spec([changed('offer_takeaway_collect_discount', false), changed('takeaway_collect_discount_amount_or_percent', 0)])
      .when({ type: 'ChangeSettings', now, changes: { offer_takeaway_collect_discount: true } })
      .thenFails('the discount amount must be above 0');
  });

  it('refuses a wrong value, naming the setting, and changes nothing else', () => {
    spec([]).when({ type: 'ChangeSettings', now, changes: { delivery_radius: 3, open_time: '25:00' } }).thenFails(/^open_time: /, 'invalid');
    spec([]).when({ type: 'ChangeSettings', now, changes: { order_status: 'party' } }).thenFails(/^order_status: /);
  });

  describe('opening hours (issue 14 item 4; default hours 17:00-23:00, London)', () => {
    const opened = (status: 'open' | 'busy' | 'slammed', closesAt: string) => ({ type: 'StoreStatusChanged' as const, data: { status, closesAt } });
    const closed = { type: 'StoreStatusChanged' as const, data: { status: 'closed' as const } };
    const at = (instant: string) => ({ type: 'ChangeSettings' as const, now: instant, changes: { order_status: 'open' } });

    it('lasts an opening until today’s closing time, also one made before opening time', () => {
      spec([]).when(at('2026-11-20T17:05:00.000Z')).then([opened('open', '2026-11-20T23:00:00.000Z')]);
      spec([]).when(at('2026-11-20T06:20:00.000Z')).then([opened('open', '2026-11-20T23:00:00.000Z')]);
    });

    it('lets staff open after closing time on purpose, until the next closing time (tomorrow’s), in summer too', () => {
      spec([closed]).when(at('2026-11-20T23:10:00.000Z')).then([opened('open', '2026-11-21T23:00:00.000Z')]);
      spec([]).when(at('2026-07-20T22:30:00.000Z')).then([opened('open', '2026-07-21T22:00:00.000Z')]);
    });

    it('dates the closing time on the hours the same change leaves', () => {
      spec([]).when({ type: 'ChangeSettings', now: '2026-11-20T06:20:00.000Z', changes: { open_time: '00:00', close_time: '23:59', order_status: 'open' } })
        .then([changed('open_time', '00:00'), changed('close_time', '23:59'), opened('open', '2026-11-20T23:59:00.000Z')]);
    });

    it('keeps the closing time of the opening when staff say how busy they are', () => {
      spec([opened('open', '2026-11-21T23:00:00.000Z')]).when({ type: 'ChangeSettings', now: '2026-11-21T00:30:00.000Z', changes: { order_status: 'slammed' } })
        .then([opened('slammed', '2026-11-21T23:00:00.000Z')]);
    });

    it('closes at closing time once, only the opening that lasts until then', () => {
      const close = { type: 'CloseAtClosingTime' as const, closesAt: '2026-11-20T23:00:00.000Z' };
      spec([opened('open', '2026-11-20T23:00:00.000Z')]).when(close).then([closed]);
      spec([opened('busy', '2026-11-20T23:00:00.000Z')]).when(close).then([closed]);
      spec([opened('open', '2026-11-20T23:00:00.000Z'), closed]).when(close).then([]);
      // Closed by staff, then reopened late for the next closing time: today's close leaves it open.
      spec([opened('open', '2026-11-20T23:00:00.000Z'), closed, opened('open', '2026-11-21T23:00:00.000Z')]).when(close).then([]);
      spec([]).when(close).then([]);
    });

    it('gives a store an older version left open (no closing time) the next closing time at start, once', () => {
      const dateOpening = { type: 'DateOpening' as const, now: '2026-11-20T19:00:00.000Z' };
      const legacyBusy = { type: 'StoreStatusChanged' as const, data: { status: 'busy' as const } };
      spec([legacyBusy]).when(dateOpening).then([opened('busy', '2026-11-20T23:00:00.000Z')]);
      spec([legacyBusy, opened('busy', '2026-11-20T23:00:00.000Z')]).when(dateOpening).then([]);
      spec([legacyBusy, closed]).when(dateOpening).then([]);
      spec([]).when(dateOpening).then([]);
    });
  });
});
