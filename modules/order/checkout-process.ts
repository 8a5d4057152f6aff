import type { CommandContext } from '../../src/core/decider';
import type { StoredEvent } from '../../src/eventstore/types';
import type { ProcessDefinition } from '../../src/process';

/** Longer than any checkout request takes: a checkout still unfinished by then was cut off (a crash). */
export const CHECKOUT_FINISH_MINUTES = 2;

type Fact = { event: 'sold' | 'undone' | 'submitted'; orderId: string };
export type CheckoutCommand = { type: 'FinishCheckout'; orderId: string; forward: boolean };
type State = { status: 'idle' } | { status: 'selling' | 'undoing'; orderId: string };

/** What the process asks of the checkout (checkout.ts `finish`): safe to repeat. */
export interface CheckoutActions {
  finish(orderId: string, forward: boolean, context: CommandContext): Promise<void>;
}

/**
 * Placing an order sells each line (stock streams), then submits the order and closes the basket. A crash in
 * between would strand the sold units in an order nobody can see. The first sale starts this process; the
 * order's OrderSubmitted ends it. If the submission has not come CHECKOUT_FINISH_MINUTES after the attempt's
 * first sale, the request died (or undid its own sale, which the timer then checks): the process
 * asks the checkout to finish the order (the customer did press "Place order") or, when it cannot be placed
 * now, to give the sold units back into the basket with a fresh hold.
 *
 * A card payment (issue 17) will add a payment-pending state here that no timer may undo (docs/process-manager.md).
 */
export function checkoutProcess(actions: CheckoutActions): ProcessDefinition<State, Fact, CheckoutCommand> {
  return {
    kind: 'checkout',
    startsOn: ['StockSold'],
    advancesOn: ['StockSaleCancelled', 'OrderSubmitted'],
    receive(event: StoredEvent) {
      const { orderId } = event.data as { orderId: string };
      const fact = event.type === 'StockSold' ? 'sold' : event.type === 'StockSaleCancelled' ? 'undone' : 'submitted';
      return { processId: orderId, fact: { event: fact, orderId } };
    },
    initialState: { status: 'idle' },
    evolve(state, input) {
      if (input.kind === 'event') {
        if (input.fact.event === 'sold') return { status: 'selling', orderId: input.fact.orderId };
        if (input.fact.event === 'undone') return state.status === 'undoing' ? state : { status: 'undoing', orderId: input.fact.orderId };
        return state;
      }
      return input.kind === 'timer' && state.status !== 'idle' ? { status: 'idle' } : state;
    },
    decide(input, state) {
      switch (input.kind) {
        case 'event':
          if (input.fact.event === 'submitted') return { finish: true };
          if (input.fact.event === 'sold') {
            // The other lines of the same attempt are sold within the same moment: the first sale's timer serves.
            if (state.status === 'selling') return {};
            return { setTimers: [{ name: 'finish', at: new Date(Date.parse(input.at) + CHECKOUT_FINISH_MINUTES * 60_000).toISOString() }] };
          }
          return {}; // undone: the request is giving the units back itself; the timer checks it finished
        case 'timer':
          if (state.status === 'idle') return {};
          return { send: [{ type: 'FinishCheckout', orderId: state.orderId, forward: state.status === 'selling' }] };
        case 'succeeded':
        case 'refused':
          // The process stays open, with nothing pending: the customer may come back and try again.
          return {};
      }
    },
    send: (command, { context }) => actions.finish(command.orderId, command.forward, context),
  };
}

