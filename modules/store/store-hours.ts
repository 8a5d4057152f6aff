import type { CommandContext } from '../../src/core/decider';
import type { StoredEvent } from '../../src/eventstore/types';
import type { ProcessDefinition } from '../../src/process';
import type { StoreStatusChanged } from './events';

type Fact = { event: 'opened'; closesAt: string };
export type StoreHoursCommand = { type: 'CloseAtClosingTime'; closesAt: string };
type State = { status: 'idle' } | { status: 'open'; closesAt: string };

/** What the process asks of the store module (change-settings.ts): safe to repeat. */
export interface StoreHoursActions {
  closeAtClosingTime(closesAt: string, context: CommandContext): Promise<void>;
}

/**
 * The store closes once at the closing time an opening lasts until (`closesAt`, decided by the settings
 * decider from the hours, nextClosingAt): one process per closing time, so staff who open again after it
 * (for a late rush, on purpose) start the process of the next closing time and are not closed meanwhile.
 * Staff who close earlier need nothing cancelled: the store then refuses the close as not its opening's.
 */
export function storeHoursProcess(actions: StoreHoursActions): ProcessDefinition<State, Fact, StoreHoursCommand> {
  return {
    kind: 'storeHours',
    startsOn: ['StoreStatusChanged'],
    advancesOn: [],
    receive(event: StoredEvent) {
      const { status, closesAt } = event.data as StoreStatusChanged['data'];
      // A close, or an opening stored before openings had a closing time: nothing to do.
      if (status === 'closed' || !closesAt) return undefined;
      return { processId: closesAt, fact: { event: 'opened', closesAt } };
    },
    initialState: { status: 'idle' },
    evolve(state, input) {
      return input.kind === 'event' && state.status === 'idle' ? { status: 'open', closesAt: input.fact.closesAt } : state;
    },
    decide(input, state) {
      switch (input.kind) {
        case 'event':
          return state.status === 'idle' ? { setTimers: [{ name: 'close', at: input.fact.closesAt }] } : {};
        case 'timer':
          return state.status === 'open' ? { send: [{ type: 'CloseAtClosingTime', closesAt: state.closesAt }], finish: true } : {};
        case 'succeeded':
        case 'refused':
          return {};
      }
    },
    send: (command, { context }) => actions.closeAtClosingTime(command.closesAt, context),
  };
}
