import type { OrderCommand } from '../../../modules/order/core/commands';
import { orderDecider } from '../../../modules/order/core/decider';
import type { OrderEvent, OrderPlaced, OrderRefunded } from '../../../modules/order/core/events';
import { linesRestockedBefore, NOT_PAID_FOR_REFUND, REFUNDED_IN_FULL, refundableNow, refundStandingOf } from '../../../modules/order/core/refunds';
import { voucherReleasedByRefund } from '../../../modules/order/core/voucher-release';
import type { Placed } from '../../../modules/order/core/state';
import { specFor } from '../../support/given-when-then';

/** Staff refunds (issue 35): every rule of the order's side, as given events / when command / then events. */
const spec = specFor(orderDecider);
const orderId = '55555555-5555-4555-8555-555555555555';
const now = '2026-11-20T18:00:00.000Z';
const later = '2026-11-21T10:00:00.000Z';
const korma = { productId: 13, variantId: null, name: 'Chicken Korma', variantName: '', unitPricePence: 950, quantity: 2, virtual: false };
const bhaji = { productId: 1, variantId: null, name: 'Onion Bhaji', variantName: '', unitPricePence: 350, quantity: 1, virtual: false };
const placedData: OrderPlaced['data'] = { orderId, cartId: '66666666-6666-4666-8666-666666666666', userId: null, email: null, items: [korma, bhaji], itemsTotalPence: 2250, note: '' };
const submittedAs = (paymentMethod: 'PHONE' | 'CARD' | 'PAYPAL'): OrderEvent => ({
  type: 'OrderSubmitted',
  data: { orderId, paymentMethod, status: paymentMethod === 'PHONE' ? 'AWAITING-PAYMENT' : 'NEW', itemsTotalPence: 2250, postagePence: -190, voucherDeductionPence: 0, totalPence: 2060, submittedAt: now, tradingDay: '2026-11-20' },
});
const phoneOrder: OrderEvent[] = [{ type: 'OrderPlaced', data: placedData }, submittedAs('PHONE')];
const paid: OrderEvent = { type: 'OrderPaid', data: { orderId, paidAt: now, dueBy: '2026-11-20T18:31:00.000Z' } };
const printed: OrderEvent = { type: 'OrderPrinted', data: { orderId, printedAt: now, copy: 1, via: 'browser' } };
const paidPhone = [...phoneOrder, paid];
const paidCard: OrderEvent[] = [{ type: 'OrderPlaced', data: placedData }, submittedAs('CARD')];

/** The staff screen's key of the refund asked for now; refunds made before have keys of their own. */
const NEW = '99999999-9999-4999-8999-999999999999';
const keyOf = (refundNo: number) => `0000000${refundNo}-0000-4000-8000-000000000000`;
const refund = (part: { lines: number[] } | { amountPence: number }, requestId = NEW, byHand?: boolean): OrderCommand => ({ type: 'RefundOrder', orderId, requestId, part, reason: 'wrong_dish', note: 'Sent the wrong curry', byHand, now: later, tradingDay: '2026-11-21' });
const refunded = (refundNo: number, amountPence: number, fields: Partial<OrderRefunded['data']> = {}): OrderEvent => ({
  type: 'OrderRefunded',
  data: { orderId, refundNo, requestId: keyOf(refundNo), amountPence, lines: [], restocked: false, byHand: true, full: false, reason: 'wrong_dish', note: 'Sent the wrong curry', refundedAt: later, tradingDay: '2026-11-21', ...fields },
});
/** The refund the command asked for now, as the decider records it. */
const made = (refundNo: number, amountPence: number, fields: Partial<OrderRefunded['data']> = {}) => refunded(refundNo, amountPence, { requestId: NEW, ...fields });
const fold = (events: OrderEvent[]) => events.reduce(orderDecider.evolve, orderDecider.initialState) as Placed;

describe('staff refunds, the order’s rules (issue 35)', () => {
  it('refunds only a paid order', () => {
    spec([]).when(refund({ amountPence: 100 })).thenFails('There is no such order', 'not_found');
    spec(phoneOrder).when(refund({ amountPence: 100 })).thenFails(NOT_PAID_FOR_REFUND, 'conflict');
    spec([...phoneOrder, { type: 'OrderCancelled', data: { orderId, cancelledAt: now, reason: 'unpaid' } }]).when(refund({ amountPence: 100 })).thenFails(NOT_PAID_FOR_REFUND, 'conflict');
  });

  it('refunds whole lines at their price, giving their units back only before the ticket was printed', () => {
    spec(paidPhone).when(refund({ lines: [0] })).then([made(1, 1900, { lines: [0], restocked: true })]);
    spec([...paidPhone, printed]).when(refund({ lines: [0] })).then([made(1, 1900, { lines: [0], restocked: false })]);
    spec([...paidCard, printed]).when(refund({ lines: [1, 0] })).then([made(1, 2060, { lines: [0, 1], byHand: false, full: true })]);
    // PayPal's money goes back through PayPal (issue 36), as a card's through Stripe: not by hand.
    const paidPayPal: OrderEvent[] = [{ type: 'OrderPlaced', data: placedData }, submittedAs('PAYPAL')];
    spec([...paidPayPal, printed]).when(refund({ lines: [1, 0] })).then([made(1, 2060, { lines: [0, 1], byHand: false, full: true })]);
  });

  it('refuses a line twice, a line the order has not, and nothing chosen', () => {
    spec([...paidPhone, refunded(1, 1900, { lines: [0] })]).when(refund({ lines: [0] })).thenFails('Chicken Korma was refunded already', 'conflict');
    spec(paidPhone).when(refund({ lines: [2] })).thenFails('That dish is not on this order', 'invalid');
    spec(paidPhone).when(refund({ lines: [] })).thenFails('Choose the dishes to refund, or an amount', 'invalid');
  });

  it('never refunds more than is left: a part, then the rest, then nothing', () => {
    spec(paidPhone).when(refund({ amountPence: 2061 })).thenFails('You can refund at most £20.60 on this order', 'conflict');
    spec([...paidPhone, refunded(1, 1000)]).when(refund({ amountPence: 1061 })).thenFails('You can refund at most £10.60 on this order', 'conflict');
    spec([...paidPhone, refunded(1, 1000)]).when(refund({ amountPence: 1060 })).then([made(2, 1060, { full: true })]);
    spec([...paidPhone, refunded(1, 1000), refunded(2, 1060, { full: true })]).when(refund({ amountPence: 1 })).thenFails(REFUNDED_IN_FULL, 'conflict');
    // Lines after an amount are capped at what is left (the collect discount made the order less than its lines).
    spec([...paidPhone, refunded(1, 1900)]).when(refund({ lines: [0] })).then([made(2, 160, { lines: [0], restocked: true, full: true })]);
    spec(paidPhone).when(refund({ amountPence: 0 })).thenFails('Refund an amount of at least 1p', 'invalid');
  });

  it('makes a repeated request (a double click, a resend) one refund', () => {
    spec([...paidPhone, made(1, 500)]).when(refund({ amountPence: 500 })).then([]);
    spec([...paidPhone, made(1, 2060, { full: true })]).when(refund({ amountPence: 2060 })).then([]);
    spec([...paidPhone, refunded(1, 500)]).when(refund({ amountPence: 500 })).then([made(2, 500)]);
  });

  it('says how the order stands: part refunded, then refunded', () => {
    expect(refundStandingOf(fold(paidPhone))).toBe('NONE');
    expect(refundStandingOf(fold([...paidPhone, refunded(1, 1000)]))).toBe('PART');
    expect(refundStandingOf(fold([...paidPhone, refunded(1, 1000), refunded(2, 1060)]))).toBe('FULL');
  });

  it('refunds a card order by hand when staff say so: its card is left alone', () => {
    spec([...paidCard, printed]).when(refund({ amountPence: 500 }, NEW, true)).then([made(1, 500, { byHand: true })]);
    spec([...paidCard, printed]).when(refund({ amountPence: 500 }, NEW, false)).then([made(1, 500, { byHand: false })]);
  });

  it('a card refund the bank refused gave nothing: its amount and its lines may be refunded again', () => {
    const cardRefund = refunded(1, 1900, { lines: [0], restocked: true, byHand: false });
    const failed: OrderEvent = { type: 'OrderRefundFailed', data: { orderId, refundNo: 1, amountPence: 1900, standing: 'NONE', failedAt: later } };
    const recordFailure: OrderCommand = { type: 'RecordRefundFailed', orderId, refundNo: 1, now: later };
    spec([...paidCard, cardRefund]).when(recordFailure).then([failed]);
    // Told twice, of a refund given by hand, or of one the order never made: nothing.
    spec([...paidCard, cardRefund, failed]).when(recordFailure).then([]);
    spec([...paidPhone, refunded(1, 500)]).when(recordFailure).then([]);
    spec(paidCard).when(recordFailure).then([]);
    // The line and all the money are refundable again; the line's units went back the first time, not again.
    spec([...paidCard, cardRefund, failed]).when(refund({ lines: [0] }, NEW, true)).then([made(2, 1900, { lines: [0], restocked: true, byHand: true })]);
    spec([...paidCard, cardRefund, failed]).when(refund({ amountPence: 2060 })).then([made(2, 2060, { byHand: false, full: true })]);
    expect([...linesRestockedBefore(fold([...paidCard, cardRefund, failed, made(2, 1900, { lines: [0], restocked: true })]), 2)]).toEqual([0]);
    expect(refundStandingOf(fold([...paidCard, cardRefund, failed]))).toBe('NONE');
  });

  it('tells the read model what can still go back: nothing on an unpaid, cancelled or fully refunded order; PayPal as card (issue 36)', () => {
    const facts = { status: 'NEW' as const, paymentMethod: 'CARD' as const, paidPence: 2060, refundedPence: 500 };
    expect(refundableNow(facts)).toBe(1560);
    expect(refundableNow({ ...facts, refundedPence: 2060 })).toBe(0);
    expect(refundableNow({ ...facts, status: 'AWAITING-PAYMENT', paymentMethod: 'PHONE' })).toBe(0);
    expect(refundableNow({ ...facts, status: 'CANCELLED' })).toBe(0);
    expect(refundableNow({ ...facts, paymentMethod: 'PAYPAL' })).toBe(1560);
  });

  it('gives the voucher use back once all the money has gone back, not after a part', () => {
    const voucherId = '77777777-7777-4777-8777-777777777777';
    const applied: OrderEvent = {
      type: 'VoucherApplied',
      data: { orderId, voucherId, code: 'ONEOFF', description: '£1 off', benefit: { kind: 'fixed', pence: 100 } },
    };
    const withVoucher: OrderEvent[] = [{ type: 'OrderPlaced', data: placedData }, applied, submittedAs('PHONE'), paid];
    expect(voucherReleasedByRefund(fold(withVoucher))).toBeNull();
    expect(voucherReleasedByRefund(fold([...withVoucher, refunded(1, 1000)]))).toBeNull();
    expect(voucherReleasedByRefund(fold([...withVoucher, refunded(1, 1000), refunded(2, 1060)]))).toBe(voucherId);
    expect(voucherReleasedByRefund(fold([...paidPhone, refunded(1, 2060)]))).toBeNull();
  });
});
