import { randomUUID } from 'node:crypto';
import { cardPaymentProcess, checkoutProcess, unpaidLapseProcess, voucherStepUndoProcess } from '../../../modules/order';
import { USE_AWAITS_CARD } from '../../../modules/order/checkout/voucher-step-undo';
import type { AnyProcessDefinition, HandleInput } from '../../../src/process';
import { eventInput, firedTimer, runProcess } from '../../support/process-inputs';

const orderId = '55555555-5555-4555-8555-555555555555';
const at = '2026-11-20T19:00:00.000Z';
const never = async () => {
  throw new Error('a decider never sends');
};

/** Each input decided in turn on the process stream; answers the events and the commands and timers decided. */
const run = (definition: AnyProcessDefinition, inputs: Array<HandleInput['input']>) => runProcess(definition, orderId, inputs);

const event = (eventType: string, fact: object, when = at) => eventInput(eventType, fact, when);
const fired = firedTimer;

describe('the checkout process', () => {
  const definition = checkoutProcess({ finish: never });
  // One input each, as the stream would see it again on a repeat (ids are what make an input the same).
  const firstSale = event('StockSold', { event: 'sold', orderId });
  const secondSale = event('StockSold', { event: 'sold', orderId });
  const sold = () => firstSale;
  const undone = () => event('StockSaleCancelled', { event: 'undone', orderId });
  const stored = (type: string) => ({ id: randomUUID(), type, stream: `stock-1`, data: { orderId }, metadata: { at } }) as never;

  it('takes a sale only two minutes after it, unless the basket is checked out first (the last step, which withdraws it)', () => {
    expect(definition.receive(stored('StockSold'))).toEqual({ processId: orderId, fact: { event: 'sold', orderId }, waitUntil: '2026-11-20T19:02:00.000Z' });
    expect(definition.receive(stored('StockSaleCancelled'))).toMatchObject({ waitUntil: '2026-11-20T19:02:00.000Z' });
    expect(definition.withdrawnBy?.eventTypes).toEqual(['CartCheckedOut']);
    expect(definition.withdrawnBy?.processIdOf(stored('CartCheckedOut'))).toBe(orderId);
  });

  it('starts on the first sale with its finish timer due when the sale\'s wait ends', () => {
    const started = run(definition, [sold(), secondSale]);
    expect(started.timers).toEqual([{ timerId: expect.any(String), name: 'finish', dueAt: '2026-11-20T19:02:00.000Z' }]);
    expect(started.sent).toEqual([]);
  });

  it('asks to finish the order when the request was cut off after selling', () => {
    const { timers } = run(definition, [sold()]);
    expect(run(definition, [sold(), fired(timers[0])]).sent).toEqual([{ type: 'FinishCheckout', orderId, forward: true }]);
  });

  it('asks only to give back what is still sold when the request was undoing its own sale', () => {
    const { timers } = run(definition, [sold()]);
    expect(run(definition, [sold(), undone(), fired(timers[0])]).sent).toEqual([{ type: 'FinishCheckout', orderId, forward: false }]);
  });

  it('stays open for a later attempt of the same order, which gets a timer of its own', () => {
    const first = run(definition, [sold()]);
    const later = run(definition, [sold(), fired(first.timers[0]), event('StockSold', { event: 'sold', orderId }, '2026-11-20T19:10:00.000Z')]);
    expect(later.finished).toBe(false);
    expect(later.timers.map((timer) => timer.dueAt)).toEqual(['2026-11-20T19:02:00.000Z', '2026-11-20T19:12:00.000Z']);
  });
});

describe('the unpaid-lapse process', () => {
  const definition = unpaidLapseProcess({ lapse: never, returnUnits: never });
  const placed = event('OrderSubmitted', { event: 'submitted', orderId, lapseAt: '2026-11-20T19:20:00.000Z' });
  const submitted = () => placed;

  it('lapses an order nobody paid at its lapseAt, and gives its units back once it is cancelled', () => {
    const { timers } = run(definition, [submitted()]);
    expect(timers).toEqual([{ timerId: expect.any(String), name: 'lapse', dueAt: '2026-11-20T19:20:00.000Z' }]);
    const lapsing = run(definition, [submitted(), fired(timers[0])]);
    expect(lapsing.sent).toEqual([{ type: 'LapseUnpaidOrder', orderId }]);
    const lapsed = run(definition, [submitted(), fired(timers[0]), event('OrderCancelled', { event: 'cancelled', orderId })]);
    expect(lapsed.sent).toEqual([{ type: 'LapseUnpaidOrder', orderId }, { type: 'ReturnOrderUnits', orderId }]);
    expect(lapsed.finished).toBe(true);
  });

  it('takes a submission only at its lapseAt, unless the order is paid or cancelled first (which withdraws it)', () => {
    const stored = { id: randomUUID(), type: 'OrderSubmitted', data: { orderId, lapseAt: '2026-11-20T19:20:00.000Z' }, metadata: { at } } as never;
    expect(definition.receive(stored)).toMatchObject({ processId: orderId, waitUntil: '2026-11-20T19:20:00.000Z' });
    expect(definition.withdrawnBy?.eventTypes).toEqual(['OrderPaid', 'OrderCancelled']);
    expect(definition.advancesOn).not.toContain('OrderPaid');
  });

  it('sends nothing more when the lapse is refused because the order was paid meanwhile', () => {
    const { timers } = run(definition, [submitted()]);
    const raced = run(definition, [submitted(), fired(timers[0])]);
    const commandId = raced.all.find((e) => e.type === 'ProcessCommandIssued')!.data as { commandId: string };
    const refused = { kind: 'refused' as const, inputId: commandId.commandId, command: { type: 'LapseUnpaidOrder', orderId }, reason: 'paid', at };
    expect(run(definition, [submitted(), fired(timers[0]), refused]).sent).toEqual([{ type: 'LapseUnpaidOrder', orderId }]);
  });

  it('gives back the units of an order cancelled before it would lapse: the cancel starts the process', () => {
    const cancelled = run(definition, [event('OrderCancelled', { event: 'cancelled', orderId })]);
    expect(cancelled.sent).toEqual([{ type: 'ReturnOrderUnits', orderId }]);
    expect(cancelled.finished).toBe(true);
  });

  it('gives back the units of an order staff cancelled (again: their request may have died half way)', () => {
    const cancelled = run(definition, [submitted(), event('OrderCancelled', { event: 'cancelled', orderId })]);
    expect(cancelled.sent).toEqual([{ type: 'ReturnOrderUnits', orderId }]);
    expect(cancelled.finished).toBe(true);
  });

  it('starts no process for an order paid when it was placed', () => {
    const stored = { id: randomUUID(), type: 'OrderSubmitted', data: { orderId, lapseAt: null } } as never;
    expect(definition.receive(stored)).toBeUndefined();
  });
});

describe('the voucher step\'s undo', () => {
  const definition = voucherStepUndoProcess({ undoVoucherStep: never });
  const voucherId = '66666666-6666-4666-8666-666666666666';
  const reservation = event('VoucherUseReserved', { orderId, voucherId });
  const reserved = () => reservation;
  const stored = (type: string, data: object = { orderId, voucherId }) => ({ id: randomUUID(), type, stream: `voucher-${voucherId}`, data, metadata: { at } }) as never;
  const answered = (kind: 'succeeded' | 'refused', decided: ReturnType<typeof run>, reason = '') => {
    const issued = decided.all.filter((e) => e.type === 'ProcessCommandIssued').at(-1)!.data as { commandId: string; command: object };
    return { kind, inputId: issued.commandId, command: issued.command, reason, at: '2026-11-20T19:02:00.000Z' } as HandleInput['input'];
  };

  it('takes a reservation only after the checkout\'s wait: the order\'s placing, the use\'s confirmation or release withdraws it first', () => {
    expect(definition.startsOn).toEqual(['VoucherUseReserved']);
    expect(definition.receive(stored('VoucherUseReserved'))).toEqual({ processId: orderId, fact: { orderId, voucherId }, waitUntil: '2026-11-20T19:02:00.000Z' });
    expect(definition.withdrawnBy?.eventTypes).toEqual(['OrderSubmitted', 'VoucherUseConfirmed', 'VoucherUseReleased']);
    // A phone order placed, a card order paid and placed (both OrderSubmitted), a use confirmed or given back.
    expect(definition.withdrawnBy?.processIdOf(stored('OrderSubmitted', { orderId, cardAttempt: 1 }))).toBe(orderId);
    expect(definition.withdrawnBy?.processIdOf(stored('VoucherUseConfirmed'))).toBe(orderId);
    expect(definition.withdrawnBy?.processIdOf(stored('VoucherUseReleased'))).toBe(orderId);
  });

  it('starts on a reservation still there after the wait, with its undo timer due then', () => {
    const started = run(definition, [reserved()]);
    expect(started.timers).toEqual([{ timerId: expect.any(String), name: `undo-${voucherId}`, dueAt: '2026-11-20T19:02:00.000Z' }]);
    expect(started.sent).toEqual([]);
  });

  it('asks the checkout to undo the voucher step when the timer fires (it releases the use unless the order was placed with it)', () => {
    const { timers } = run(definition, [reserved()]);
    const fires = run(definition, [reserved(), fired(timers[0])]);
    expect(fires.sent).toEqual([{ type: 'UndoVoucherStep', orderId, voucherId }]);
    // Undone, or kept for a placed order: nothing more, and the process stays open for a later reservation.
    const done = run(definition, [reserved(), fired(timers[0]), answered('succeeded', fires)]);
    expect(done.sent).toHaveLength(1);
    expect(done.timers).toHaveLength(1);
    expect(done.finished).toBe(false);
  });

  it('asks again after another wait while a card attempt owns the use; any other refusal ends the asking', () => {
    const { timers } = run(definition, [reserved()]);
    const fires = run(definition, [reserved(), fired(timers[0])]);
    const waiting = run(definition, [reserved(), fired(timers[0]), answered('refused', fires, USE_AWAITS_CARD)]);
    expect(waiting.timers.map((timer) => timer.dueAt)).toEqual(['2026-11-20T19:02:00.000Z', '2026-11-20T19:04:00.000Z']);
    const again = run(definition, [reserved(), fired(timers[0]), answered('refused', fires, USE_AWAITS_CARD), fired(waiting.timers[1])]);
    expect(again.sent).toEqual([{ type: 'UndoVoucherStep', orderId, voucherId }, { type: 'UndoVoucherStep', orderId, voucherId }]);
    expect(run(definition, [reserved(), fired(timers[0]), answered('refused', fires, 'There is no such voucher')]).timers).toHaveLength(1);
  });

  it('watches a later reservation of the same order, and each voucher of an order that changed its voucher', () => {
    const other = '77777777-7777-4777-8777-777777777777';
    const first = run(definition, [reserved()]);
    const later = run(definition, [reserved(), fired(first.timers[0]), event('VoucherUseReserved', { orderId, voucherId }, '2026-11-20T19:10:00.000Z')]);
    expect(later.timers.map((timer) => timer.dueAt)).toEqual(['2026-11-20T19:02:00.000Z', '2026-11-20T19:12:00.000Z']);
    const otherReserved = event('VoucherUseReserved', { orderId, voucherId: other });
    const both = run(definition, [reserved(), otherReserved]);
    expect(both.timers.map((timer) => timer.name)).toEqual([`undo-${voucherId}`, `undo-${other}`]);
    const fires = run(definition, [reserved(), otherReserved, fired(both.timers[1])]);
    expect(fires.sent).toEqual([{ type: 'UndoVoucherStep', orderId, voucherId: other }]);
  });
});

describe('the card payment watch, for a PayPal attempt the shop ended', () => {
  const never = async () => undefined;
  const definition = cardPaymentProcess({ reconcile: never, watch: never, lapse: never, refund: never });
  const cancelled = (provider: 'stripe' | 'paypal') =>
    ({ id: randomUUID(), type: 'PaymentCancelled', stream: `payment-${orderId}`, data: { orderId, attempt: 2, intentId: 'X', at, provider }, metadata: { at } }) as never;

  it("is withdrawn by a Stripe attempt's cancellation, which Stripe guarantees, but not by PayPal's", () => {
    expect(definition.withdrawnBy?.processIdOf(cancelled('stripe'))).toBe(`${orderId}-2`);
    expect(definition.withdrawnBy?.processIdOf(cancelled('paypal'))).toBeUndefined();
  });

  it('looks at the PayPal order once more ten minutes after the ending, then finishes', () => {
    const received = definition.receive(cancelled('paypal'))!;
    expect(received).toEqual({ processId: `${orderId}-2`, fact: { event: 'cancelledAtPayPal', orderId, attempt: 2 }, waitUntil: '2026-11-20T19:10:00.000Z' });
    // The attempt's start is looked at first (its own wait, ten minutes after it started), then the ending's.
    const started = event('PaymentStarted', { event: 'started', orderId, attempt: 2 }, '2026-11-20T19:09:00.000Z');
    const looked = run(definition as unknown as AnyProcessDefinition, [started, event('PaymentCancelled', received.fact, received.waitUntil)]);
    expect(looked.sent).toEqual([
      { type: 'WatchCardPayment', orderId, attempt: 2 },
      { type: 'WatchCardPayment', orderId, attempt: 2 },
    ]);
    expect(looked.finished).toBe(true);
    // Stripe's cancellation is final: the watch finishes without asking.
    const stripe = definition.receive(cancelled('stripe'))!;
    const finished = run(definition as unknown as AnyProcessDefinition, [started, event('PaymentCancelled', stripe.fact)]);
    expect(finished.sent).toEqual([{ type: 'WatchCardPayment', orderId, attempt: 2 }]);
    expect(finished.finished).toBe(true);
  });
});
