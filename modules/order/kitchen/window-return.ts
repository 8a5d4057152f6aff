import type { CommandContext } from '../../../src/core/decider';
import type { StoredEvent } from '../../../src/eventstore/types';
import type { ProcessDefinition } from '../../../src/process';
import type { PlaceReturnReason } from '../../capacity';
import type { OrderCancelled, OrderRefunded } from '../core/events';

type Fact = { orderId: string; reason: PlaceReturnReason };
export type WindowReturnCommand = { type: 'GiveKitchenPlaceBack'; orderId: string; reason: PlaceReturnReason };

/** What the process asks of the order module: safe to repeat. */
export interface WindowReturnActions {
  giveBack(orderId: string, reason: PlaceReturnReason, context: CommandContext): Promise<void>;
}

/**
 * A placed order that will not be cooked gives its kitchen window's place back (issue 37), exactly once whatever
 * crashes: cancelled or lapsed unpaid, or refunded in full before its ticket was printed (`restocked`: the dishes
 * were never cooked). An order holding no place (no cap was set) gives back nothing.
 */
export function windowReturnProcess(actions: WindowReturnActions): ProcessDefinition<{ done: boolean }, Fact, WindowReturnCommand> {
  return {
    kind: 'windowReturn',
    startsOn: ['OrderCancelled', 'OrderRefunded'],
    advancesOn: [],
    receive(event: StoredEvent) {
      if (event.type === 'OrderCancelled') {
        const { orderId, reason } = event.data as OrderCancelled['data'];
        return { processId: orderId, fact: { orderId, reason: reason === 'lapsed' ? 'lapsed' : 'cancelled' } };
      }
      const { orderId, full, restocked } = event.data as OrderRefunded['data'];
      return full && restocked ? { processId: orderId, fact: { orderId, reason: 'refunded' } } : undefined;
    },
    initialState: { done: false },
    evolve: (state) => state,
    decide(input) {
      switch (input.kind) {
        case 'event':
          return { send: [{ type: 'GiveKitchenPlaceBack', orderId: input.fact.orderId, reason: input.fact.reason }] };
        case 'timer':
          return {};
        case 'succeeded':
        case 'refused':
          return { finish: true };
      }
    },
    send: (command, { context }) => actions.giveBack(command.orderId, command.reason, context),
  };
}
