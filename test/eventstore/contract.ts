import { randomUUID } from 'node:crypto';
import { EventStore, NewEvent, ORIGIN, StoredEvent, WrongExpectedVersion } from '../../src/eventstore/types';

export function newEvent(type: string, data: Record<string, unknown> = {}): NewEvent {
  return {
    id: randomUUID(),
    type,
    data,
    metadata: { correlationId: randomUUID(), causationId: randomUUID(), actor: 'system', at: new Date().toISOString() },
  };
}

function uniqueStream(category: string): string {
  return `${category}-${randomUUID()}`;
}

/** Every event of `$all` after `after`, read in pages. */
export async function readAllEvents(store: EventStore, after = ORIGIN): Promise<StoredEvent[]> {
  const events: StoredEvent[] = [];
  let position = after;
  for (;;) {
    const page = await store.readAll({ after: position, limit: 200 });
    if (page.length === 0) return events;
    events.push(...page);
    position = page[page.length - 1].position;
  }
}

/** The contract both adapters must pass. Streams are random per test so a shared server is fine. */
export function eventStoreContract(
  name: string,
  makeStore: () => Promise<{ store: EventStore; cleanup(): Promise<void> }>,
): void {
  describe(`event store contract: ${name}`, () => {
    let store: EventStore;
    let cleanup: () => Promise<void>;

    beforeAll(async () => {
      ({ store, cleanup } = await makeStore());
    });
    afterAll(async () => {
      await cleanup();
    });

    describe('append and read a stream', () => {
      it('appends to a new stream with no_stream and reads the events back in order with 0-based revisions', async () => {
        const stream = uniqueStream('order');
        const events = [newEvent('OrderPlaced', { totalPence: 1250 }), newEvent('OrderPrinted', { copy: 1 })];
        const result = await store.append(stream, events, { expectedRevision: 'no_stream' });
        expect(result.nextRevision).toBe(1n);
        const read = await store.read(stream);
        expect(read.revision).toBe(1n);
        expect(read.events.map((e) => [e.id, e.type, e.revision, e.stream])).toEqual([
          [events[0].id, 'OrderPlaced', 0n, stream],
          [events[1].id, 'OrderPrinted', 1n, stream],
        ]);
        expect(read.events[0].data).toEqual({ totalPence: 1250 });
        expect(read.events[0].metadata).toEqual(events[0].metadata);
        expect(read.events[1].position > read.events[0].position).toBe(true);
        expect(read.events[1].position).toBe(result.position);
      });

      it('answers no_stream for a stream that does not exist', async () => {
        expect(await store.read(uniqueStream('cart'))).toEqual({ revision: 'no_stream', events: [] });
      });

      it('refuses no_stream when the stream exists, reporting its actual revision', async () => {
        const stream = uniqueStream('cart');
        await store.append(stream, [newEvent('CartOpened')], { expectedRevision: 'no_stream' });
        const error = await store.append(stream, [newEvent('ItemAdded')], { expectedRevision: 'no_stream' }).catch((e) => e);
        expect(error).toBeInstanceOf(WrongExpectedVersion);
        expect(error.actual).toBe(0n);
        expect((await store.read(stream)).events).toHaveLength(1);
      });

      it('appends with the exact expected revision and refuses a stale one', async () => {
        const stream = uniqueStream('cart');
        await store.append(stream, [newEvent('CartOpened')], { expectedRevision: 'no_stream' });
        await store.append(stream, [newEvent('ItemAdded')], { expectedRevision: 0n });
        const stale = await store.append(stream, [newEvent('ItemAdded')], { expectedRevision: 0n }).catch((e) => e);
        expect(stale).toBeInstanceOf(WrongExpectedVersion);
        expect(stale.actual).toBe(1n);
        const missing = await store
          .append(uniqueStream('cart'), [newEvent('ItemAdded')], { expectedRevision: 3n })
          .catch((e) => e);
        expect(missing).toBeInstanceOf(WrongExpectedVersion);
        expect(missing.actual).toBe('no_stream');
      });

      it('appends with any, whether or not the stream exists', async () => {
        const stream = uniqueStream('store');
        await store.append(stream, [newEvent('StoreOpened')], { expectedRevision: 'any' });
        const result = await store.append(stream, [newEvent('StoreClosed')], { expectedRevision: 'any' });
        expect(result.nextRevision).toBe(1n);
      });

      it('lets exactly one of two concurrent appends at the same revision win', async () => {
        const stream = uniqueStream('stock');
        await store.append(stream, [newEvent('StockSet', { units: 5 })], { expectedRevision: 'no_stream' });
        const outcomes = await Promise.allSettled(
          Array.from({ length: 8 }, () => store.append(stream, [newEvent('UnitReserved')], { expectedRevision: 0n })),
        );
        expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
        const rejected = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
        expect(rejected).toHaveLength(7);
        for (const r of rejected) expect(r.reason).toBeInstanceOf(WrongExpectedVersion);
        expect((await store.read(stream)).revision).toBe(1n);
      });

      it('stores a retried append with the same event ids once and answers the same result', async () => {
        const stream = uniqueStream('order');
        const batch = [newEvent('OrderPlaced'), newEvent('OrderPaid')];
        const first = await store.append(stream, batch, { expectedRevision: 'no_stream' });
        const retried = await store.append(stream, batch, { expectedRevision: 'no_stream' });
        expect(retried).toEqual(first);
        const concurrent = await Promise.all([1, 2, 3].map(() => store.append(stream, batch, { expectedRevision: 'no_stream' })));
        for (const result of concurrent) expect(result).toEqual(first);
        expect((await store.read(stream)).events).toHaveLength(2);
      });

      it('reads a stream from a revision with a maximum count', async () => {
        const stream = uniqueStream('cart');
        await store.append(stream, [1, 2, 3, 4].map((n) => newEvent('ItemAdded', { n })), { expectedRevision: 'no_stream' });
        const slice = await store.read(stream, { fromRevision: 1n, maxCount: 2 });
        expect(slice.events.map((e) => e.data)).toEqual([{ n: 2 }, { n: 3 }]);
        expect(slice.revision).toBe(3n);
      });
    });

    describe('$all', () => {
      it('reads every stream in commit order, after a position, exclusively', async () => {
        const start = await store.headPosition();
        const a = uniqueStream('cart');
        const b = uniqueStream('order');
        await store.append(a, [newEvent('A1')], { expectedRevision: 'no_stream' });
        await store.append(b, [newEvent('B1'), newEvent('B2')], { expectedRevision: 'no_stream' });
        const last = await store.append(a, [newEvent('A2')], { expectedRevision: 0n });
        const mine = (await readAllEvents(store, start)).filter((e) => e.stream === a || e.stream === b);
        expect(mine.map((e) => e.type)).toEqual(['A1', 'B1', 'B2', 'A2']);
        const positions = mine.map((e) => e.position);
        expect([...positions].sort()).toEqual(positions);
        expect(new Set(positions).size).toBe(4);
        const afterFirst = await store.readAll({ after: mine[0].position, limit: 1 });
        expect(afterFirst[0].id).toBe(mine[1].id);
        expect(await store.headPosition()).toBe(last.position);
        expect(await store.lastCommittedPosition()).toBe(last.position);
      });

      it('subscribes from a position: catches up, then receives live events, one at a time', async () => {
        const start = await store.headPosition();
        const stream = uniqueStream('order');
        await store.append(stream, [newEvent('Before')], { expectedRevision: 'no_stream' });
        const controller = new AbortController();
        const seen: string[] = [];
        let inHandler = 0;
        let overlapped = false;
        let resolveDone!: () => void;
        const done = new Promise<void>((resolve) => (resolveDone = resolve));
        const running = store.subscribeAll({
          after: start,
          signal: controller.signal,
          onEvent: async (event) => {
            if (event.stream !== stream) return;
            inHandler += 1;
            if (inHandler > 1) overlapped = true;
            await new Promise((resolve) => setImmediate(resolve));
            seen.push(event.type);
            inHandler -= 1;
            if (seen.length === 3) resolveDone();
          },
        });
        await store.append(stream, [newEvent('Live1')], { expectedRevision: 0n });
        await store.append(stream, [newEvent('Live2')], { expectedRevision: 1n });
        await done;
        controller.abort();
        await running;
        expect(seen).toEqual(['Before', 'Live1', 'Live2']);
        expect(overlapped).toBe(false);
      });
    });
  });
}
