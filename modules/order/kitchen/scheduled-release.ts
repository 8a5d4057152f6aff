import type { CommandContext } from '../../../src/core/decider';
import type { StoredEvent } from '../../../src/eventstore/types';
import type { ProcessDefinition } from '../../../src/process';
import type { OrderPaid } from '../core/events';

type Fact = { orderId: string; releaseAt: string };
export type ScheduledReleaseCommand = { type: 'ReleaseScheduledOrder'; orderId: string };
type State = { status: 'idle' } | { status: 'scheduled'; orderId: string };

/** What the process asks of the order module (kitchen.ts): safe to repeat. */
export interface ScheduledReleaseActions {
  release(orderId: string, context: CommandContext): Promise<void>;
}

/**
 * An order for later (issue 37) waits as SCHEDULED from its payment (OrderPaid with a `releaseAt`: its slot less
 * the setting scheduled_lead_minutes) and comes to the kitchen as NEW, with the new-order alert, at that moment:
 * a durable timer, so a restart in between still releases it on time. Printed early, it has started and is not
 * released: its print withdraws the wait.
 */
export function scheduledReleaseProcess(actions: ScheduledReleaseActions): ProcessDefinition<State, Fact, ScheduledReleaseCommand> {
  return {
    kind: 'scheduledRelease',
    startsOn: ['OrderPaid'],
    advancesOn: [],
    withdrawnBy: { eventTypes: ['OrderPrinted', 'OrderReleased'], processIdOf: (event) => (event.data as { orderId: string }).orderId },
    receive(event: StoredEvent) {
      const { orderId, releaseAt, paidAt } = event.data as OrderPaid['data'];
      return releaseAt && releaseAt > paidAt ? { processId: orderId, fact: { orderId, releaseAt }, waitUntil: releaseAt } : undefined;
    },
    initialState: { status: 'idle' },
    evolve: (state, input) => (input.kind === 'event' ? { status: 'scheduled', orderId: input.fact.orderId } : state),
    decide(input, state) {
      switch (input.kind) {
        case 'event':
          return { setTimers: [{ name: 'release', at: input.fact.releaseAt }] };
        case 'timer':
          return state.status === 'scheduled' ? { send: [{ type: 'ReleaseScheduledOrder', orderId: state.orderId }] } : {};
        case 'succeeded':
        case 'refused':
          return { finish: true };
      }
    },
    send: (command, { context }) => actions.release(command.orderId, context),
  };
}
