import type { OrderCommand, SubmitOrder } from '../../../modules/order/core/commands';
import { expectedIntent } from '../../../modules/order/core/decide-card';
import { CARD_ATTEMPT_GONE, CARD_PAYMENT_OPEN, orderDecider, type OrderState } from '../../../modules/order/core/decider';
import type { OrderEvent, OrderPlaced } from '../../../modules/order/core/events';
import { CARD_UNAVAILABLE } from '../../../src/shared/payment-texts';
import { CLOSED_REFUSAL } from '../../../src/shared/store-status';
import { specFor } from '../../support/given-when-then';

const spec = specFor(orderDecider);
const orderId = '55555555-5555-4555-8555-555555555555';
const cartId = '66666666-6666-4666-8666-666666666666';
const now = '2026-11-20T18:00:00.000Z';
const korma = { productId: 13, variantId: null, name: 'Chicken Korma', variantName: '', unitPricePence: 950, quantity: 2, virtual: false };
const placedData: OrderPlaced['data'] = { orderId, cartId, userId: null, email: null, items: [korma], itemsTotalPence: 1900, note: '' };
const details = { email: 'sam@example.com', fullName: 'Sam', address1: '', address2: '', address3: '', townCity: '', postcode: '', phone: '07911 123456', deliveryInfo: '', allergyInfo: '' };
const readyToPay: OrderEvent[] = [
  { type: 'OrderPlaced', data: placedData },
  { type: 'TakeawayMethodChosen', data: { orderId, method: 'COLLECT', postcode: null, miles: null, postagePence: -190 } },
  { type: 'DeliveryDetailsGiven', data: { orderId, ...details } },
];
const open = { storeOpen: true, paymentMethods: ['phone', 'card'] };
const facts: Omit<SubmitOrder, 'type' | 'paymentMethod'> = {
  orderId, takeaway: true, shop: open, notOffered: [], postageNow: { pence: -190 },
  unpaid: { lapseMinutes: 20, maxPerCustomer: 2, waiting: { phone: 0, email: 0, session: 0 } }, basketAsSaved: true, tradingDay: '2026-11-20', now,
};
const startCard = (overrides: Partial<typeof facts> = {}, method: 'CARD' | 'PAYPAL' = 'CARD'): OrderCommand => ({ type: 'StartCardAttempt', orderId, method, submit: { ...facts, ...overrides }, reconcileMinutes: 10, lapseMinutes: 15 });
const started = (attempt: number): OrderEvent => ({
  type: 'CardAttemptStarted',
  data: { orderId, attempt, amountPence: 1710, startedAt: now, reconcileAt: '2026-11-20T18:10:00.000Z', lapseAt: '2026-11-20T18:15:00.000Z' },
});
const cardChosen: OrderEvent = { type: 'PaymentMethodChosen', data: { orderId, method: 'CARD' } };
const ended = (attempt: number, reason: 'failed' | 'cancelled' | 'lapsed' = 'failed'): OrderEvent => ({ type: 'CardAttemptEnded', data: { orderId, attempt, reason, endedAt: now } });
const minutes = { open_delivery_minutes: 31, busy_delivery_minutes: 61, slammed_delivery_minutes: 91 };
const placeCard = (attempt: number, paidPence = 1710): OrderCommand => ({
  type: 'PlaceCardOrder', orderId, attempt, paidPence, now, storeStatus: 'closed', deliveryMinutes: minutes, tradingDay: '2026-11-20',
});

/** Issue 17: the order's side of a card payment, as given events / when command / then events or refusal. */
describe('order decider: card attempts', () => {
  it('freezes a payable order for a numbered attempt at its total, with the reconcile and lapse times', () => {
    spec(readyToPay).when(startCard()).then([cardChosen, started(1)]);
    spec([...readyToPay, cardChosen, started(1), ended(1)]).when(startCard()).then([started(2)]);
  });

  it('passes every check a placed order passes first', () => {
    spec(readyToPay).when(startCard({ shop: { ...open, storeOpen: false } })).thenFails(CLOSED_REFUSAL, 'conflict');
    // Card not offered now (no keys, or no staff screen watching): the spec's card-unavailable text.
    spec(readyToPay).when(startCard({ shop: { ...open, paymentMethods: ['phone'] } })).thenFails(CARD_UNAVAILABLE, 'conflict');
    spec(readyToPay).when(startCard({ notOffered: [{ productId: 13, variantId: null }] })).thenFails('Sorry, Chicken Korma is not available right now', 'conflict');
    spec(readyToPay.slice(0, 2)).when(startCard()).thenFails('Please complete your details', 'invalid');
  });

  it('answers a second Pay while the attempt is open with the same attempt, and freezes every change', () => {
    const frozen = [...readyToPay, cardChosen, started(1)];
    spec(frozen).when(startCard()).then([]);
    // The same method again (the page reloaded) is no change.
    spec(frozen).when({ type: 'ChoosePaymentMethod', orderId, method: 'CARD', paymentMethods: ['phone', 'card'] }).then([]);
    spec(frozen).when({ type: 'ChoosePaymentMethod', orderId, method: 'PHONE', paymentMethods: ['phone', 'card'] }).thenFails(CARD_PAYMENT_OPEN, 'conflict');
    spec(frozen).when({ type: 'GiveDeliveryDetails', orderId, details }).thenFails(CARD_PAYMENT_OPEN, 'conflict');
    spec(frozen).when({ type: 'RemoveVoucher', orderId }).thenFails(CARD_PAYMENT_OPEN, 'conflict');
  });

  it('places the order paid with the attempt it is frozen for, at its amount, even after closing; once', () => {
    const frozen = [...readyToPay, cardChosen, started(1)];
    const submitted: OrderEvent = {
      type: 'OrderSubmitted',
      data: { orderId, paymentMethod: 'CARD', status: 'AWAITING-PAYMENT', itemsTotalPence: 1900, postagePence: -190, voucherDeductionPence: 0, totalPence: 1710, submittedAt: now, lapseAt: null, tradingDay: '2026-11-20', cardAttempt: 1 },
    };
    // Closed when the money came: due by the open minutes (31, not the busy 61 or slammed 91) after 18:00, as a
    // phone order marked paid in a closed store.
    const paidEvent: OrderEvent = { type: 'OrderPaid', data: { orderId, paidAt: now, dueBy: '2026-11-20T18:31:00.000Z' } };
    spec(frozen).when(placeCard(1)).then([submitted, paidEvent]);
    spec([...frozen, submitted, paidEvent]).when(placeCard(1)).then([]);
  });

  it('PayPal (issue 36): the same attempt, its method PayPal, and the order placed paid by PayPal', () => {
    const paypalChosen: OrderEvent = { type: 'PaymentMethodChosen', data: { orderId, method: 'PAYPAL' } };
    const paypalShop = { ...open, paymentMethods: ['phone', 'paypal'] };
    spec(readyToPay).when(startCard({ shop: paypalShop }, 'PAYPAL')).then([paypalChosen, started(1)]);
    spec(readyToPay).when(startCard({ shop: { ...open, paymentMethods: ['phone'] } }, 'PAYPAL')).thenFails('That payment method is not available', 'invalid');
    const frozen = [...readyToPay, paypalChosen, started(1)];
    spec(frozen).when({ type: 'ChoosePaymentMethod', orderId, method: 'CARD', paymentMethods: ['phone', 'card', 'paypal'] }).thenFails(CARD_PAYMENT_OPEN, 'conflict');
    const submitted: OrderEvent = {
      type: 'OrderSubmitted',
      data: { orderId, paymentMethod: 'PAYPAL', status: 'AWAITING-PAYMENT', itemsTotalPence: 1900, postagePence: -190, voucherDeductionPence: 0, totalPence: 1710, submittedAt: now, lapseAt: null, tradingDay: '2026-11-20', cardAttempt: 1 },
    };
    spec(frozen).when(placeCard(1)).then([submitted, { type: 'OrderPaid', data: { orderId, paidAt: now, dueBy: '2026-11-20T18:31:00.000Z' } }]);
  });

  it('refuses money for another attempt or amount, or for an order no longer waiting for it', () => {
    const frozen = [...readyToPay, cardChosen, started(1)];
    spec(frozen).when(placeCard(2)).thenFails(CARD_ATTEMPT_GONE, 'conflict');
    spec(frozen).when(placeCard(1, 1)).thenFails(CARD_ATTEMPT_GONE, 'conflict');
    spec([...frozen, ended(1, 'cancelled')]).when(placeCard(1)).thenFails(CARD_ATTEMPT_GONE, 'conflict');
  });

  it('ends only the open attempt, once', () => {
    const frozen = [...readyToPay, cardChosen, started(1)];
    spec(frozen).when({ type: 'EndCardAttempt', orderId, attempt: 1, reason: 'lapsed', now }).then([ended(1, 'lapsed')]);
    spec([...frozen, ended(1)]).when({ type: 'EndCardAttempt', orderId, attempt: 1, reason: 'lapsed', now }).then([]);
    spec([...frozen, ended(1), started(2)]).when({ type: 'EndCardAttempt', orderId, attempt: 1, reason: 'failed', now }).then([]);
  });
});

/** Which attempt's intent `/complete-order` must be given, for the order as its events leave it. */
describe('expectedIntent', () => {
  const expectedAfter = (events: OrderEvent[]) => expectedIntent(events.reduce(orderDecider.evolve, orderDecider.initialState) as Exclude<OrderState, { status: 'none' }>);
  const submitted = (paymentMethod: 'CARD' | 'PHONE', cardAttempt?: number): OrderEvent => ({
    type: 'OrderSubmitted',
    data: {
      orderId, paymentMethod, status: 'AWAITING-PAYMENT', itemsTotalPence: 1900, postagePence: -190, voucherDeductionPence: 0,
      totalPence: 1710, submittedAt: now, lapseAt: paymentMethod === 'CARD' ? null : '2026-11-20T18:20:00.000Z', tradingDay: '2026-11-20', ...(cardAttempt ? { cardAttempt } : {}),
    },
  });
  const paid: OrderEvent = { type: 'OrderPaid', data: { orderId, paidAt: now, dueBy: '2026-11-20T18:31:00.000Z' } };

  it('expects none for an order in checkout that never started a card payment', () => {
    expect(expectedAfter(readyToPay)).toBeNull();
  });

  it('expects the open attempt, to settle', () => {
    expect(expectedAfter([...readyToPay, cardChosen, started(1)])).toEqual({ attempt: 1, placed: false });
    expect(expectedAfter([...readyToPay, cardChosen, started(1), ended(1), started(2)])).toEqual({ attempt: 2, placed: false });
  });

  it('expects the last attempt once it ended, so that its end is answered', () => {
    expect(expectedAfter([...readyToPay, cardChosen, started(1), ended(1, 'lapsed')])).toEqual({ attempt: 1, placed: false });
    expect(expectedAfter([...readyToPay, cardChosen, started(1), ended(1), started(2), ended(2)])).toEqual({ attempt: 2, placed: false });
  });

  it('expects the attempt that paid a placed order, with nothing left to settle', () => {
    expect(expectedAfter([...readyToPay, cardChosen, started(1), ended(1), started(2), submitted('CARD', 2), paid])).toEqual({ attempt: 2, placed: true });
  });

  it('expects none for an order placed to pay by phone, even after a card attempt ended', () => {
    const phoneChosen: OrderEvent = { type: 'PaymentMethodChosen', data: { orderId, method: 'PHONE' } };
    expect(expectedAfter([...readyToPay, cardChosen, started(1), ended(1), phoneChosen, submitted('PHONE')])).toBeNull();
  });
});
