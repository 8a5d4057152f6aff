import { unprintedAlarmMinutes } from './setting-keys';

export const UNPRINTED_SECOND_STAGE_DEFAULT_MINUTES = 5;

/** The second stage's further minutes: the setting, or its default while unknown. */
export function unprintedSecondStageMinutes(setting: unknown): number {
  return typeof setting === 'number' && setting > 0 ? setting : UNPRINTED_SECOND_STAGE_DEFAULT_MINUTES;
}

export type UnprintedAlarmStage = 'none' | 'first' | 'second';

/** The two settings, read as the rule reads them. */
export function unprintedAlarmSettings(settings: { unprinted_alarm_minutes?: unknown; unprinted_alarm_second_stage_minutes?: unknown }) {
  return { first: unprintedAlarmMinutes(settings.unprinted_alarm_minutes), second: unprintedSecondStageMinutes(settings.unprinted_alarm_second_stage_minutes) };
}

/**
 * The unprinted-order alarm, one rule for the staff screen and the server: an order NEW and unprinted for
 * longer than `first` minutes since it became NEW (paid) raises the alarm; still unprinted `second` minutes
 * after that, the louder second stage (and, on the server, one mail to the managers).
 */
export function unprintedAlarmStage(
  order: { status: string; printedCopies: number; since: string | null },
  nowMs: number,
  minutes: { first: number; second: number },
): UnprintedAlarmStage {
  if (order.status !== 'NEW' || order.printedCopies > 0 || order.since === null) return 'none';
  const waited = nowMs - Date.parse(order.since);
  if (waited > (minutes.first + minutes.second) * 60_000) return 'second';
  return waited > minutes.first * 60_000 ? 'first' : 'none';
}

/** When an order NEW since `since` reaches the second stage. */
export function secondStageAt(since: string, minutes: { first: number; second: number }): string {
  return new Date(Date.parse(since) + (minutes.first + minutes.second) * 60_000 + 1).toISOString();
}
