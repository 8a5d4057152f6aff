import { SETTINGS } from '../../modules/store/settings';
import { secondStageAt, unprintedAlarmSettings, unprintedAlarmStage } from '../../src/shared/unprinted-alarm';

describe('unprintedAlarmStage: one rule for the staff screen and the managers mail', () => {
  const since = '2026-11-24T19:00:00.000Z';
  const at = (minutes: number) => Date.parse(since) + minutes * 60_000;
  const minutes = { first: 2, second: 5 };
  const fresh = { status: 'NEW', printedCopies: 0, since };

  it('raises nothing up to the first setting, the alarm after it, the second stage after both', () => {
    expect(unprintedAlarmStage(fresh, at(2), minutes)).toBe('none');
    expect(unprintedAlarmStage(fresh, at(2.01), minutes)).toBe('first');
    expect(unprintedAlarmStage(fresh, at(7), minutes)).toBe('first');
    expect(unprintedAlarmStage(fresh, at(7.01), minutes)).toBe('second');
    expect(Date.parse(secondStageAt(since, minutes))).toBeGreaterThan(at(7));
    expect(unprintedAlarmStage(fresh, Date.parse(secondStageAt(since, minutes)), minutes)).toBe('second');
  });

  it('raises nothing for an order printed, not NEW, or without a time', () => {
    expect(unprintedAlarmStage({ ...fresh, printedCopies: 1 }, at(60), minutes)).toBe('none');
    expect(unprintedAlarmStage({ ...fresh, status: 'AWAITING-PAYMENT' }, at(60), minutes)).toBe('none');
    expect(unprintedAlarmStage({ ...fresh, since: null }, at(60), minutes)).toBe('none');
  });

  it('reads the settings, falling back on their defaults while unknown', () => {
    expect(unprintedAlarmSettings({ unprinted_alarm_minutes: 3, unprinted_alarm_second_stage_minutes: 9 })).toEqual({ first: 3, second: 9 });
    expect(unprintedAlarmSettings({})).toEqual({ first: SETTINGS.unprinted_alarm_minutes.default, second: SETTINGS.unprinted_alarm_second_stage_minutes.default });
  });
});
