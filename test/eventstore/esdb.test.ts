import {
  ANY,
  AccessDeniedError,
  CancelledError,
  EventStoreDBClient,
  NO_STREAM,
  START,
  StreamDeletedError,
  StreamNotFoundError,
  UnavailableError,
  WrongExpectedVersionError,
  jsonEvent,
  type RecordedEvent,
} from '@eventstore/db-client';
import { createEsdbEventStore } from '../../src/eventstore/esdb';
import {
  appendFailure,
  appendResultOf,
  commitOf,
  formatPosition,
  isStreamNotFound,
  isSystemEvent,
  isTransientFailure,
  pageSizeFor,
  readPositionAt,
  resubscribeDelay,
  toEsdbEvent,
  toEsdbExpectedRevision,
  toStoredEvent,
} from '../../src/eventstore/esdb-mapping';
import { DuplicateEventId, ORIGIN, WrongExpectedVersion, type EventStore, type NewEvent, type Position, type StoredEvent } from '../../src/eventstore/types';
import { startFakeEsdb, type FakeEsdb } from '../../src/fake-esdb/server';
import { adminCookie, count, staffOrdersUrl } from '../api/http';
import { shopper } from '../api/shopper';
import { startTestServer, type TestServer } from '../support/server';
import { connectSse } from '../support/sse-client';
import { until } from '../support/until';
import { eventStoreContract, newEvent as contractEvent } from './contract';

// Against the local fake EventStoreDB in every run (the real client over gRPC, batch appends as a 23.10 node offers
// them, then single appends as an older node's); against a real node too when EVENTSTORE_CONNECTION_STRING is set.
for (const [name, batchAppend] of [['esdb', true], ['esdb, a node without BatchAppend', false]] as const) {
  eventStoreContract(name, async () => {
    const fake = await startFakeEsdb({ batchAppend });
    const store = createEsdbEventStore(fake.connectionString);
    return {
      store,
      cleanup: async () => {
        await store.close();
        await fake.close();
      },
    };
  });
}

const connectionString = process.env.EVENTSTORE_CONNECTION_STRING;
if (connectionString) {
  eventStoreContract('esdb, a real node', async () => {
    const store = createEsdbEventStore(connectionString);
    return { store, cleanup: () => store.close() };
  });
}

const metadata = { correlationId: 'c-1', causationId: 'c-0', actor: 'system', at: '2026-11-24T08:00:00.000Z' };
const created = new Date('2026-11-24T08:00:01.000Z');

function recorded(overrides: Partial<RecordedEvent> = {}): RecordedEvent {
  return {
    streamId: 'cart-1',
    id: '0b6f3f0e-5d1c-4c39-8a55-2f9a7c1d0e01',
    isJson: true,
    revision: 4n,
    type: 'CartOpened',
    created,
    data: { owner: 'customer:abc' },
    metadata,
    position: { commit: 1234n, prepare: 1234n },
    ...overrides,
  } as RecordedEvent;
}

function newEvent(id: string, data: unknown, type = 'ItemAdded'): NewEvent {
  return { id, type, data, metadata };
}

function stored(id: string, data: unknown, revision: bigint, commit: bigint, type = 'ItemAdded'): StoredEvent {
  return { id, type, data, metadata, stream: 'cart-1', revision, position: formatPosition(commit), recordedAt: created };
}

describe('EventStoreDB positions', () => {
  it('writes a commit position as 20 digits, so positions sort as text in commit order', () => {
    expect(formatPosition(42n)).toBe('00000000000000000042');
    expect(formatPosition(18446744073709551615n)).toBe('18446744073709551615');
    const commits = [10n, 9n, 100n, 1n];
    expect(commits.map(formatPosition).sort()).toEqual([1n, 9n, 10n, 100n].map(formatPosition));
  });

  it('reads a position back as its commit, and the origin as reading from the start', () => {
    expect(commitOf(formatPosition(1234n))).toBe(1234n);
    expect(commitOf(undefined)).toBeUndefined();
    expect(commitOf(ORIGIN)).toBeUndefined();
    expect(commitOf(formatPosition(0n))).toBeUndefined();
    expect(readPositionAt(undefined)).toBe(START);
    expect(readPositionAt(1234n)).toEqual({ commit: 1234n, prepare: 1234n });
  });

  it("refuses a position that is not EventStoreDB's, such as a Postgres one", () => {
    expect(() => commitOf('00000000000000000007.00000000000000000003' as Position)).toThrow('Not an EventStoreDB event-store position');
    expect(() => commitOf('-1' as Position)).toThrow('Not an EventStoreDB event-store position');
  });

  it('reads pages of at least 100 and at most 1000 records, one more than asked for', () => {
    expect([1, 150, 999, 5000].map(pageSizeFor)).toEqual([100, 151, 1000, 1000]);
  });
});

describe('EventStoreDB events and records', () => {
  it("appends a port event as a JSON record under the writer's id", () => {
    expect(toEsdbEvent(newEvent('7d8e0c35-36a4-4f0b-9d8e-0e4f1a2b3c4d', { productId: 3 }))).toEqual({
      id: '7d8e0c35-36a4-4f0b-9d8e-0e4f1a2b3c4d',
      contentType: 'application/json',
      type: 'ItemAdded',
      data: { productId: 3 },
      metadata,
    });
  });

  it("turns a read record into the port's stored event", () => {
    expect(toStoredEvent({ event: recorded() })).toEqual({
      id: '0b6f3f0e-5d1c-4c39-8a55-2f9a7c1d0e01',
      type: 'CartOpened',
      data: { owner: 'customer:abc' },
      metadata,
      stream: 'cart-1',
      revision: 4n,
      position: '00000000000000001234',
      recordedAt: created,
    });
  });

  it("takes the position from the record's commit position when the event carries none", () => {
    expect(toStoredEvent({ event: recorded({ position: undefined }), commitPosition: 99n }).position).toBe('00000000000000000099');
  });

  it('refuses a record without an event, without a position (servers before 22.6) or without JSON metadata', () => {
    expect(() => toStoredEvent({ commitPosition: 5n })).toThrow('without an event');
    expect(() => toStoredEvent({ event: recorded({ position: undefined }) })).toThrow('EventStoreDB 22.6 or later is required');
    for (const bad of [undefined, new Uint8Array([1, 2]), ['actor']]) {
      expect(() => toStoredEvent({ event: recorded({ metadata: bad } as Partial<RecordedEvent>) })).toThrow('has no JSON metadata object');
    }
  });

  it('tells system events ($ types, $ streams) from ours', () => {
    expect(isSystemEvent(recorded())).toBe(false);
    expect(isSystemEvent(recorded({ type: '$metadata' }))).toBe(true);
    expect(isSystemEvent(recorded({ streamId: '$stats-127.0.0.1:2113' }))).toBe(true);
  });
});

describe('EventStoreDB appends', () => {
  it("asks for the expected revision in the client's terms", () => {
    expect(toEsdbExpectedRevision('no_stream')).toBe(NO_STREAM);
    expect(toEsdbExpectedRevision('any')).toBe(ANY);
    expect(toEsdbExpectedRevision(6n)).toBe(6n);
  });

  it("answers with the acknowledged revision and the position of the batch's last event", () => {
    const sent = [newEvent('a', { n: 1 }), newEvent('b', { n: 2 })];
    expect(appendResultOf('cart-1', sent, [stored('a', { n: 1 }, 5n, 300n), stored('b', { n: 2 }, 6n, 301n)], 6n)).toEqual({
      nextRevision: 6n,
      position: '00000000000000000301',
    });
  });

  it('takes a retried event as the stored one when its body is the same once stored as JSON', () => {
    const retried = [newEvent('a', { n: 1, note: undefined, at: new Date('2026-11-24T08:00:00.000Z') })];
    const kept = [stored('a', { n: 1, at: '2026-11-24T08:00:00.000Z' }, 5n, 300n)];
    expect(appendResultOf('cart-1', retried, kept, 5n)).toEqual({ nextRevision: 5n, position: '00000000000000000300' });
  });

  it('refuses an event id reused with another body or type, which EventStoreDB itself would take as a retry', () => {
    const kept = [stored('a', { n: 1 }, 5n, 300n)];
    expect(() => appendResultOf('cart-1', [newEvent('a', { n: 2 })], kept, 5n)).toThrow(DuplicateEventId);
    expect(() => appendResultOf('cart-1', [newEvent('a', { n: 1 }, 'ItemRemoved')], kept, 5n)).toThrow(DuplicateEventId);
  });

  it('fails loudly when the acknowledged revisions do not hold the events sent', () => {
    expect(() => appendResultOf('cart-1', [newEvent('a', { n: 1 })], [stored('z', { n: 1 }, 5n, 300n)], 5n)).toThrow(
      'EventStoreDB acknowledged cart-1 up to 5 but does not hold event a there',
    );
    expect(() => appendResultOf('cart-1', [newEvent('a', { n: 1 })], [], 5n)).toThrow('does not hold event a');
  });
});

describe('EventStoreDB errors', () => {
  it("turns the client's version conflict into the port's WrongExpectedVersion, with the stream's actual revision", () => {
    const conflict = new WrongExpectedVersionError(undefined, { streamName: 'cart-1', expected: 2n, current: 3n });
    const failure = appendFailure('cart-1', 2n, conflict);
    expect(failure).toBeInstanceOf(WrongExpectedVersion);
    expect(failure).toMatchObject({ stream: 'cart-1', expected: 2n, actual: 3n });

    const missing = new WrongExpectedVersionError(undefined, { streamName: 'cart-2', expected: 0n, current: 'no_stream' });
    expect(appendFailure('cart-2', 0n, missing)).toMatchObject({ stream: 'cart-2', expected: 0n, actual: 'no_stream' });
  });

  it('passes any other failure on as it is', () => {
    const refused = new Error('connection refused');
    expect(appendFailure('cart-1', 'any', refused)).toBe(refused);
  });

  it('tells a missing stream from other read failures', () => {
    expect(isStreamNotFound(new StreamNotFoundError(undefined, 'cart-1'))).toBe(true);
    expect(isStreamNotFound(new Error('cart-1 not found'))).toBe(false);
  });
});

describe('EventStoreDB subscriptions that drop', () => {
  it('subscribes again after a transient failure, from its last event, waiting longer while it keeps failing', () => {
    for (const transient of [new UnavailableError(), new CancelledError()]) expect(isTransientFailure(transient)).toBe(true);
    for (const lasting of [new AccessDeniedError(), new StreamDeletedError(undefined, 'cart-1'), new Error('bad record')]) {
      expect(isTransientFailure(lasting)).toBe(false);
    }
    expect([1, 2, 3, 4, 10].map((failures) => resubscribeDelay(failures, 100, 1000))).toEqual([100, 200, 400, 800, 1000]);
  });
});

/** Issue 43 items 1 and 3: the faults a node can have, through the real client and the adapter, against the fake. */
describe('EventStoreDB faults, against the fake node', () => {
  let fake: FakeEsdb;
  let store: EventStore;

  beforeAll(async () => {
    fake = await startFakeEsdb();
    store = createEsdbEventStore(fake.connectionString, { firstResubscribeDelayMs: 10, maxResubscribeDelayMs: 50 });
  });
  afterAll(async () => {
    await store.close();
    await fake.close();
  });

  it('resumes a dropped subscription from its last event: every event once, in order, whatever the node did', async () => {
    const written: string[] = [];
    const append = async (stream: string, count: number, bytes = 0) => {
      const events = Array.from({ length: count }, (_, n) => contractEvent('Written', { n, padding: 'x'.repeat(bytes) }));
      await store.append(stream, events, { expectedRevision: 'any' });
      written.push(...events.map((event) => event.id));
    };
    // Events before the subscription starts, so that it is dropped while still catching up (2 kB each: far more
    // than the client takes in ahead of its subscriber; the node says whether it had caught up).
    await append('catch-up-1', 200, 2048);
    const received: StoredEvent[] = [];
    const controller = new AbortController();
    const dropped: Array<{ caughtUp: boolean }> = [];
    const running = store.subscribeAll({
      after: ORIGIN,
      signal: controller.signal,
      onEvent: async (event) => {
        received.push(event);
        if (received.length === 40 || received.length === 120) {
          dropped.push(...fake.subscriptions());
          fake.dropSubscriptions('unavailable');
        }
      },
    });
    await until(() => received.length === 200, 'the subscriber to catch up through two drops');
    expect(dropped).toEqual([{ caughtUp: false }, { caughtUp: false }]);

    // Live: the node drops the subscription as it goes away, cancels it, and ends it without an error.
    for (const how of ['unavailable', 'cancelled', 'end'] as const) {
      expect(fake.dropSubscriptions(how)).toBe(1);
      await append(`live-${how}`, 3);
      await until(() => received.length === written.length, `the events written after a drop (${how})`);
    }

    // The node refuses everything for a while: appends fail as unavailable, the subscription waits and comes back.
    fake.refuse(true);
    await expect(store.append('refused', [contractEvent('Refused')], { expectedRevision: 'any' })).rejects.toBeInstanceOf(UnavailableError);
    await expect(store.read('catch-up-1')).rejects.toBeInstanceOf(UnavailableError);
    await expect(store.ping()).rejects.toBeInstanceOf(UnavailableError);
    fake.refuse(false);
    await append('after-refusal', 2);
    await until(() => received.length === written.length, 'the events written once the node answers again');

    // A slow node: every answer waits, and still nothing is lost or doubled.
    fake.slow(15);
    await append('slow-1', 4);
    await append('slow-2', 1);
    await store.ping();
    await until(() => received.length === written.length, 'the events a slow node delivers');
    fake.slow(0);

    controller.abort();
    await running;
    expect(received.map((event) => event.id)).toEqual(written);
    const positions = received.map((event) => event.position);
    for (let i = 1; i < positions.length; i++) expect(positions[i] > positions[i - 1]).toBe(true);
  });

  it("passes on the node's refusals as the client maps them: deleted stream, access denied, version conflict", async () => {
    await store.append('cart-deleted', [contractEvent('CartOpened')], { expectedRevision: 'no_stream' });
    fake.tombstone('cart-deleted');
    await expect(store.read('cart-deleted')).rejects.toBeInstanceOf(StreamDeletedError);
    await expect(store.append('cart-deleted', [contractEvent('ItemAdded')], { expectedRevision: 'any' })).rejects.toBeInstanceOf(StreamDeletedError);

    fake.deny('cart-private');
    await expect(store.read('cart-private')).rejects.toBeInstanceOf(AccessDeniedError);
    await expect(store.append('cart-private', [contractEvent('CartOpened')], { expectedRevision: 'any' })).rejects.toBeInstanceOf(AccessDeniedError);

    const conflict = await store.append('cart-missing', [contractEvent('ItemAdded')], { expectedRevision: 4n }).catch((error) => error);
    expect(conflict).toBeInstanceOf(WrongExpectedVersion);
    expect(conflict).toMatchObject({ stream: 'cart-missing', expected: 4n, actual: 'no_stream' });
  });

  it("never shows the node's own events in $all or as the head (a subscriber from the origin above never got its first ones)", async () => {
    const mine = await store.append('cart-before-system', [contractEvent('CartOpened')], { expectedRevision: 'no_stream' });
    // A metadata event, as setStreamMetadata writes one, after ours: the head must still be ours.
    const raw = EventStoreDBClient.connectionString(fake.connectionString);
    try {
      await raw.appendToStream('$$cart-before-system', jsonEvent({ type: '$metadata', data: { $maxAge: 60 } }));
    } finally {
      await raw.dispose();
    }
    expect(fake.records()[fake.records().length - 1].type).toBe('$metadata');
    expect(await store.headPosition()).toBe(mine.position);
    expect(await store.readAll({ after: ORIGIN, limit: 1 })).toEqual([expect.objectContaining({ type: 'Written' })]);
    expect(await store.readAll({ after: mine.position, limit: 10 })).toEqual([]);
  });
});

/**
 * Issue 43 item 2: the whole shop on EVENT_STORE=esdb, its events in the fake node through the real client: it seeds
 * itself there (the template databases hold Postgres events), takes a checkout, and the kitchen hears it live.
 */
describe('the shop on EventStoreDB (the fake node)', () => {
  let fake: FakeEsdb;
  let server: TestServer;

  beforeAll(async () => {
    fake = await startFakeEsdb();
    server = await startTestServer({ env: { EVENT_STORE: 'esdb', EVENTSTORE_CONNECTION_STRING: fake.connectionString }, seedOnItsClock: true });
  });
  afterAll(async () => {
    await server?.stop();
    await fake?.close();
  });

  it('takes a checkout, shows it to the kitchen live, keeps its events sealed in the node, none in Postgres', async () => {
    const staffCookie = await adminCookie(server);
    const live = await connectSse(await staffOrdersUrl(server, staffCookie), { cookie: staffCookie });
    try {
      const customer = shopper(server);
      await customer.collectOnionBhaji({ email: 'esdb-kim@example.com', full_name: 'Kim Esdblee', phone_number: '07911 123456' });
      await customer.payByPhone().expect(200);
      const orderId = ((await customer.complete().expect(200)).body.order as { id: string }).id;

      const [placed] = await live.waitForCount(1);
      expect(placed).toMatchObject({ event: 'NewOrder', data: { id: orderId } });
      const staff = shopper(server);
      const paid = await staff.post('/api/ta/markPaid', { orderId }).set('Cookie', staffCookie).expect(200);
      expect(paid.body.order).toMatchObject({ status: 'NEW' });
      const [, change] = await live.waitForCount(2);
      expect(change).toMatchObject({ event: 'OrderChange', data: { id: orderId, status: 'NEW' } });
      const today = (await staff.get('/api/todaysOrders').set('Cookie', staffCookie).expect(200)).body as Array<Record<string, unknown>>;
      expect(today.find((row) => row.id === orderId)).toMatchObject({ full_name: 'Kim Esdblee', status: 'NEW' });
    } finally {
      live.close();
    }

    // Every event is in the node (the demo menu the shop seeded, the basket, the order), none in Postgres' table,
    // and the sealing wrapper kept the customer's details out of them.
    expect(await count(server, 'es_events')).toBe(0);
    const ours = fake.records().filter((record) => !record.stream.startsWith('$'));
    expect(ours.some((record) => record.type === 'ProductAdded' || record.stream.startsWith('product'))).toBe(true);
    const orderEvents = ours.filter((record) => record.stream.startsWith('order-'));
    expect(orderEvents.length).toBeGreaterThan(1);
    const stored = ours.map((record) => Buffer.from(record.data).toString('utf8')).join('\n');
    expect(stored).not.toContain('Esdblee');
    expect(stored).not.toContain('esdb-kim');
    expect(stored).not.toMatch(/07911 ?123456/);
    expect(stored).toContain('"pii":');
  });
});
