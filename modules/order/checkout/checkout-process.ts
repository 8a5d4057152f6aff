import { minutesAfter } from '../../../src/core/clock';
import type { CommandContext } from '../../../src/core/decider';
import type { StoredEvent } from '../../../src/eventstore/types';
import type { ProcessDefinition } from '../../../src/process';

/** Longer than any checkout request takes: a checkout still unfinished by then was cut off (a crash). */
export const CHECKOUT_FINISH_MINUTES = 2;

type Fact = { event: 'sold' | 'undone'; orderId: string };
export type CheckoutCommand = { type: 'FinishCheckout'; orderId: string; forward: boolean };
type State = { status: 'idle' } | { status: 'selling' | 'undoing'; orderId: string };

/** What the process asks of the checkout (process-actions.ts `finish`): safe to repeat. */
export interface CheckoutActions {
  finish(orderId: string, forward: boolean, context: CommandContext): Promise<void>;
}

/**
 * The crash net of the placing sequence's steps 2 to 5 (placing.ts): it sells each line (stock streams), then
 * submits the order and checks the basket out. A crash in between would strand the sold units in an order nobody
 * can see, or leave a placed order's basket at the checkout. Each sale (and each sale the request undid itself)
 * waits CHECKOUT_FINISH_MINUTES before the process takes it, and the basket's CartCheckedOut, the sequence's last
 * step, withdraws what still waits: a checkout that finished, nearly every one, never starts a process. A sale
 * still there after the wait means the request died (or undid its own sale, which the process then checks): the
 * process asks the checkout to finish the order (the customer did press "Place order"; a placed order gets the
 * steps after its pivot) or, when it cannot be placed now, to undo the sale and the voucher step. An order frozen
 * for a card attempt is left to the card processes: money may be moving (card-process.ts).
 */
const finishAt = (soldAt: string) => minutesAfter(soldAt, CHECKOUT_FINISH_MINUTES);

export function checkoutProcess(actions: CheckoutActions): ProcessDefinition<State, Fact, CheckoutCommand> {
  return {
    kind: 'checkout',
    startsOn: ['StockSold'],
    advancesOn: ['StockSaleCancelled'],
    withdrawnBy: { eventTypes: ['CartCheckedOut'], processIdOf: (event) => (event.data as { orderId: string }).orderId },
    receive(event: StoredEvent) {
      const { orderId } = event.data as { orderId: string };
      const fact = event.type === 'StockSold' ? 'sold' : 'undone';
      return { processId: orderId, fact: { event: fact, orderId }, waitUntil: finishAt(event.metadata.at) };
    },
    initialState: { status: 'idle' },
    evolve(state, input) {
      if (input.kind === 'event') {
        if (input.fact.event === 'sold') return { status: 'selling', orderId: input.fact.orderId };
        return state.status === 'undoing' ? state : { status: 'undoing', orderId: input.fact.orderId };
      }
      return input.kind === 'timer' && state.status !== 'idle' ? { status: 'idle' } : state;
    },
    decide(input, state) {
      switch (input.kind) {
        case 'event':
          if (input.fact.event === 'sold') {
            // The other lines of the same attempt are sold within the same moment: the first sale's timer serves.
            // Taken only after its wait, a sale's timer is due at once: it fires after the attempt's other events.
            if (state.status === 'selling') return {};
            return { setTimers: [{ name: 'finish', at: finishAt(input.at) }] };
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

