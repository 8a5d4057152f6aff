import { settingsDecider } from '../../../modules/store/settings-decider';
import { specFor } from '../../support/given-when-then';
import { everyDay, type Week } from '../../../src/shared/opening-week';

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

  describe('the week and special days (issue 14 item 6)', () => {
    const lunchAndDinner = everyDay({ open: '12:00', close: '14:00' }, { open: '17:00', close: '23:00' });
    const week = (changes: Partial<Week>) => ({ type: 'ChangeSettings' as const, now, changes: { opening_week: { ...lunchAndDinner, ...changes } } });
    const specialDays = (days: unknown) => ({ type: 'ChangeSettings' as const, now, changes: { special_days: days } });
    const christmas = { date: '2026-12-25', shifts: [], message: 'Closed today for Christmas – back on the 27th' };

    it('records a week of shifts, one past midnight among them', () => {
      const late = { ...lunchAndDinner, friday: [{ open: '17:00', close: '01:00', closesNextDay: true as const }] };
      spec([]).when({ type: 'ChangeSettings', now, changes: { opening_week: late } }).then([changed('opening_week', late)]);
    });

    it('accepts a shift whose opening equals its closing: zero-length, closed that day (spec §5: open <= close)', () => {
      const mondayOff = { ...lunchAndDinner, monday: [{ open: '12:00', close: '12:00' }] };
      spec([]).when({ type: 'ChangeSettings', now, changes: { opening_week: mondayOff } }).then([changed('opening_week', mondayOff)]);
    });

    it('refuses shifts that close before they open, overlap, or run into the next day’s, naming the day', () => {
      spec([]).when(week({ monday: [{ open: '14:00', close: '12:00' }] })).thenFails('opening_week: monday: the shift 14:00-12:00 closes before it opens', 'invalid');
      spec([]).when(week({ tuesday: [{ open: '12:00', close: '15:00' }, { open: '14:30', close: '23:00' }] }))
        .thenFails('opening_week: tuesday: the shifts 12:00-15:00 and 14:30-23:00 overlap');
      spec([]).when(week({ sunday: [{ open: '17:00', close: '13:00', closesNextDay: true }] }))
        .thenFails("opening_week: sunday's shift past midnight overlaps monday's shift 12:00-14:00");
      spec([]).when(week({ friday: [{ open: '17:00', close: '18:00', closesNextDay: true }] })).thenFails(/^opening_week: friday: the shift 17:00-18:00 \(next day\) is longer than a day/);
      spec([]).when(week({ friday: [{ open: '7pm', close: '23:00' }] })).thenFails('opening_week.friday.0.open: must be a time like 17:30');
      spec([]).when({ type: 'ChangeSettings', now, changes: { opening_week: { monday: [] } } }).thenFails(/^opening_week\.tuesday: /);
    });

    it('records special days, and refuses a new one in the past, a date twice, and a message that is not one line of text', () => {
      spec([]).when(specialDays([christmas])).then([changed('special_days', [christmas])]);
      spec([]).when(specialDays([{ ...christmas, date: '2026-11-19' }])).thenFails('special_days: 2026-11-19 is in the past', 'invalid');
      spec([]).when(specialDays([christmas, christmas])).thenFails('special_days: 2026-12-25 is listed twice');
      spec([]).when(specialDays([{ ...christmas, message: 'Closed\nfor Christmas' }])).thenFails('special_days.0.message: must be on one line');
      spec([]).when(specialDays([{ ...christmas, date: '25/12/2026' }])).thenFails('special_days.0.date: must be a date like 2026-12-25');
      // A day already listed may stay once it has passed.
      const boxingDay = { date: '2026-12-26', shifts: [{ open: '17:00', close: '21:00' }], message: 'Boxing Day: dinner only' };
      spec([changed('special_days', [christmas])]).when({ type: 'ChangeSettings', now: '2026-12-26T10:00:00.000Z', changes: { special_days: [christmas, boxingDay] } })
        .then([changed('special_days', [christmas, boxingDay])]);
    });

    it('dates an opening’s closing time on the week and special days', () => {
      const open = (instant: string) => ({ type: 'ChangeSettings' as const, now: instant, changes: { order_status: 'open' } });
      const opened = (closesAt: string) => ({ type: 'StoreStatusChanged' as const, data: { status: 'open' as const, closesAt } });
      spec([changed('opening_week', lunchAndDinner)]).when(open('2026-11-20T12:05:00.000Z')).then([opened('2026-11-20T14:00:00.000Z')]);
      spec([changed('opening_week', lunchAndDinner), changed('special_days', [christmas])]).when(open('2026-12-25T12:05:00.000Z')).then([opened('2026-12-26T14:00:00.000Z')]);
      // A week with no shift at all: no closing time, the store stays open until staff close it.
      spec([changed('opening_week', everyDay())]).when(open('2026-11-20T12:05:00.000Z')).then([{ type: 'StoreStatusChanged', data: { status: 'open' } }]);
    });
  });
});
