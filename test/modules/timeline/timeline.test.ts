import { describeOrderEvent } from '../../../modules/timeline/describe';
import { clockCausesOf, linksBetween, maskedData, whoOf, wordsOf } from '../../../modules/timeline/timeline';
import { ORDER_PERSONAL_DATA } from '../../../modules/order';
import type { Position, StoredEvent } from '../../../src/eventstore/types';

/** The timeline's pure parts (issue 40 item 1): who, the ties between entries, masking. The API test reads a whole order. */
let sequence = 0;
const stored = (type: string, data: Record<string, unknown>, metadata: Partial<StoredEvent['metadata']> = {}, stream = 'order-1'): StoredEvent => {
  sequence += 1;
  return {
    id: `event-${sequence}`,
    type,
    data,
    stream,
    revision: BigInt(sequence),
    position: String(sequence).padStart(5, '0') as Position,
    recordedAt: new Date('2026-11-20T19:00:00Z'),
    metadata: { correlationId: 'c', causationId: 'c', actor: 'system', at: '2026-11-20T19:00:00.000Z', ...metadata },
  };
};

describe('an order’s timeline, its pure parts', () => {
  it('names the store clock for what a process’s timer caused, a process otherwise, and a staff login by email and role', () => {
    const timer = stored('ProcessInputHandled', { input: { kind: 'timer', inputId: 'timer-1', name: 'lapse', dueAt: '2026-11-20T19:30:00.000Z', at: '2026-11-20T19:30:00.000Z' } }, { causationId: 'timer-1' }, 'process-unpaidLapse-1');
    const issued = stored('ProcessCommandIssued', { commandId: 'command-1', command: { type: 'LapseOrder' }, correlationId: 'c' }, { causationId: 'timer-1' }, 'process-unpaidLapse-1');
    const lapsed = stored('OrderCancelled', { orderId: '1', cancelledAt: '2026-11-20T19:30:00.000Z', reason: 'lapsed' }, { causationId: 'command-1' });
    const heard = stored('ProcessInputHandled', { input: { kind: 'event', inputId: lapsed.id, eventType: 'OrderCancelled', fact: {}, at: '2026-11-20T19:30:00.000Z' } }, { causationId: lapsed.id }, 'process-windowReturn-1');
    const paid = stored('OrderPaid', { orderId: '1', paidAt: '2026-11-20T19:00:00.000Z', dueBy: '2026-11-20T19:31:00.000Z' }, { actor: 'manager-1' });
    const events = [timer, issued, lapsed, heard, paid];
    const clockCauses = clockCausesOf(events);
    expect(clockCauses).toEqual(new Set(['timer-1', 'command-1']));
    const accounts = new Map([['manager-1', { email: 'boss@example.com', role: 'manager' as const }]]);
    expect(whoOf(lapsed, accounts, clockCauses)).toEqual({ kind: 'clock', label: 'The store clock' });
    expect(whoOf(heard, accounts, clockCauses)).toEqual({ kind: 'process', label: 'A process of the shop' });
    expect(whoOf(paid, accounts, clockCauses)).toEqual({ kind: 'staff', label: 'boss@example.com (manager)' });
    expect(whoOf(stored('CartOpened', { cartId: 'x' }, { actor: 'customer:guest-1' }), accounts, clockCauses)).toEqual({ kind: 'customer', label: 'The customer' });
    expect(wordsOf(lapsed, () => 'Korma')).toBe('Order lapsed: not paid in time');
    expect(wordsOf(timer, () => 'Korma')).toBe('Process unpaidLapse: timer lapse went off');
    const links = linksBetween(events, []);
    expect(links.get(heard.id)).toEqual([{ id: lapsed.id, label: 'The event the process heard' }]);
    expect(links.get(lapsed.id)).toEqual([{ id: issued.id, label: 'The process command behind it' }]);
  });

  it('ties the payment that paid the order, and the card refund behind a staff refund by its number', () => {
    const paid = stored('OrderPaid', { orderId: '1', paidAt: '2026-11-20T19:00:00.000Z', dueBy: '2026-11-20T19:31:00.000Z' });
    const payment = stored('PaymentSucceeded', { orderId: '1', attempt: 1, intentId: 'pi', amountPence: 855, at: '2026-11-20T19:00:00.000Z' }, {}, 'payment-1');
    const refund = stored('OrderRefunded', { orderId: '1', refundNo: 2, amountPence: 100 });
    const otherCard = stored('RefundDue', { orderId: '1', refundNo: 1, amountPence: 50 }, {}, 'payment-1');
    const card = stored('RefundDue', { orderId: '1', refundNo: 2, amountPence: 100 }, {}, 'payment-1');
    const links = linksBetween([payment, paid, otherCard, refund, card], []);
    expect(links.get(paid.id)).toEqual([{ id: payment.id, label: 'The payment that paid it' }]);
    expect(links.get(payment.id)).toEqual([{ id: paid.id, label: 'The order it paid' }]);
    expect(links.get(refund.id)).toEqual([{ id: card.id, label: 'The card refund' }]);
    expect(links.get(otherCard.id)).toBeUndefined();
  });

  it('masks each declared personal field but keeps "[erased]" and blanks; words carry no personal field', () => {
    const data = { orderId: '1', email: 'kim@example.com', fullName: '[erased]', address2: '', phone: '07911 123456' };
    expect(maskedData('DeliveryDetailsGiven', data, ORDER_PERSONAL_DATA)).toEqual({ orderId: '1', email: '[hidden]', fullName: '[erased]', address2: '', phone: '[hidden]' });
    expect(maskedData('OrderPaid', { orderId: '1' }, ORDER_PERSONAL_DATA)).toEqual({ orderId: '1' });
    const placed = { type: 'OrderPlaced' as const, data: { orderId: '1', cartId: '2', userId: null, email: 'kim@example.com', items: [], itemsTotalPence: 0, note: 'ring twice' } };
    expect(describeOrderEvent(placed)).not.toMatch(/kim|ring/);
  });
});
