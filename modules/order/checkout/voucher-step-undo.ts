import { minutesAfter } from '../../../src/core/clock';
import type { CommandContext } from '../../../src/core/decider';
import type { StoredEvent } from '../../../src/eventstore/types';
import type { ProcessDefinition } from '../../../src/process';
import type { VoucherEvent } from '../../voucher';
import { CHECKOUT_FINISH_MINUTES } from './checkout-process';

type Fact = { orderId: string; voucherId: string };
export type VoucherStepUndoCommand = { type: 'UndoVoucherStep'; orderId: string; voucherId: string };
type State = { status: 'idle' } | { status: 'watching'; orderId: string };

/** The refusal of an undo while a card attempt is open: the process asks again after another wait. */
export const USE_AWAITS_CARD = 'The order waits for its card payment: its voucher use stays held';

/** What the process asks of the checkout (process-actions.ts `undoVoucherStep`): safe to repeat. */
export interface VoucherStepActions {
  undoVoucherStep(orderId: string, voucherId: string, context: CommandContext): Promise<void>;
}

/** A use reserved at `reservedAt` whose order is not placed by then was cut off: the checkout's own wait. */
const undoAt = (reservedAt: string) => minutesAfter(reservedAt, CHECKOUT_FINISH_MINUTES);
/** One timer per voucher: an order that changed its voucher after a crash has each use checked. */
const timerOf = (voucherId: string) => `undo-${voucherId}`;
const voucherOfTimer = (name: string) => name.slice('undo-'.length);

/**
 * The voucher step's crash undo (issue 28 item 2). Placing an order reserves its voucher's use first
 * (`VoucherUseReserved`, on the voucher's stream), before any dish is sold; a crash before the order is placed
 * would hold that use for ever, and a single-use code would read "already used". Each reservation waits
 * CHECKOUT_FINISH_MINUTES before the process takes it; the order's placing (`OrderSubmitted`, by phone or by a
 * paid card attempt), the use's confirmation or its release withdraw it, so a checkout that finished, nearly
 * every one, never starts a process. A reservation still there after the wait has the checkout undo the step:
 * the use goes back ('abandoned') unless the order was placed with this voucher (its payment, cancellation or
 * lapse then decides). A card attempt still open owns its use (money may be moving; its end releases it):
 * the undo is refused and asked again after another wait, so a crash between the attempt's end and its
 * release is covered too.
 *
 * The process stays open (idle) after an undo, like the checkout process: the customer may come back and
 * place the order, which reserves the use again and is watched again.
 */
export function voucherStepUndoProcess(actions: VoucherStepActions): ProcessDefinition<State, Fact, VoucherStepUndoCommand> {
  return {
    kind: 'voucherStepUndo',
    startsOn: ['VoucherUseReserved'],
    advancesOn: [],
    withdrawnBy: {
      eventTypes: ['OrderSubmitted', 'VoucherUseConfirmed', 'VoucherUseReleased'],
      processIdOf: (event) => (event.data as { orderId: string }).orderId,
    },
    receive(event: StoredEvent) {
      const { orderId, voucherId } = (event as StoredEvent<'VoucherUseReserved', Extract<VoucherEvent, { type: 'VoucherUseReserved' }>['data']>).data;
      return { processId: orderId, fact: { orderId, voucherId }, waitUntil: undoAt(event.metadata.at) };
    },
    initialState: { status: 'idle' },
    evolve: (state, input) => (input.kind === 'event' && state.status === 'idle' ? { status: 'watching', orderId: input.fact.orderId } : state),
    decide(input, state) {
      switch (input.kind) {
        case 'event':
          // Taken only after its wait, the timer is due at once: it fires after the process's later inputs.
          return { setTimers: [{ name: timerOf(input.fact.voucherId), at: undoAt(input.at) }] };
        case 'timer':
          if (state.status === 'idle') return {};
          return { send: [{ type: 'UndoVoucherStep', orderId: state.orderId, voucherId: voucherOfTimer(input.name) }] };
        case 'refused':
          if (input.reason !== USE_AWAITS_CARD) return {};
          return { setTimers: [{ name: timerOf(input.command.voucherId), at: minutesAfter(input.at, CHECKOUT_FINISH_MINUTES) }] };
        case 'succeeded':
          return {};
      }
    },
    send: (command, { context }) => actions.undoVoucherStep(command.orderId, command.voucherId, context),
  };
}
