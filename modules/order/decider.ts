import type { Decider } from '../../src/core/decider';
import { DomainError } from '../../src/core/errors';
import { londonTime } from '../../src/shared/london-time';
import type { KitchenStatus } from '../../src/shared/order';
import type {
  DeliveryDetails,
  OrderEvent,
  OrderItem,
  OrderPaymentMethod,
  OrderPlaced,
  OrderSubmitted,
  TakeawayMethodChosen,
} from './events';

interface OrderBody {
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
}

/** After submission: what the kitchen did with it. */
interface Kitchen {
  submitted: OrderSubmitted['data'];
  paidAt: string | null;
  dueBy: string | null;
  copiesPrinted: number;
  notifiedAt: string | null;
  completedAt: string | null;
}

export type { KitchenStatus } from '../../src/shared/order';

export type OrderState =
  | { status: 'none' }
  | ({ status: 'checkout' } & OrderBody)
  | ({ status: KitchenStatus } & Kitchen & OrderBody);

export type OrderCommand =
  | { type: 'PlaceOrder'; data: OrderPlaced['data'] }
  | { type: 'ChooseTakeawayMethod'; data: TakeawayMethodChosen['data'] }
  | { type: 'GiveDeliveryDetails'; orderId: string; details: DeliveryDetails }
  | { type: 'ChoosePaymentMethod'; orderId: string; method: OrderPaymentMethod }
  | { type: 'SubmitOrder'; orderId: string; paymentMethod: OrderPaymentMethod; takeaway: boolean; now: string }
  | { type: 'MarkPaid'; orderId: string; now: string; dueBy: string }
  | { type: 'PrintOrder'; orderId: string; now: string; via: 'browser' | 'bluetooth' | 'marked' }
  | { type: 'NotifyCustomer'; orderId: string; now: string }
  | { type: 'CompleteOrder'; orderId: string; now: string }
  | { type: 'CancelUnpaidOrder'; orderId: string; now: string };

export const ALREADY_PLACED = 'This order has already been placed';

export function postageOf(state: OrderBody): number {
  return state.method?.postagePence ?? 0;
}

/** Final total = items total + postage - voucher deduction (vouchers arrive later, at 0 for now). */
export function totalOf(state: OrderBody): number {
  return state.itemsTotalPence + postageOf(state);
}

/** What is still missing before the order can be paid, or null when nothing is. */
export function missingForPayment(state: OrderBody, takeaway: boolean): string | null {
  if (state.items.length === 0) return 'Your basket is empty';
  if (takeaway && !state.method) return 'Please choose collection or delivery';
  const details = state.details;
  if (!details || !details.email || !details.fullName || !details.phone) return 'Please complete your details';
  const delivering = state.method?.method === 'DELIVER' || (!takeaway && !state.items.every((item) => item.virtual));
  if (delivering && (!details.address1 || !details.townCity || !details.postcode)) return 'Please complete your delivery address';
  if (state.method?.method === 'DELIVER' && state.method.postcode && details.postcode !== state.method.postcode) {
    return `Please give the delivery address for ${state.method.postcode}, the postcode whose distance was checked`;
  }
  return null;
}

export function evolveOrder(state: OrderState, event: OrderEvent): OrderState {
  switch (event.type) {
    case 'OrderPlaced':
      return { status: 'checkout', ...event.data, method: null, details: null, paymentMethod: null };
    case 'OrderItemsRefreshed':
      if (state.status !== 'checkout') return state;
      // Postage can depend on the items total (collect discount, minimum order): choose again.
      return { ...state, items: event.data.items, itemsTotalPence: event.data.itemsTotalPence, note: event.data.note, method: null };
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
    case 'OrderSubmitted':
      return state.status === 'checkout'
        ? { ...state, status: event.data.status, submitted: event.data, paidAt: null, dueBy: null, copiesPrinted: 0, notifiedAt: null, completedAt: null }
        : state;
    case 'OrderPaid':
      return state.status === 'AWAITING-PAYMENT' ? { ...state, status: 'NEW', paidAt: event.data.paidAt, dueBy: event.data.dueBy } : state;
    case 'OrderPrinted':
      if (state.status === 'none' || state.status === 'checkout') return state;
      return { ...state, status: state.status === 'NEW' ? 'PRINTED' : state.status, copiesPrinted: event.data.copy };
    case 'CustomerNotified':
      if (state.status === 'none' || state.status === 'checkout') return state;
      return { ...state, status: state.status === 'COMPLETE' ? state.status : 'NOTIFIED', notifiedAt: event.data.notifiedAt };
    case 'OrderCancelled':
      return state.status === 'AWAITING-PAYMENT' ? { ...state, status: 'CANCELLED' } : state;
    case 'OrderCompleted':
      if (state.status === 'none' || state.status === 'checkout') return state;
      return { ...state, status: 'COMPLETE', completedAt: event.data.completedAt };
    default: {
      const never: never = event;
      return never;
    }
  }
}

function inCheckout(state: OrderState): Extract<OrderState, { status: 'checkout' }> {
  if (state.status === 'none') throw new DomainError('not_found', 'There is no order to update: save your basket first');
  if (state.status !== 'checkout') throw new DomainError('conflict', ALREADY_PLACED);
  return state;
}

const sameItems = (a: OrderItem[], b: OrderItem[]) => JSON.stringify(a) === JSON.stringify(b);

export function decideOrder(command: OrderCommand, state: OrderState): OrderEvent[] {
  switch (command.type) {
    case 'PlaceOrder': {
      if (command.data.items.length === 0) throw new DomainError('invalid', 'Cart is Empty');
      if (state.status === 'none') return [{ type: 'OrderPlaced', data: command.data }];
      const order = inCheckout(state);
      const { orderId, items, itemsTotalPence, note } = command.data;
      return sameItems(order.items, items) && order.note === note
        ? []
        : [{ type: 'OrderItemsRefreshed', data: { orderId, items, itemsTotalPence, note } }];
    }
    case 'ChooseTakeawayMethod': {
      const order = inCheckout(state);
      const current = order.method;
      const next = command.data;
      if (current && current.method === next.method && current.postcode === next.postcode && current.postagePence === next.postagePence) return [];
      return [{ type: 'TakeawayMethodChosen', data: next }];
    }
    case 'GiveDeliveryDetails': {
      const order = inCheckout(state);
      if (order.userId && order.email && command.details.email.toLowerCase() !== order.email.toLowerCase()) {
        throw new DomainError('invalid', 'The email of a signed-in customer cannot be changed here');
      }
      if (order.method?.method === 'DELIVER' && order.method.postcode && command.details.postcode !== order.method.postcode) {
        throw new DomainError('invalid', `The delivery postcode must be ${order.method.postcode}, the one whose distance was checked`);
      }
      return JSON.stringify(order.details) === JSON.stringify(command.details)
        ? []
        : [{ type: 'DeliveryDetailsGiven', data: { orderId: command.orderId, ...command.details } }];
    }
    case 'ChoosePaymentMethod': {
      const order = inCheckout(state);
      return order.paymentMethod === command.method ? [] : [{ type: 'PaymentMethodChosen', data: { orderId: command.orderId, method: command.method } }];
    }
    case 'SubmitOrder': {
      if (state.status !== 'none' && state.status !== 'checkout') {
        if (state.submitted.paymentMethod === command.paymentMethod) return []; // a retried completion
        throw new DomainError('conflict', ALREADY_PLACED);
      }
      const order = inCheckout(state);
      const missing = missingForPayment(order, command.takeaway);
      if (missing) throw new DomainError('invalid', missing);
      const postagePence = postageOf(order);
      return [
        ...(order.paymentMethod === command.paymentMethod
          ? []
          : [{ type: 'PaymentMethodChosen' as const, data: { orderId: command.orderId, method: command.paymentMethod } }]),
        {
          type: 'OrderSubmitted',
          data: {
            orderId: command.orderId,
            paymentMethod: command.paymentMethod,
            status: command.paymentMethod === 'PHONE' ? 'AWAITING-PAYMENT' : 'NEW',
            itemsTotalPence: order.itemsTotalPence,
            postagePence,
            voucherDeductionPence: 0,
            totalPence: totalOf(order),
            submittedAt: command.now,
          },
        },
      ];
    }
    case 'MarkPaid': {
      const order = stillToServe(state);
      if (order.status !== 'AWAITING-PAYMENT') {
        if (order.paidAt) return []; // marked twice: the first one counts
        throw new DomainError('conflict', 'This order is already paid');
      }
      return [{ type: 'OrderPaid', data: { orderId: command.orderId, paidAt: command.now, dueBy: command.dueBy } }];
    }
    case 'PrintOrder': {
      const order = stillToServe(state);
      if (order.status === 'AWAITING-PAYMENT') throw new DomainError('conflict', 'Mark this order paid before printing it: it is not to be cooked yet');
      return [{ type: 'OrderPrinted', data: { orderId: command.orderId, printedAt: command.now, copy: order.copiesPrinted + 1, via: command.via } }];
    }
    case 'NotifyCustomer': {
      const order = stillToServe(state);
      if (order.notifiedAt) throw new DomainError('conflict', `The customer was already notified at ${londonTime(order.notifiedAt)}`);
      if (order.status !== 'PRINTED') throw new DomainError('conflict', 'Print the order before notifying the customer');
      return [{ type: 'CustomerNotified', data: { orderId: command.orderId, notifiedAt: command.now } }];
    }
    case 'CompleteOrder': {
      const order = stillToServe(state);
      if (order.status === 'COMPLETE') return [];
      if (order.status !== 'PRINTED' && order.status !== 'NOTIFIED') throw new DomainError('conflict', 'Only a printed order can be completed');
      return [{ type: 'OrderCompleted', data: { orderId: command.orderId, completedAt: command.now } }];
    }
    case 'CancelUnpaidOrder': {
      const order = inKitchen(state);
      if (order.status === 'CANCELLED') return []; // cancelled twice: the first one counts
      if (order.status !== 'AWAITING-PAYMENT') throw new DomainError('conflict', 'Only an order still awaiting payment can be cancelled');
      return [{ type: 'OrderCancelled', data: { orderId: command.orderId, cancelledAt: command.now, reason: 'unpaid' } }];
    }
    default: {
      const never: never = command;
      return never;
    }
  }
}

/** A placed order the kitchen may still pay, print, notify or complete: every action but cancelling refuses a cancelled one. */
function stillToServe(state: OrderState): Extract<OrderState, { submitted: unknown }> {
  const order = inKitchen(state);
  if (order.status === 'CANCELLED') throw new DomainError('conflict', 'This order was cancelled: it was not paid');
  return order;
}

function inKitchen(state: OrderState): Extract<OrderState, { submitted: unknown }> {
  if (state.status === 'none') throw new DomainError('not_found', 'There is no such order');
  if (state.status === 'checkout') throw new DomainError('conflict', 'This order has not been placed yet');
  return state;
}

export const orderDecider: Decider<OrderCommand, OrderEvent, OrderState> = {
  initialState: { status: 'none' },
  evolve: evolveOrder,
  decide: decideOrder,
};
