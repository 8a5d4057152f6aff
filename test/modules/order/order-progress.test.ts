import { orderDecider } from '../../../modules/order/core/decider';
import type { OrderEvent, OrderPlaced } from '../../../modules/order/core/events';
import { orderProgress, progressNewsOf } from '../../../modules/order/core/order-progress';
import type { OrderProgress, ProgressStepName } from '../../../src/shared/order-progress';
import { expectedSentence, refundSentence, STATUS_HEADLINES, statusSentence, STEP_LABELS, toPay } from '../../../src/shared/order-status-texts';

/** Issue 31: the order's steps as its customer follows them, for every path an order can take. */
const orderId = '55555555-5555-4555-8555-555555555555';
const at = (minutes: number) => new Date(Date.parse('2026-11-20T18:00:00.000Z') + minutes * 60_000).toISOString();
const placedData: OrderPlaced['data'] = {
  orderId,
  cartId: '66666666-6666-4666-8666-666666666666',
  userId: null,
  email: null,
  items: [{ productId: 13, variantId: null, name: 'Chicken Korma', variantName: '', unitPricePence: 950, quantity: 1, virtual: false }],
  itemsTotalPence: 950,
  note: '',
};
const method = (chosen: 'COLLECT' | 'DELIVER'): OrderEvent => ({
  type: 'TakeawayMethodChosen',
  data: { orderId, method: chosen, postcode: chosen === 'DELIVER' ? 'LS2 9JT' : null, miles: chosen === 'DELIVER' ? 0.8 : null, postagePence: chosen === 'DELIVER' ? 150 : 0 },
});
const submitted = (paymentMethod: 'PHONE' | 'CARD'): OrderEvent => ({
  type: 'OrderSubmitted',
  data: {
    orderId,
    paymentMethod,
    status: 'AWAITING-PAYMENT',
    itemsTotalPence: 950,
    postagePence: 0,
    voucherDeductionPence: 0,
    totalPence: 950,
    submittedAt: at(0),
    lapseAt: paymentMethod === 'PHONE' ? at(20) : null,
    tradingDay: '2026-11-20',
    ...(paymentMethod === 'CARD' ? { cardAttempt: 1 } : {}),
  },
});
const inCheckout = (chosen: 'COLLECT' | 'DELIVER' = 'COLLECT'): OrderEvent[] => [{ type: 'OrderPlaced', data: placedData }, method(chosen)];
const paid = (minutes: number): OrderEvent => ({ type: 'OrderPaid', data: { orderId, paidAt: at(minutes), dueBy: at(minutes + 31) } });
const printed = (minutes: number, copy = 1): OrderEvent => ({ type: 'OrderPrinted', data: { orderId, printedAt: at(minutes), copy, via: 'browser' } });
const notified = (minutes: number): OrderEvent => ({ type: 'CustomerNotified', data: { orderId, notifiedAt: at(minutes) } });
const completed = (minutes: number): OrderEvent => ({ type: 'OrderCompleted', data: { orderId, completedAt: at(minutes) } });
const cancelled = (minutes: number, reason: 'unpaid' | 'lapsed'): OrderEvent => ({ type: 'OrderCancelled', data: { orderId, cancelledAt: at(minutes), reason } });

const phoneOrder = (chosen: 'COLLECT' | 'DELIVER' = 'COLLECT') => [...inCheckout(chosen), submitted('PHONE')];
const progressAfter = (events: OrderEvent[], waitMinutes = 31) => orderProgress(events.reduce(orderDecider.evolve, orderDecider.initialState), { waitMinutes });
/** The steps in short: each step's name and its time, '-' for one not reached, 'passed' for one gone past without a time. */
const stepsOf = (progress: OrderProgress | null) => progress?.steps.map(({ step, reached, at: time }) => `${step} ${reached ? (time ?? 'passed') : '-'}`);

describe('orderProgress: the order’s steps as the customer follows them', () => {
  it('has no steps for an order not placed yet', () => {
    expect(progressAfter([])).toBeNull();
    expect(progressAfter(inCheckout())).toBeNull();
  });

  it('a phone order awaiting payment: placed, the rest to come; expected so many minutes after paying; its lapse time', () => {
    const progress = progressAfter(phoneOrder(), 46)!;
    expect(stepsOf(progress)).toEqual([`placed ${at(0)}`, 'paid -', 'cooking -', 'ready -', 'completed -']);
    expect(progress).toMatchObject({ orderId, current: 'placed', paymentMethod: 'PHONE', method: 'COLLECT', placedAt: at(0), expected: { minutesAfterPayment: 46 }, lapseAt: at(20) });
    expect(progress.ref).toMatch(/^\w+$/);
  });

  it('a phone order paid later: paid at its own time, expected by the time set when it was paid', () => {
    const progress = progressAfter([...phoneOrder(), paid(7)])!;
    expect(stepsOf(progress)).toEqual([`placed ${at(0)}`, `paid ${at(7)}`, 'cooking -', 'ready -', 'completed -']);
    expect(progress).toMatchObject({ current: 'paid', expected: { readyBy: at(38) }, lapseAt: null });
  });

  it('a card order: placed and paid at once', () => {
    const progress = progressAfter([...inCheckout(), submitted('CARD'), paid(0)])!;
    expect(stepsOf(progress)).toEqual([`placed ${at(0)}`, `paid ${at(0)}`, 'cooking -', 'ready -', 'completed -']);
    expect(progress).toMatchObject({ current: 'paid', paymentMethod: 'CARD', expected: { readyBy: at(31) } });
  });

  it('printed: cooking since the first copy; a reprint changes nothing', () => {
    const events = [...phoneOrder(), paid(2), printed(4)];
    expect(stepsOf(progressAfter(events))).toEqual([`placed ${at(0)}`, `paid ${at(2)}`, `cooking ${at(4)}`, 'ready -', 'completed -']);
    expect(progressAfter([...events, printed(9, 2)])).toEqual(progressAfter(events));
    expect(progressAfter(events)).toMatchObject({ current: 'cooking', expected: { readyBy: at(33) } });
  });

  it('notified: ready for collection when collected, on its way when delivered; nothing expected any more', () => {
    const collect = progressAfter([...phoneOrder('COLLECT'), paid(2), printed(4), notified(25)])!;
    expect(stepsOf(collect)).toEqual([`placed ${at(0)}`, `paid ${at(2)}`, `cooking ${at(4)}`, `ready ${at(25)}`, 'completed -']);
    expect(collect).toMatchObject({ current: 'ready', expected: null });
    const deliver = progressAfter([...phoneOrder('DELIVER'), paid(2), printed(4), notified(25)])!;
    expect(stepsOf(deliver)).toEqual([`placed ${at(0)}`, `paid ${at(2)}`, `cooking ${at(4)}`, `on-its-way ${at(25)}`, 'completed -']);
    expect(deliver).toMatchObject({ current: 'on-its-way', method: 'DELIVER', expected: null });
  });

  it('completed: every step reached; one never notified shows that step passed without a time', () => {
    const events = [...phoneOrder(), paid(2), printed(4)];
    expect(stepsOf(progressAfter([...events, notified(25), completed(30)]))).toEqual([`placed ${at(0)}`, `paid ${at(2)}`, `cooking ${at(4)}`, `ready ${at(25)}`, `completed ${at(30)}`]);
    const unnotified = progressAfter([...events, completed(30)])!;
    expect(stepsOf(unnotified)).toEqual([`placed ${at(0)}`, `paid ${at(2)}`, `cooking ${at(4)}`, 'ready passed', `completed ${at(30)}`]);
    expect(unnotified).toMatchObject({ current: 'completed', expected: null });
  });

  it('lapsed: placed, then lapsed at its time, and nothing more', () => {
    const progress = progressAfter([...phoneOrder(), cancelled(20, 'lapsed')])!;
    expect(stepsOf(progress)).toEqual([`placed ${at(0)}`, `lapsed ${at(20)}`]);
    expect(progress).toMatchObject({ current: 'lapsed', expected: null, lapseAt: null });
  });

  it('cancelled by staff: placed, then cancelled at its time', () => {
    const progress = progressAfter([...phoneOrder(), cancelled(5, 'unpaid')])!;
    expect(stepsOf(progress)).toEqual([`placed ${at(0)}`, `cancelled ${at(5)}`]);
    expect(progress.current).toBe('cancelled');
  });
});

describe('money given back (issue 35)', () => {
  const refunded = (refundNo: number, amountPence: number, full: boolean): OrderEvent => ({
    type: 'OrderRefunded',
    data: { orderId, refundNo, requestId: `0000000${refundNo}-0000-4000-8000-000000000000`, amountPence, lines: [], restocked: false, byHand: true, full, reason: 'late', note: '', refundedAt: at(40), tradingDay: '2026-11-20' },
  });
  it('says how much went back, whether all of it, and by hand for a phone order; its event moves an open status page', () => {
    const paidOrder = [...phoneOrder(), paid(1), printed(2)];
    expect(progressAfter(paidOrder)!.refund).toBeNull();
    expect(progressAfter([...paidOrder, refunded(1, 200, false)])!.refund).toEqual({ refundedPence: 200, full: false, byHand: true, failedPence: 0 });
    expect(progressAfter([...paidOrder, refunded(1, 200, false), refunded(2, 750, true)])!.refund).toEqual({ refundedPence: 950, full: true, byHand: true, failedPence: 0 });
    expect(progressNewsOf(refunded(1, 200, false))).toEqual({ orderId });
    expect(refundSentence({ refundedPence: 200, full: false, byHand: false, failedPence: 0 })).toBe('PART REFUNDED: £2.00 of this order was refunded to your card (banks usually take 5 to 10 days to show it).');
    expect(refundSentence({ refundedPence: 950, full: true, byHand: true, failedPence: 0 })).toBe('REFUNDED: all of this order, £9.50, was given back to you by hand.');
    expect(refundSentence({ refundedPence: 950, full: true, byHand: false, failedPence: 0 }, 'PAYPAL')).toBe('REFUNDED: all of this order, £9.50, was refunded to your PayPal account.');
  });

  it('a card refund the bank refused: not counted as given, told to the customer, and its event moves an open status page', () => {
    const cardRefund = (refundNo: number, amountPence: number): OrderEvent => {
      const event = refunded(refundNo, amountPence, false);
      return { ...event, data: { ...(event.data as object), byHand: false } } as OrderEvent;
    };
    const failed: OrderEvent = { type: 'OrderRefundFailed', data: { orderId, refundNo: 1, amountPence: 200, standing: 'NONE', failedAt: at(41) } };
    const paidOrder = [...phoneOrder(), paid(1), printed(2)];
    expect(progressAfter([...paidOrder, cardRefund(1, 200), failed])!.refund).toEqual({ refundedPence: 0, full: false, byHand: false, failedPence: 200 });
    expect(progressAfter([...paidOrder, cardRefund(1, 200), failed, refunded(2, 200, false)])!.refund).toEqual({ refundedPence: 200, full: false, byHand: true, failedPence: 200 });
    expect(progressNewsOf(failed)).toEqual({ orderId });
    expect(refundSentence({ refundedPence: 0, full: false, byHand: false, failedPence: 200 })).toBe(
      'Your bank did not accept our refund of £2.00 to your card: we will give it back another way, so please call us.',
    );
    expect(refundSentence({ refundedPence: 950, full: true, byHand: true, failedPence: 200 })).toBe('REFUNDED: all of this order, £9.50, was given back to you by hand.');
  });
});

describe('progressNewsOf: what the order’s private channel is told', () => {
  it('each step’s event, for its order; not a reprint, nor a checkout event', () => {
    const news = (event: OrderEvent) => progressNewsOf(event);
    for (const event of [submitted('PHONE'), paid(1), printed(2), notified(3), completed(4), cancelled(5, 'lapsed')]) expect(news(event)).toEqual({ orderId });
    expect(news(printed(6, 2))).toBeUndefined();
    for (const event of inCheckout()) expect(news(event)).toBeUndefined();
  });
});

describe('the status words', () => {
  it('say every step in plain words, never the kitchen’s codes', () => {
    const steps = Object.keys(STEP_LABELS) as ProgressStepName[];
    const words = steps.flatMap((current) => [STEP_LABELS[current], STATUS_HEADLINES[current], statusSentence({ current, lapseAt: at(20), ref: 'AB12' }, '1 Park Row, Leeds')]);
    expect(words.filter((text) => text.trim() === '' || /AWAITING|PAYMENT|NEW|PRINTED|NOTIFIED|COMPLETE\b|CANCELLED|_/.test(text))).toEqual([]);
    expect(STATUS_HEADLINES.ready).toBe('Your order is ready');
    expect(STATUS_HEADLINES['on-its-way']).toBe('Your order is on its way');
    expect(toPay('2026-11-20T18:20:00.000Z')).toBe('to pay for your order by 18:20.');
    // London's 24-hour clock, summer time included.
    expect(expectedSentence({ method: 'COLLECT', expected: { readyBy: '2026-07-01T20:05:00.000Z' } })).toBe('We expect it to be ready at about 21:05.');
    expect(expectedSentence({ method: 'DELIVER', expected: { readyBy: '2026-11-20T20:05:00.000Z' } })).toBe('We expect it to leave the kitchen at about 20:05.');
    expect(expectedSentence({ method: 'COLLECT', expected: { minutesAfterPayment: 46 } })).toBe('Once it is paid, it will be ready in about 46 minutes.');
    expect(expectedSentence({ method: 'COLLECT', expected: null })).toBeNull();
  });
});
