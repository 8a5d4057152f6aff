import type { CommandContext } from '../../src/core/decider';
import type { StoredEvent } from '../../src/eventstore/types';
import type { ProcessDefinition } from '../../src/process';
import type { GuestRetentionScheduled } from './events';

const DAY_MS = 24 * 60 * 60 * 1000;

/** When the run after `runAt` is due: a day later, or, after the shop was stopped for days, the first such time after `now`. */
export function nextRetentionRun(runAt: string, now: Date): string {
  const from = Date.parse(runAt);
  const days = Math.max(1, Math.floor((now.getTime() - from) / DAY_MS) + 1);
  return new Date(from + days * DAY_MS).toISOString();
}

/** The instant before which a guest's data is past retention at `now`. */
export const retentionCutoff = (now: Date, retentionDays: number) => new Date(now.getTime() - retentionDays * DAY_MS);

type Fact = { runAt: string };
export type RetentionRunCommand = { type: 'RunRetention'; runAt: string };
type State = { status: 'idle' } | { status: 'waiting'; runAt: string };

/** What the process asks of the privacy module: erase what is past retention, then schedule the next run. */
export interface RetentionActions {
  runRetention(runAt: string, context: CommandContext): Promise<void>;
}

/**
 * The daily retention job (issue 15 item 5): each GuestRetentionScheduled starts the process of that run,
 * whose timer erases the guest orders and baskets past retention and schedules the next run, exactly once
 * across restarts and crashes.
 */
export function guestRetentionProcess(actions: RetentionActions): ProcessDefinition<State, Fact, RetentionRunCommand> {
  return {
    kind: 'guestRetention',
    startsOn: ['GuestRetentionScheduled'],
    advancesOn: [],
    receive(event: StoredEvent) {
      const { runAt } = (event as StoredEvent<'GuestRetentionScheduled', GuestRetentionScheduled['data']>).data;
      return { processId: runAt.replace(/[^0-9]/g, ''), fact: { runAt } };
    },
    initialState: { status: 'idle' },
    evolve: (state, input) => (input.kind === 'event' && state.status === 'idle' ? { status: 'waiting', runAt: input.fact.runAt } : state),
    decide(input, state) {
      switch (input.kind) {
        case 'event':
          return state.status === 'idle' ? { setTimers: [{ name: 'run', at: input.fact.runAt }] } : {};
        case 'timer':
          return state.status === 'waiting' ? { send: [{ type: 'RunRetention', runAt: state.runAt }], finish: true } : {};
        case 'succeeded':
        case 'refused':
          return {};
      }
    },
    send: (command, { context }) => actions.runRetention(command.runAt, context),
  };
}
