import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'slonik';
import { notifyLiveHubs, outboxWriter } from '../../src/live/outbox';
import { MAX_REPLAY } from '../../src/live/hub';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { startTestServer, type TestServer } from '../support/server';
import { connectSse, type SseConnection } from '../support/sse-client';
import { until } from '../support/until';

describe('live updates over Server-Sent Events', () => {
  let database: TestDatabase;
  let first: TestServer;
  let second: TestServer;
  const open: SseConnection[] = [];

  async function connect(server: TestServer, lastEventId?: number): Promise<SseConnection> {
    const connection = await connectSse(`${server.baseUrl}/events/store`, { lastEventId });
    open.push(connection);
    return connection;
  }

  /** Publishes as a projection's batch does: through the outbox, in one write, inside a transaction. */
  async function publish(count: number, label: string): Promise<number[]> {
    const ids = await first.shop.pool.transaction(async (tx) => {
      const writer = outboxWriter(tx);
      for (let n = 0; n < count; n++) await writer.publish('store', 'StoreStatusChange', { label, n });
      await writer.flush();
      const ids = await tx.anyFirst(sql.unsafe`
        select id::int from live_messages where channel = 'store' and data->>'label' = ${label} order by id`);
      return [...ids] as number[];
    });
    await notifyLiveHubs(first.shop.pool);
    return ids;
  }

  beforeAll(async () => {
    database = await createTestDatabase();
    first = await startTestServer({ database });
    second = await startTestServer({ database });
  });

  afterEach(() => {
    for (const connection of open.splice(0)) connection.close();
  });

  afterAll(async () => {
    await first.stop();
    await second.stop();
    await database.drop();
  });

  it('sends each message with an increasing integer id, to clients of every instance', async () => {
    const onFirst = await connect(first);
    const onSecond = await connect(second);
    const ids = await publish(3, 'fan-out');
    for (const connection of [onFirst, onSecond]) {
      const received = await connection.waitForCount(3);
      expect(received.map((m) => m.id)).toEqual(ids);
      expect(received.map((m) => m.event)).toEqual(['StoreStatusChange', 'StoreStatusChange', 'StoreStatusChange']);
      expect(received.map((m) => (m.data as { n: number }).n)).toEqual([0, 1, 2]);
    }
  });

  it('forgets a screen that left before its attaching was done: no stream is kept for a closed response', async () => {
    const hub = first.shop.hub;
    await until(() => hub.clientCount('store') === 0, 'the earlier tests’ streams closed');
    let leftAlready!: () => void;
    const left = new Promise<void>((resolve) => (leftAlready = resolve));
    let attached!: Promise<void>;
    // A stand-in for the route: the attaching starts only once the browser has gone (as when it waits its turn).
    const gate = http.createServer((req, res) => {
      res.once('close', () => leftAlready());
      attached = left.then(() => hub.attach('store', req, res));
    });
    await new Promise<void>((resolve) => gate.listen(0, '127.0.0.1', resolve));
    try {
      const request = http.get(`http://127.0.0.1:${(gate.address() as AddressInfo).port}/`);
      request.on('error', () => undefined);
      await until(() => attached !== undefined, 'the request at the server');
      request.destroy();
      await attached;
      expect(hub.clientCount('store')).toBe(0);
    } finally {
      gate.closeAllConnections();
      await new Promise((resolve) => gate.close(resolve));
    }
  });

  it('replays exactly what a reconnecting client missed, in order, then continues live', async () => {
    const client = await connect(first);
    const seen = await publish(10, 'before-drop');
    await client.waitForCount(10);
    client.close();
    const missed = await publish(50, 'while-away');

    const back = await connect(first, seen[seen.length - 1]);
    const replayed = await back.waitForCount(50);
    expect(replayed.map((m) => m.id)).toEqual(missed);
    const live = await publish(1, 'after-return');
    expect((await back.waitForCount(51))[50].id).toBe(live[0]);
    expect(back.messages).toHaveLength(51);
  });

  it('replays from another instance and after a restart, because missed messages come from Postgres', async () => {
    const seen = await publish(1, 'seen');
    const missed = await publish(5, 'missed-across');
    const onOther = await connect(second, seen[0]);
    expect((await onOther.waitForCount(5)).map((m) => m.id)).toEqual(missed);

    await first.stop();
    first = await startTestServer({ database });
    const afterRestart = await connect(first, seen[0]);
    expect((await afterRestart.waitForCount(5)).map((m) => m.id)).toEqual(missed);
  });

  it('crosses the id boundaries 9→10, 99→100 and 999→1000 (ids compare as numbers, not text)', async () => {
    const fresh = await createTestDatabase();
    // No demo menu: its dishes would be announced on the menu channel first, taking the outbox's first ids.
    const server = await startTestServer({ database: fresh, env: { DEMO_MENU: 'false' } });
    try {
      // One batch (as a projection writes them), not a thousand round trips: the ids are what this is about.
      await server.shop.pool.transaction(async (tx) => {
        const writer = outboxWriter(tx);
        for (let n = 1; n <= 1000; n++) await writer.publish('store', 'StoreStatusChange', { n });
        await writer.flush();
      });
      for (const [after, expected] of [[9, 991], [99, 901], [999, 1]] as const) {
        const client = await connectSse(`${server.baseUrl}/events/store`, { lastEventId: after });
        open.push(client);
        const received = await client.waitForCount(expected);
        expect(received[0].id).toBe(after + 1);
        expect(received[received.length - 1].id).toBe(1000);
        client.close();
      }
    } finally {
      await server.stop();
      await fresh.drop();
    }
  });

  it('tells a client whose gap is too large to replay to refetch (resync)', async () => {
    const watcher = await connect(first);
    const seen = await publish(1, 'before-big-gap');
    await publish(MAX_REPLAY + 5, 'big-gap');
    // Once a live client has everything, the hub has delivered it all and the gap is real.
    await watcher.waitForCount(MAX_REPLAY + 6);
    const client = await connect(first, seen[0]);
    const [message] = await client.waitForCount(1);
    expect(message.event).toBe('resync');
    expect(client.messages).toHaveLength(1);
  });

  it('keeps the staff orders channel for staff: a guest is refused before any stream opens', async () => {
    const guest = await connectSse(`${first.baseUrl}/events/orders`);
    open.push(guest);
    expect(guest.status).toBe(401);
  });
});
