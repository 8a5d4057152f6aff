import type { CapacityEvent } from '../capacity';
import type { CartEvent } from '../cart';
import type { OrderEvent } from '../order';
import type { PaymentEvent } from '../payment';
import type { PrivacyEvent } from '../privacy';
import type { StockEvent } from '../stock';
import type { VoucherEvent } from '../voucher';
import type { ProcessEvent } from '../../src/process';
import { formatPence } from '../../src/shared/money';
import { londonDateTimeText } from '../../src/shared/london-time';
import { STAFF_REFUND_REASON_TEXT } from '../../src/shared/order';

/**
 * The one home of a timeline's words (issue 40 item 1): one pure function per family of events, each an
 * exhaustive switch over that family's union, so an event type added to a module without words here is a
 * compile error. No personal field is ever put in words: those are shown, or masked, in the raw event only.
 */

/** A dish of the order by its product and variant, as the order names it ('Onion Bhaji', 'Korma, Large'). */
export type DishName = (productId: number, variantId: number | null) => string;

const units = (quantity: number) => (quantity === 1 ? '1 unit' : `${quantity} units`);
const when = (instant: string) => londonDateTimeText(instant);

const PAYMENT_METHOD_WORDS: Record<string, string> = { PHONE: 'pay by phone', CARD: 'card', PAYPAL: 'PayPal' };

export function describeOrderEvent(event: OrderEvent): string {
  switch (event.type) {
    case 'OrderPlaced':
      return `Order made from the basket: ${event.data.items.length === 1 ? '1 line' : `${event.data.items.length} lines`}, dishes ${formatPence(event.data.itemsTotalPence)}`;
    case 'OrderItemsRefreshed':
      return `Dishes brought up to date from the basket: ${formatPence(event.data.itemsTotalPence)}`;
    case 'TakeawayMethodChosen':
      return event.data.method === 'COLLECT'
        ? `Collection chosen${event.data.postagePence < 0 ? `, ${formatPence(-event.data.postagePence)} off for collecting` : ''}`
        : `Delivery chosen${event.data.miles === null ? '' : `, ${event.data.miles.toFixed(1)} miles`}, postage ${formatPence(event.data.postagePence)}`;
    case 'DeliveryDetailsGiven':
      return 'Contact and delivery details given';
    case 'PaymentMethodChosen':
      return `Payment method chosen: ${PAYMENT_METHOD_WORDS[event.data.method] ?? event.data.method}`;
    case 'OrderSubmitted':
      return `Order placed (${PAYMENT_METHOD_WORDS[event.data.paymentMethod] ?? event.data.paymentMethod}), total ${formatPence(event.data.totalPence)}${
        event.data.status === 'AWAITING-PAYMENT' ? ', awaiting payment' : ''
      }${event.data.scheduledFor ? `, for ${when(event.data.scheduledFor)}` : ''}`;
    case 'OrderTimeChosen':
      return event.data.scheduledFor ? `Time chosen: ${when(event.data.scheduledFor)}` : 'Time chosen: as soon as possible';
    case 'OrderReleased':
      return 'Order for later sent to the kitchen';
    case 'CardAttemptStarted':
      return `Card payment ${event.data.attempt} started for ${formatPence(event.data.amountPence)}`;
    case 'CardAttemptEnded':
      return `Card payment ${event.data.attempt} ended: ${event.data.reason}`;
    case 'VoucherApplied':
      return `Voucher ${event.data.code} applied`;
    case 'VoucherRemoved':
      return 'Voucher removed';
    case 'OrderPaid':
      return `Order paid; due by ${when(event.data.dueBy)}`;
    case 'OrderPrinted':
      return event.data.copy === 1 ? `Ticket printed (${event.data.via})` : `Ticket printed again, copy ${event.data.copy} (${event.data.via})`;
    case 'CustomerNotified':
      return 'Customer told the order is ready';
    case 'OrderCompleted':
      return 'Order completed';
    case 'OrderCancelled':
      return event.data.reason === 'unpaid' ? 'Order cancelled: not paid' : 'Order lapsed: not paid in time';
    case 'OrderRefunded':
      return `Refund ${event.data.refundNo}: ${formatPence(event.data.amountPence)}${event.data.full ? ' (all of it)' : ''}${event.data.byHand ? ', given back by hand' : ''}${
        event.data.restocked ? ', dishes back in stock' : ''
      }. Reason: ${STAFF_REFUND_REASON_TEXT[event.data.reason]}`;
    case 'OrderRefundFailed':
      return `Refund ${event.data.refundNo} of ${formatPence(event.data.amountPence)} refused by the bank`;
    case 'OrderJoinedToAccount':
      return "Order joined to the customer's account";
    default:
      return unknownEvent(event);
  }
}

export function describeCartEvent(event: CartEvent): string {
  switch (event.type) {
    case 'CartOpened':
      return 'Basket opened';
    case 'CartNoteChanged':
      return 'Basket note changed';
    case 'CartAssignedToUser':
      return 'Basket joined to a signed-in account';
    case 'CartCheckedOut':
      return 'Basket checked out into the order';
    case 'CartFrozen':
      return 'Basket held while a payment is made';
    case 'CartReopened':
      return 'Basket opened again';
    default:
      return unknownEvent(event);
  }
}

export function describeStockEvent(event: StockEvent, dish: DishName): string {
  switch (event.type) {
    case 'StockReserved':
      return `${dish(event.data.productId, event.data.variantId)}: ${units(event.data.quantity)} held for the basket`;
    case 'StockReturned':
      return `${dish(event.data.productId, event.data.variantId)}: ${units(event.data.quantity)} back on the shelf from the basket`;
    case 'StockHoldRenewed':
      return `${dish(event.data.productId, event.data.variantId)}: basket's hold renewed`;
    case 'StockHoldExpired':
      return `${dish(event.data.productId, event.data.variantId)}: ${units(event.data.quantity)} back on the shelf, the basket's hold ran out`;
    case 'StockSold':
      return `${dish(event.data.productId, event.data.variantId)}: ${units(event.data.quantity)} sold`;
    case 'StockSaleCancelled':
      return `${dish(event.data.productId, event.data.variantId)}: sale of ${units(event.data.quantity)} cancelled, back in stock`;
    case 'StockLevelSet':
      return `${dish(event.data.productId, event.data.variantId)}: stock set to ${event.data.units}`;
    case 'StockRestocked':
      return `${dish(event.data.productId, event.data.variantId)}: ${units(event.data.units)} restocked`;
    case 'StockParLevelSet':
      return `${dish(event.data.productId, event.data.variantId)}: par level set`;
    case 'StockDayStarted':
      return `${dish(event.data.productId, event.data.variantId)}: day started with ${event.data.units}`;
    default:
      return unknownEvent(event);
  }
}

const PAYMENT_REFUND_WORDS: Record<string, string> = {
  attempt_cancelled: 'the attempt was cancelled',
  already_paid: 'the order was already paid',
  amount_changed: 'the amount changed',
  staff: 'a refund staff gave',
};

export function describePaymentEvent(event: PaymentEvent): string {
  switch (event.type) {
    case 'PaymentStarted':
      return `${event.data.provider === 'paypal' ? 'PayPal' : 'Card'} payment ${event.data.attempt} started for ${formatPence(event.data.amountPence)}`;
    case 'PaymentSucceeded':
      return `Payment ${event.data.attempt} taken: ${formatPence(event.data.amountPence)}`;
    case 'PaymentFailed':
      return `Payment ${event.data.attempt} failed`;
    case 'PaymentCancelled':
      return `Payment ${event.data.attempt} cancelled`;
    case 'RefundDue':
      return `${formatPence(event.data.amountPence)} to go back to the card (${PAYMENT_REFUND_WORDS[event.data.reason] ?? event.data.reason})`;
    case 'PaymentRefunded':
      return 'The provider confirmed the refund to the card';
    case 'RefundFailed':
      return 'The provider could not refund the card';
    default:
      return unknownEvent(event);
  }
}

export function describeVoucherEvent(event: VoucherEvent): string {
  switch (event.type) {
    case 'VoucherUseReserved':
      return `Voucher ${event.data.code} held for the order: ${formatPence(-event.data.deductionPence)}`;
    case 'VoucherUseConfirmed':
      return 'Voucher use confirmed';
    case 'VoucherUseReleased':
      return `Voucher use given back (${event.data.reason})`;
    case 'VoucherCreated':
      return 'Voucher created';
    case 'VoucherEdited':
      return 'Voucher edited';
    case 'VoucherDisabled':
      return 'Voucher disabled';
    case 'VoucherEnabled':
      return 'Voucher enabled';
    default:
      return unknownEvent(event);
  }
}

export function describeCapacityEvent(event: CapacityEvent): string {
  switch (event.type) {
    case 'KitchenPlaceTaken':
      return `Place taken in the kitchen window of ${when(event.data.window)} (cap ${event.data.cap})`;
    case 'KitchenPlaceGivenBack':
      return `Place given back in the kitchen window of ${when(event.data.window)} (${event.data.reason})`;
    default:
      return unknownEvent(event);
  }
}

export function describePrivacyEvent(event: PrivacyEvent): string {
  switch (event.type) {
    case 'PersonalDataErased':
      return event.data.reason === 'request' ? 'Personal data erased on request' : 'Personal data erased after the retention period';
    case 'GuestRetentionScheduled':
      return 'Guest data retention scheduled';
    default:
      return unknownEvent(event);
  }
}

export function describeProcessEvent(event: ProcessEvent, kind: string): string {
  switch (event.type) {
    case 'ProcessStarted':
      return `Process ${kind} started`;
    case 'ProcessInputHandled':
      return event.data.input.kind === 'timer'
        ? `Process ${kind}: timer ${event.data.input.name} went off`
        : event.data.input.kind === 'event'
          ? `Process ${kind} heard ${event.data.input.eventType}`
          : `Process ${kind}: ${event.data.input.command.type} ${event.data.input.kind}`;
    case 'ProcessCommandIssued':
      return `Process ${kind} asked for ${event.data.command.type}`;
    case 'ProcessTimerSet':
      return `Process ${kind} set timer ${event.data.name} for ${when(event.data.dueAt)}`;
    case 'ProcessTimerCancelled':
      return `Process ${kind} cancelled timer ${event.data.name}`;
    case 'ProcessFinished':
      return `Process ${kind} finished`;
    default:
      return unknownEvent(event);
  }
}

/** An event of a type the stored stream holds but this version does not know: its type says what it is. */
function unknownEvent(event: never): string {
  return `Event ${(event as { type: string }).type}`;
}

const MAIL_WORDS: Record<string, string> = {
  'order-confirmation': 'Order confirmation mail',
  'order-ready': 'Order ready mail',
  'order-lapsed': 'Order lapsed mail',
  'card-refund': 'Card refund mail',
  'order-refund': 'Refund mail',
  'order-refund-failed': 'Refund refused mail',
};

/** A mail the shop sent (or queued) about the order; its recipient is personal, its kind is not. */
export function describeMail(mail: { kind: string; sentAt: string | null; failedAt: string | null }): string {
  const what = MAIL_WORDS[mail.kind] ?? `Mail (${mail.kind})`;
  if (mail.sentAt) return `${what} sent at ${when(mail.sentAt)}`;
  if (mail.failedAt) return `${what} refused by the mail server`;
  return `${what} queued`;
}
