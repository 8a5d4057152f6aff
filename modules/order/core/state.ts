import { orderTotalPence, type KitchenStatus } from '../../../src/shared/order';
import { voucherDeductionPence } from '../../../src/shared/voucher';
import type { CancelReason, DeliveryDetails, OrderEvent, OrderRefunded, OrderItem, OrderPaymentMethod, OrderSubmitted, TakeawayMethodChosen, VoucherApplied } from './events';

/** The voucher on the order, with the terms its deduction is computed from. */
export type AppliedVoucher = Omit<VoucherApplied['data'], 'orderId'>;

export interface OrderBody {
  orderId: string;
  cartId: string;
  userId: string | null;
  email: string | null;
  items: OrderItem[];
  itemsTotalPence: number;
  note: string;
  method: Omit<TakeawayMethodChosen['data'], 'orderId'> | null;
  details: DeliveryDetails | null;
  paymentMethod: OrderPaymentMethod | null;
  voucher: AppliedVoucher | null;
  /** The card attempt the order is frozen for, while the provider has not answered (issue 17), and the kitchen window place it holds. */
  cardAttempt: { attempt: number; amountPence: number; window?: string | null } | null;
  /** The slot the customer chose (issue 37); null: as soon as possible. */
  scheduledFor: string | null;
  /** The number of the last card attempt started, so the next one is told apart at the provider. */
  lastCardAttempt: number;
}

/** After submission: what the kitchen did with it. */
export interface Kitchen {
  submitted: OrderSubmitted['data'];
  paidAt: string | null;
  dueBy: string | null;
  copiesPrinted: number;
  /** When the first copy was printed: the kitchen started cooking (the customer's status page shows it). */
  printedAt: string | null;
  notifiedAt: string | null;
  completedAt: string | null;
  /** Why a CANCELLED order was cancelled: by staff, or it lapsed unpaid. */
  cancelledBecause: CancelReason | null;
  cancelledAt: string | null;
  /** When an order for later came to the kitchen as NEW (issue 37). */
  releasedAt: string | null;
  /** The money staff gave back, in the order made (issue 35). */
  refunds: Refund[];
}

/** One refund of a placed order: its amount and the lines (indexes in `items`) it covered. */
export interface Refund {
  refundNo: number;
  requestId: string;
  amountPence: number;
  lines: number[];
  restocked: boolean;
  byHand: boolean;
  refundedAt: string;
  /** The provider could not give it back: it no longer counts as given. */
  failed: boolean;
}

export type { KitchenStatus };

export type OrderState =
  | { status: 'none' }
  | ({ status: 'checkout' } & OrderBody)
  | ({ status: KitchenStatus } & Kitchen & OrderBody);

export type InCheckout = Extract<OrderState, { status: 'checkout' }>;
export type Placed = Extract<OrderState, { submitted: unknown }>;

/** The kitchen's events, each of which may move a placed order's status. */
export type KitchenEvent = Extract<OrderEvent, { type: 'OrderPaid' | 'OrderPrinted' | 'CustomerNotified' | 'OrderCompleted' | 'OrderCancelled' | 'OrderReleased' }>;

/**
 * The order status transitions, the one home of them: the decider's state and the orders read model both store
 * what this says. An event that does not apply to the status leaves it unchanged.
 */
export function orderStatusAfter(status: KitchenStatus, event: KitchenEvent): KitchenStatus {
  switch (event.type) {
    case 'OrderPaid':
      // An order for later waits as SCHEDULED until its release (issue 37).
      if (status !== 'AWAITING-PAYMENT') return status;
      return event.data.releaseAt && event.data.releaseAt > event.data.paidAt ? 'SCHEDULED' : 'NEW';
    case 'OrderReleased':
      return status === 'SCHEDULED' ? 'NEW' : status;
    case 'OrderPrinted':
      // A scheduled order printed early has started: it is not released again.
      return status === 'NEW' || status === 'SCHEDULED' ? 'PRINTED' : status;
    case 'CustomerNotified':
      return status === 'COMPLETE' ? status : 'NOTIFIED';
    case 'OrderCompleted':
      return 'COMPLETE';
    case 'OrderCancelled':
      return status === 'AWAITING-PAYMENT' ? 'CANCELLED' : status;
    default: {
      const never: never = event;
      return never;
    }
  }
}

export function postageOf(order: OrderBody): number {
  return order.method?.postagePence ?? 0;
}

/** What the order's voucher takes off it as it stands; a placed order keeps what it was placed with. */
export function voucherDeductionOf(order: OrderBody | Placed): number {
  if ('submitted' in order) return order.submitted.voucherDeductionPence;
  return order.voucher ? voucherDeductionPence(order.voucher.benefit, { itemsTotalPence: order.itemsTotalPence, postagePence: postageOf(order) }) : 0;
}

/** Final total = items + postage (negative for the collect discount) - the voucher's deduction. */
export function totalOf(order: OrderBody): number {
  return orderTotalPence({ itemsTotalPence: order.itemsTotalPence, postagePence: postageOf(order), voucherDeductionPence: voucherDeductionOf(order) });
}

export function evolveOrder(state: OrderState, event: OrderEvent): OrderState {
  switch (event.type) {
    case 'OrderPlaced':
      return { status: 'checkout', ...event.data, method: null, details: null, paymentMethod: null, voucher: null, cardAttempt: null, lastCardAttempt: 0, scheduledFor: null };
    case 'OrderItemsRefreshed':
      if (state.status !== 'checkout') return state;
      // Postage can depend on the items total (collect discount, minimum order): choose again; the voucher too.
      return { ...state, items: event.data.items, itemsTotalPence: event.data.itemsTotalPence, note: event.data.note, method: null, voucher: null };
    case 'TakeawayMethodChosen': {
      if (state.status !== 'checkout') return state;
      const { orderId: _orderId, ...method } = event.data;
      return { ...state, method };
    }
    case 'DeliveryDetailsGiven': {
      if (state.status !== 'checkout') return state;
      const { orderId: _orderId, ...details } = event.data;
      return { ...state, details };
    }
    case 'PaymentMethodChosen':
      return state.status === 'checkout' ? { ...state, paymentMethod: event.data.method } : state;
    case 'VoucherApplied': {
      if (state.status !== 'checkout') return state;
      const { orderId: _orderId, ...voucher } = event.data;
      return { ...state, voucher };
    }
    case 'VoucherRemoved':
      return state.status === 'checkout' ? { ...state, voucher: null } : state;
    case 'CardAttemptStarted':
      if (state.status !== 'checkout') return state;
      return { ...state, cardAttempt: { attempt: event.data.attempt, amountPence: event.data.amountPence, window: event.data.window ?? null }, lastCardAttempt: event.data.attempt };
    case 'OrderTimeChosen':
      return state.status === 'checkout' ? { ...state, scheduledFor: event.data.scheduledFor } : state;
    case 'CardAttemptEnded':
      return state.status === 'checkout' && state.cardAttempt?.attempt === event.data.attempt ? { ...state, cardAttempt: null } : state;
    case 'OrderSubmitted':
      return state.status === 'checkout'
        ? { ...state, cardAttempt: null, status: event.data.status, submitted: event.data, paidAt: null, dueBy: null, copiesPrinted: 0, printedAt: null, notifiedAt: null, completedAt: null, cancelledBecause: null, cancelledAt: null, releasedAt: null, refunds: [] }
        : state;
    case 'OrderPaid':
    case 'OrderPrinted':
    case 'CustomerNotified':
    case 'OrderCompleted':
    case 'OrderCancelled':
    case 'OrderReleased':
      if (state.status === 'none' || state.status === 'checkout') return state;
      return { ...state, ...kitchenFacts(state, event), status: orderStatusAfter(state.status, event) };
    case 'OrderRefunded':
      if (state.status === 'none' || state.status === 'checkout') return state;
      return { ...state, refunds: [...state.refunds, refundOf(event)] };
    case 'OrderRefundFailed':
      if (state.status === 'none' || state.status === 'checkout') return state;
      return { ...state, refunds: state.refunds.map((one) => (one.refundNo === event.data.refundNo ? { ...one, failed: true } : one)) };
    case 'OrderJoinedToAccount':
      return state.status === 'none' ? state : { ...state, userId: event.data.userId };
    default: {
      const never: never = event;
      return never;
    }
  }
}

function refundOf({ data }: OrderRefunded): Refund {
  return { refundNo: data.refundNo, requestId: data.requestId, amountPence: data.amountPence, lines: data.lines, restocked: data.restocked, byHand: data.byHand, refundedAt: data.refundedAt, failed: false };
}

/** What a kitchen event records besides the status. */
function kitchenFacts(order: Placed, event: KitchenEvent): Partial<Kitchen> {
  switch (event.type) {
    case 'OrderPaid':
      return order.status === 'AWAITING-PAYMENT' ? { paidAt: event.data.paidAt, dueBy: event.data.dueBy } : {};
    case 'OrderPrinted':
      return { copiesPrinted: event.data.copy, printedAt: order.printedAt ?? event.data.printedAt };
    case 'CustomerNotified':
      return { notifiedAt: event.data.notifiedAt };
    case 'OrderCompleted':
      return { completedAt: event.data.completedAt };
    case 'OrderCancelled':
      return order.status === 'AWAITING-PAYMENT' ? { cancelledBecause: event.data.reason, cancelledAt: event.data.cancelledAt } : {};
    case 'OrderReleased':
      return order.status === 'SCHEDULED' ? { releasedAt: event.data.releasedAt } : {};
    default: {
      const never: never = event;
      return never;
    }
  }
}

/** The customer's email: the one in the delivery details, else the one the order began with (a logged-in customer's). */
export function customerEmailOf(order: Pick<OrderBody, 'details' | 'email'>): string {
  return order.details?.email ?? order.email ?? '';
}
