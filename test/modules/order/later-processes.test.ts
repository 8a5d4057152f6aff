import { randomUUID } from 'node:crypto';
import { scheduledReleaseProcess, windowReturnProcess } from '../../../modules/order';
import type { AnyProcessDefinition, HandleInput } from '../../../src/process';
import { eventInput, firedTimer, runProcess } from '../../support/process-inputs';

/** Issue 37's two processes, decided on the injected inputs: the release of an order for later, and a window place given back. */
const orderId = '55555555-5555-4555-8555-555555555555';
const at = '2026-11-20T18:05:00.000Z';
const never = async () => {
  throw new Error('a decider never sends');
};

const run = (definition: AnyProcessDefinition, inputs: Array<HandleInput['input']>) => runProcess(definition, orderId, inputs);
const event = (eventType: string, fact: object, when = at) => eventInput(eventType, fact, when);
const fired = firedTimer;
const stored = (type: string, data: object) => ({ id: randomUUID(), type, stream: `order-${orderId}`, data: { orderId, ...data }, metadata: { at } }) as never;

describe('the scheduled-release process', () => {
  const definition = scheduledReleaseProcess({ release: never });
  const releaseAt = '2026-11-20T19:10:00.000Z';

  it('takes a payment held for later only at its release, unless the order is printed or released first', () => {
    expect(definition.receive(stored('OrderPaid', { paidAt: at, dueBy: '2026-11-20T19:30:00.000Z', releaseAt }))).toEqual({ processId: orderId, fact: { orderId, releaseAt }, waitUntil: releaseAt });
    expect(definition.withdrawnBy?.eventTypes).toEqual(['OrderPrinted', 'OrderReleased']);
  });

  it('starts nothing for an order as soon as possible', () => {
    expect(definition.receive(stored('OrderPaid', { paidAt: at, dueBy: '2026-11-20T18:36:00.000Z' }))).toBeUndefined();
  });

  it('releases the order at its time, once', () => {
    const paid = event('OrderPaid', { orderId, releaseAt });
    const { timers } = run(definition, [paid]);
    expect(timers).toEqual([{ timerId: expect.any(String), name: 'release', dueAt: releaseAt }]);
    const released = run(definition, [paid, fired(timers[0])]);
    expect(released.sent).toEqual([{ type: 'ReleaseScheduledOrder', orderId }]);
    const commandId = (released.all.find((e) => e.type === 'ProcessCommandIssued')!.data as { commandId: string }).commandId;
    const succeeded = { kind: 'succeeded' as const, inputId: commandId, command: { type: 'ReleaseScheduledOrder' }, at: releaseAt };
    expect(run(definition, [paid, fired(timers[0]), succeeded]).finished).toBe(true);
  });
});

describe('the window-return process', () => {
  const definition = windowReturnProcess({ giveBack: never });

  it('gives the place back for a cancelled or lapsed order, and a full refund before printing', () => {
    expect(definition.receive(stored('OrderCancelled', { cancelledAt: at, reason: 'unpaid' }))).toEqual({ processId: orderId, fact: { orderId, reason: 'cancelled' } });
    expect(definition.receive(stored('OrderCancelled', { cancelledAt: at, reason: 'lapsed' }))).toEqual({ processId: orderId, fact: { orderId, reason: 'lapsed' } });
    expect(definition.receive(stored('OrderRefunded', { full: true, restocked: true }))).toEqual({ processId: orderId, fact: { orderId, reason: 'refunded' } });
    expect(run(definition, [event('OrderCancelled', { orderId, reason: 'lapsed' })]).sent).toEqual([{ type: 'GiveKitchenPlaceBack', orderId, reason: 'lapsed' }]);
  });

  it('keeps the place of an order refunded in part, or after its ticket was printed (it was cooked)', () => {
    expect(definition.receive(stored('OrderRefunded', { full: false, restocked: true }))).toBeUndefined();
    expect(definition.receive(stored('OrderRefunded', { full: true, restocked: false }))).toBeUndefined();
  });
});
