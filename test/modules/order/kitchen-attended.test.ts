import { kitchenAttended, methodsOfferedNow } from '../../../modules/order/core/rules';

describe('kitchenAttended (no unattended kitchen, issue 17 item 7)', () => {
  const now = '2026-11-24T19:00:00.000Z';
  const minutesBefore = (minutes: number, seconds = 0) => new Date(Date.parse(now) - minutes * 60_000 - seconds * 1000).toISOString();

  it('is attended while a screen is connected (last seen now) and up to the setting after the last one left', () => {
    expect(kitchenAttended({ lastStaffSeenAt: now, now, minutes: 10 })).toBe(true);
    expect(kitchenAttended({ lastStaffSeenAt: minutesBefore(10), now, minutes: 10 })).toBe(true);
  });

  it('is unattended once the setting has passed since the last screen left, or when none was seen since the start', () => {
    expect(kitchenAttended({ lastStaffSeenAt: minutesBefore(10, 1), now, minutes: 10 })).toBe(false);
    expect(kitchenAttended({ lastStaffSeenAt: null, now, minutes: 10 })).toBe(false);
  });

  it('is always attended with the setting at 0 (the check off, as the demo shop has it)', () => {
    expect(kitchenAttended({ lastStaffSeenAt: null, now, minutes: 0 })).toBe(true);
    expect(kitchenAttended({ lastStaffSeenAt: minutesBefore(600), now, minutes: 0 })).toBe(true);
  });

  it('leaves card and PayPal (issue 36) out of the offered methods when unattended, and only those', () => {
    expect(methodsOfferedNow(['phone', 'card', 'paypal'], false)).toEqual(['phone']);
    expect(methodsOfferedNow(['phone', 'card', 'paypal'], true)).toEqual(['phone', 'card', 'paypal']);
  });
});
