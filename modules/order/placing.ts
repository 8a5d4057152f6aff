/**
 * Placing an order: the one sequence, a saga with compensations. Each step is written here once, beside its undo.
 *
 *   step                                   undo (run in reverse when a later step fails; safe whatever happened)
 *   1. reserve the voucher use             release it, unless the order was placed with it or a card attempt holds it
 *   2. sell the stock (all lines or none)  give what the order still has sold back into its basket, fresh hold
 *   2b. take a kitchen window's place     give it back (issue 37, window-place.ts; nothing while no cap is set)
 *   3. submit the order (phone): the pivot none: once submitted the order stands; what follows is finished forward
 *   3c. freeze for a card attempt (card)   end the attempt: cancelled at the provider first (card/card-checkout.ts
 *                                          endAttempt), then endCardAttempt here, which runs the undos of 2 and 1
 *   4. after paid (a paid order only)      none: after the pivot. Confirms the use, notes the customer paid once
 *   5. check out the basket                none: after the pivot
 *   6. start the payment (card)            none of its own: if the provider cannot start it, 3c is undone
 *
 * Who calls it: the phone checkout (checkout/phone-completion.ts `complete`: 1, 2, 3, 4, 5), the checkout process's finish
 * (checkout/process-actions.ts `finish`: the same, or the undos of 2 and 1), the card checkout (card/card-checkout.ts:
 * Pay runs 1, 2, 3c in the basket's turn, then 6 outside it, as the provider may be slow; the money placing
 * the order runs 4 and 5 after PlaceCardOrder; an attempt's end runs the undo of 3c), the voucher step's undo
 * (the undo of 1) and the kitchen's markPaid (4).
 *
 * A crash between two steps (nobody left to run the undos) is finished or undone by the process manager:
 * after 1, checkout/voucher-step-undo.ts releases the use as abandoned; after 2, checkout/checkout-process.ts places the order
 * (the customer did press the button) or runs the undos of 2 and 1; after 3 or 4, checkout/checkout-process.ts runs 4
 * and 5, as its wait is withdrawn only by the basket's check-out; after 3c or 6, card/card-process.ts asks the
 * provider and, with no money, ends the attempt at its lapse; after the card's PlaceCardOrder, checkout/checkout-process.ts
 * runs 4 and 5 if the money came within the sale's wait (CHECKOUT_FINISH_MINUTES), and nothing does if later.
 * test/reliability/checkout-crash-steps.test.ts cuts a checkout off at each of these.
 */
import type { CommandContext } from '../../src/core/decider';
import { DomainError } from '../../src/core/errors';
import type { CommandResult } from '../../src/core/handle-command';
import type { Logger } from 'pino';
import type { Services } from '../../src/services';
import { checkOut, type Basket } from '../cart';
import { dishName } from '../catalog';
import { createStockHandlers, holdUntilAfter, OutOfStock } from '../stock';
import type { ReleaseReason, Vouchers } from '../voucher';
import type { OrderCommand, StartCardAttempt, SubmitOrder } from './core/commands';
import { orderDecider, postageOf, type OrderState } from './core/decider';
import { orderStream, type CardAttemptEndReason, type OrderEvent, type OrderItem } from './core/events';
import { customerEmailOf, type InCheckout } from './core/state';
import { RELEASED_ON_FAILED_SALE, releaseReasonOfCardAttempt, reservedUseAfterCheckout } from './core/voucher-release';
import type { WindowPlace } from './window-place';

/** One step of the sequence: `undo` must be safe to run whether or not `run` took effect, and to repeat. */
export interface Step {
  name: string;
  run(): Promise<void>;
  undo?(): Promise<void>;
  /** Once a pivot is done the order stands: a later step's failure undoes nothing; it is finished forward. */
  pivot?: boolean;
}

/**
 * Runs the steps in order; when one fails, undoes the done ones in reverse (none once a pivot is done), then fails
 * as it did. An undo that fails itself stops the undoing, as a crash would: the process manager finishes it.
 */
export async function runSteps(steps: readonly Step[], undoFailed: UndoFailed = () => undefined): Promise<void> {
  const done: Step[] = [];
  for (const step of steps) {
    try {
      await step.run();
    } catch (error) {
      if (!done.some((earlier) => earlier.pivot)) await undoInReverse(done).catch((undoError: unknown) => undoFailed(undoError, step.name));
      throw error;
    }
    done.push(step);
  }
}

/** Told of an undo that failed (the step's own error is the one thrown): the operators should hear of it. */
export type UndoFailed = (error: unknown, failedStep: string) => void;

async function undoInReverse(done: readonly Step[]): Promise<void> {
  for (const step of [...done].reverse()) await step.undo?.();
}

/** A placed order that was paid: its voucher use counts, and its customer is no longer a first-time one. Safe to repeat. */
export async function afterPaid(vouchers: Vouchers, state: OrderState, context: CommandContext): Promise<void> {
  if (state.status === 'none' || state.status === 'checkout' || state.paidAt === null) return;
  await vouchers.notePaid(state.orderId, customerEmailOf(state));
  if (state.voucher) await vouchers.confirm(state.voucher.voucherId, state.orderId, context);
}

export interface PlacingDeps {
  services: Services;
  logger?: Pick<Logger, 'warn'>;
  basket: Basket;
  vouchers: Vouchers;
  /** The kitchen windows' places (issue 37); absent: no caps, nothing taken. */
  windowPlace?: Pick<WindowPlace, 'take' | 'giveBack'>;
}

export function createPlacing({ services, basket, vouchers, logger, windowPlace }: PlacingDeps) {
  const undoFailed: UndoFailed = (error, failedStep) =>
    logger?.warn({ err: error, failedStep }, 'placing: an undo failed after a step failed; the process manager finishes it');
  const run = (steps: readonly Step[]) => runSteps(steps, undoFailed);
  const stock = createStockHandlers(services.commands);
  const load = (orderId: string) => services.commands.load(orderStream(orderId), orderDecider);
  const handle = (orderId: string, command: OrderCommand, context: CommandContext): Promise<CommandResult<OrderState, OrderEvent>> =>
    services.commands.handle(orderStream(orderId), orderDecider, command, context);

  // 1. Reserve the voucher use, on the voucher's stream, before any dish is sold: a code another order took first is told now.
  function reserveVoucherUse(order: InCheckout, context: CommandContext): Step {
    return {
      name: 'reserve the voucher use',
      async run() {
        if (!order.voucher) return;
        await vouchers.reserve(order.voucher.voucherId, order.voucher.code, customerEmailOf(order), voucherFacts(order), context);
      },
      async undo() {
        if (order.voucher) await releaseVoucherUse(order.orderId, await load(order.orderId), order.voucher.voucherId, RELEASED_ON_FAILED_SALE, context);
      },
    };
  }

  /**
   * The undo of step 1: the use of `voucherId` reserved for this order goes back with `reason`, unless the order was
   * placed with it (its payment, cancellation or lapse decides) or a card attempt still holds it (its end releases
   * it). Answers what became of it (reservedUseAfterCheckout).
   */
  async function releaseVoucherUse(orderId: string, state: OrderState, voucherId: string, reason: ReleaseReason, context: CommandContext) {
    const fate = reservedUseAfterCheckout(state, voucherId);
    if (fate === 'release') await vouchers.release(voucherId, orderId, reason, context);
    return fate;
  }

  // 2. Sell the stock: every line at once (one round trip, most often), all or none.
  function sellStock(order: InCheckout, context: CommandContext): Step {
    return {
      name: 'sell the stock',
      run: () => sellAll(order, context),
      undo: async () => giveBackSold(await load(order.orderId), context),
    };
  }

  /**
   * If one line cannot be sold, those that were go back into the basket, so the customer told to update it finds
   * them there (the step's own all-or-none; its undo is for a later step's failure).
   */
  async function sellAll(order: InCheckout, context: CommandContext): Promise<void> {
    const { orderId, cartId, items } = order;
    const sales = await Promise.allSettled(items.map((item) => stock.sell(item.productId, item.variantId, cartId, orderId, item.quantity, context)));
    const failed = sales.findIndex((sale) => sale.status === 'rejected');
    if (failed < 0) return;
    await giveBack(order, items.filter((_, index) => sales[index].status === 'fulfilled'), context);
    const error = (sales[failed] as PromiseRejectedResult).reason;
    if (error instanceof OutOfStock) {
      const item = items[failed];
      throw new DomainError('conflict', `Sorry, ${dishName(item.name, item.variantName)} sold out while you were checking out: please update your basket`);
    }
    throw error;
  }

  /**
   * The undo of step 2: whatever the order still has sold goes back into its basket, with a fresh hold (nothing, on a
   * repeat). Not for a placed order (its units are its own) nor one frozen for a card attempt (money may be moving:
   * only the attempt's end gives them back).
   */
  async function giveBackSold(state: OrderState, context: CommandContext): Promise<void> {
    if (state.status !== 'checkout' || state.cardAttempt) return;
    await giveBack(state, state.items, context);
  }

  async function giveBack(order: InCheckout, items: readonly OrderItem[], context: CommandContext): Promise<void> {
    const basketHold = { cartId: order.cartId, holdUntil: holdUntilAfter(context.now, services.basketHoldMinutes), reservedAt: context.now };
    await Promise.all(items.map((item) => stock.cancelSale(item.productId, item.variantId, order.orderId, { orderSold: null, basket: basketHold }, context)));
  }

  // 2b. Take a place in the kitchen's window (issue 37): the slot's, or as soon as possible the first with room. The
  // window goes into the command the next step decides (SubmitOrder, or the card attempt's), so the order holds it.
  function takeWindowPlace(order: InCheckout, command: { window?: string | null }, context: CommandContext): Step {
    return {
      name: 'take a place in the kitchen window',
      async run() {
        command.window = (await windowPlace?.take(order, context)) ?? null;
      },
      async undo() {
        if (command.window) await windowPlace?.giveBack(order.orderId, command.window, 'failed', context);
      },
    };
  }

  // 3. Submit the order (phone): the pivot. A repeat answers the order as it stands.
  function submitOrder(orderId: string, command: SubmitOrder, context: CommandContext, placed: { state?: OrderState }): Step {
    return {
      name: 'submit the order',
      pivot: true,
      async run() {
        placed.state = (await handle(orderId, command, context)).state;
      },
    };
  }

  // 3c. Freeze the order for a card attempt: it may not change while money may be moving. Its undo is
  // endCardAttempt, just below; it takes the basket's turn, so the attempt's end runs it (card-checkout.ts), after
  // cancelling at the provider, never a step failing inside the turn.
  function freezeForCard(order: InCheckout, command: StartCardAttempt, context: CommandContext, frozen: { state?: OrderState }): Step {
    return {
      name: 'freeze for a card attempt',
      async run() {
        frozen.state = (await handle(order.orderId, command, context)).state;
      },
    };
  }

  /**
   * The undo of step 3c, in the basket's turn: the order may change again, and the undos of 2 and 1 give back what
   * it still has sold and its voucher use, for the attempt's reason. Nothing more on a repeat; a crash half way is
   * finished by the repeat (the card processes ask again).
   */
  async function endCardAttempt(orderId: string, attempt: number, reason: CardAttemptEndReason, context: CommandContext): Promise<void> {
    await inBasketTurn(
      orderId,
      async () => {
        const before = await load(orderId);
        const window = before.status === 'checkout' && before.cardAttempt?.attempt === attempt ? before.cardAttempt.window : null;
        const state = (await handle(orderId, { type: 'EndCardAttempt', orderId, attempt, reason, now: context.now }, context)).state;
        if (state.status !== 'checkout' || state.cardAttempt) return;
        await windowPlace?.giveBack(orderId, window, 'card_attempt_ended', context);
        await giveBackSold(state, context);
        if (state.voucher) await releaseVoucherUse(orderId, state, state.voucher.voucherId, releaseReasonOfCardAttempt(reason), context);
      },
      async () => undefined,
    );
  }

  // 4. After paid: a paid order confirms its use (nothing for an order still awaiting a phone payment).
  function afterPaidStep(placed: { state?: OrderState }, context: CommandContext): Step {
    return { name: 'after paid', run: () => afterPaid(vouchers, placed.state!, context) };
  }

  // 5. Check out the basket: it is done, and the customer's next basket is a new one. Its event withdraws the
  // checkout process's wait, so it comes last.
  function checkOutBasket(order: { cartId: string; orderId: string }, context: CommandContext): Step {
    return {
      name: 'check out the basket',
      async run() {
        await checkOut(services.commands, order.cartId, order.orderId, context);
      },
    };
  }

  // 6. Start the payment at the provider (card), for the attempt's amount.
  function startPayment(open: () => Promise<void>): Step {
    return { name: 'start the payment', run: open };
  }

  /**
   * Runs `work` in the turn of the order's basket, so that no other change of the basket slips in; `work` reads
   * the order again itself, as it may have changed while waiting. `whenNone` answers when there is no such order.
   */
  async function inBasketTurn<T>(orderId: string, work: () => Promise<T>, whenNone: () => Promise<T>): Promise<T> {
    const before = await load(orderId);
    return before.status === 'none' ? whenNone() : basket.inTurn(before.cartId, work);
  }

  return {
    /**
     * Phone, and the checkout process's finish (in the basket's turn): 1, 2, 3, 4, 5 for an order in checkout; for
     * one already submitted (a retry, or the process after a crash past the pivot) only what follows the pivot.
     * The decider refuses before any side effect; it decides again on the stream at step 3.
     */
    async place(state: Exclude<OrderState, { status: 'none' }>, command: SubmitOrder, context: CommandContext): Promise<OrderState> {
      orderDecider.decide(command, state);
      const placed: { state?: OrderState } = {};
      const order = state.status === 'checkout' ? state : null;
      await run([
        ...(order ? [reserveVoucherUse(order, context), sellStock(order, context), takeWindowPlace(order, command, context)] : []),
        submitOrder(state.orderId, command, context, placed),
        afterPaidStep(placed, context),
        checkOutBasket(state, context),
      ]);
      return placed.state!;
    },

    /**
     * What follows the pivot, for an order placed: by the card's money (PlaceCardOrder), or by a request cut off
     * after it (the checkout process): 4 and 5.
     */
    async finishPlaced(state: Exclude<OrderState, { status: 'none' | 'checkout' }>, context: CommandContext): Promise<void> {
      await run([afterPaidStep({ state }, context), checkOutBasket(state, context)]);
    },

    /** Card, Pay pressed (in the basket's turn): 1, 2, 3c. Answers the attempt the order is frozen for. */
    async freezeForCard(state: Exclude<OrderState, { status: 'none' }>, command: StartCardAttempt, context: CommandContext) {
      orderDecider.decide(command, state); // refuses any order not in checkout, before any step
      const order = state as InCheckout;
      const frozen: { state?: OrderState } = {};
      await run([reserveVoucherUse(order, context), sellStock(order, context), takeWindowPlace(order, command.submit, context), freezeForCard(order, command, context, frozen)]);
      return (frozen.state as InCheckout).cardAttempt!;
    },

    /**
     * Card, Pay pressed: `freeze` runs 1, 2 and 3c in the basket's turn (freezeForCard, just above), then 6 runs
     * outside it, as the provider may be slow; if 6 fails, `end` undoes 3c (and so 2 and 1).
     */
    async payByCard<Attempt, Opened>(freeze: () => Promise<Attempt>, open: (attempt: Attempt) => Promise<Opened>, end: (attempt: Attempt) => Promise<unknown>) {
      let attempt: Attempt | undefined;
      let opened: Opened | undefined;
      await run([
        {
          name: 'reserve the voucher use, sell the stock and freeze for a card attempt, in the basket turn',
          async run() {
            attempt = await freeze();
          },
          undo: async () => void (await end(attempt!)),
        },
        startPayment(async () => {
          opened = await open(attempt!);
        }),
      ]);
      return { attempt: attempt!, opened: opened! };
    },

    endCardAttempt,
    inBasketTurn,

    /** The undos of 2b, 2 and 1 for a checkout cut off that cannot be placed now (the checkout process; in the basket's turn). */
    async undoPlacing(state: OrderState, context: CommandContext): Promise<void> {
      if (state.status === 'checkout' && !state.cardAttempt) await windowPlace?.giveBack(state.orderId, null, 'abandoned', context);
      await giveBackSold(state, context);
      if (state.status === 'checkout' && state.voucher) await releaseVoucherUse(state.orderId, state, state.voucher.voucherId, RELEASED_ON_FAILED_SALE, context);
    },

    releaseVoucherUse,
  };
}

export type Placing = ReturnType<typeof createPlacing>;

/** What the voucher rules need to know of the order as it stands. */
export function voucherFacts(order: InCheckout) {
  return { orderId: order.orderId, itemsTotalPence: order.itemsTotalPence, postagePence: postageOf(order), method: order.method?.method ?? null };
}
