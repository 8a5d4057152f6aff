import { DomainError } from '../../src/core/errors';
import type { Decider } from '../../src/core/decider';
import type { ErasureReason, PrivacyEvent } from './events';

/** One subject's erasure stream: erased once, whatever asks again. */
export type ErasureCommand = { type: 'RecordErasure'; subject: string; reason: ErasureReason };
export type ErasureState = { erased: boolean };

export const erasureDecider: Decider<ErasureCommand, PrivacyEvent, ErasureState> = {
  initialState: { erased: false },
  evolve: (state, event) => (event.type === 'PersonalDataErased' ? { erased: true } : state),
  decide: (command, state) => (state.erased ? [] : [{ type: 'PersonalDataErased', data: { subject: command.subject, reason: command.reason } }]),
};

/** The retention job's stream: each run schedules the next, once, so a repeated run schedules nothing more. */
export type RetentionCommand = { type: 'ScheduleRetention'; runAt: string; erasedOrders: number };
export type RetentionState = { scheduledRunAt: string | null };

export const retentionDecider: Decider<RetentionCommand, PrivacyEvent, RetentionState> = {
  initialState: { scheduledRunAt: null },
  evolve: (state, event) => (event.type === 'GuestRetentionScheduled' ? { scheduledRunAt: event.data.runAt } : state),
  decide: (command, state) =>
    state.scheduledRunAt !== null && state.scheduledRunAt >= command.runAt
      ? []
      : [{ type: 'GuestRetentionScheduled', data: { runAt: command.runAt, erasedOrders: command.erasedOrders } }],
};

/** What erasure may not touch: a login still in use is disabled first, so nobody is locked out by surprise. */
export function refuseErasure(facts: { activeLogins: number }): void {
  if (facts.activeLogins > 0) throw new DomainError('conflict', 'This person has a login that is still active: disable it before erasing their data');
}
