import type { CommandContext } from '../../../src/core/decider';
import type { StoredEvent } from '../../../src/eventstore/types';
import type { ProcessDefinition } from '../../../src/process';
import type { OrderSubmitted } from '../core/events';

type Fact = { event: 'submitted'; orderId: string; lapseAt: string } | { event: 'cancelled'; orderId: string };
export type UnpaidLapseCommand = { type: 'LapseUnpaidOrder'; orderId: string } | { type: 'ReturnOrderUnits'; orderId: string };
type State = { status: 'idle' } | { status: 'awaitingPayment'; orderId: string };

/** What the process asks of the order module (kitchen.ts): each safe to repeat. */
export interface UnpaidOrderActions {
  lapse(orderId: string, context: CommandContext): Promise<void>;
  returnUnits(orderId: string, context: CommandContext): Promise<void>;
}

/**
 * A phone order awaiting payment lapses at its `lapseAt` (the order decider sets it from the manager's
 * `unpaid_lapse_minutes`), and the dishes of a cancelled or lapsed order go back on the menu exactly once,
 * whatever crashes: the kitchen's own cancel gives them back at once, and this process asks again (which then
 * changes nothing) in case that request died half way.
 *
 * The submission waits until `lapseAt` before the process takes it, and the order's payment or cancellation
 * withdraws it: an order paid in time never starts a process, and one cancelled starts it with the cancel.
 */
export function unpaidLapseProcess(actions: UnpaidOrderActions): ProcessDefinition<State, Fact, UnpaidLapseCommand> {
  return {
    kind: 'unpaidLapse',
    startsOn: ['OrderSubmitted', 'OrderCancelled'],
    // A payment only withdraws: a lapse that loses the race to it is refused by the order, and nothing is pending.
    advancesOn: [],
    withdrawnBy: { eventTypes: ['OrderPaid', 'OrderCancelled'], processIdOf: (event) => (event.data as { orderId: string }).orderId },
    receive(event: StoredEvent) {
      const { orderId } = event.data as { orderId: string };
      if (event.type === 'OrderSubmitted') {
        const lapseAt = (event.data as OrderSubmitted['data']).lapseAt;
        // An order paid on submission never lapses: no process for it.
        return lapseAt ? { processId: orderId, fact: { event: 'submitted', orderId, lapseAt }, waitUntil: lapseAt } : undefined;
      }
      return { processId: orderId, fact: { event: 'cancelled', orderId } };
    },
    initialState: { status: 'idle' },
    evolve(state, input) {
      if (input.kind !== 'event') return state;
      return input.fact.event === 'submitted' ? { status: 'awaitingPayment', orderId: input.fact.orderId } : { status: 'idle' };
    },
    decide(input, state) {
      switch (input.kind) {
        case 'event':
          if (input.fact.event === 'submitted') return { setTimers: [{ name: 'lapse', at: input.fact.lapseAt }] };
          return { send: [{ type: 'ReturnOrderUnits', orderId: input.fact.orderId }], finish: true };
        case 'timer':
          return state.status === 'awaitingPayment' ? { send: [{ type: 'LapseUnpaidOrder', orderId: state.orderId }] } : {};
        case 'succeeded':
        case 'refused': // refused: paid meanwhile; a later cancel (a refund) still gives the dishes back
          return {};
      }
    },
    send: (command, { context }) =>
      command.type === 'LapseUnpaidOrder' ? actions.lapse(command.orderId, context) : actions.returnUnits(command.orderId, context),
  };
}
