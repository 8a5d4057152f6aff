import request from 'supertest';
import { STOCK_DAYS_STREAM, stockStream } from '../../modules/stock';
import { createUserRepository } from '../../src/identity/users';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { startTestServer, type TestServer } from '../support/server';
import { connectSse, type SseConnection } from '../support/sse-client';
import { until } from '../support/until';
import { cookieHeader, sameOrigin } from './http';
import { shopper } from './shopper';
import { testClock } from '../support/test-clock';

const ONION_BHAJI = 1;
const SAMOSA = 2;
const SAMOSA_2_PIECES = 1;
const MIXED_GRILL = 9;
const PANEER_TIKKA = 10;
const TANDOORI_CHICKEN = 7;

/** Issue 16 items 2 and 6: stock for staff (levels, restocks, daily par levels) and the live menu channel. */
describe('stock and the live menu', () => {
  let database: TestDatabase;
  let server: TestServer;
  let cook: string;
  const clock = testClock('2026-11-20T18:00:00.000Z'); // a Friday evening, London (GMT)

  const post = (path: string, body: unknown) => request(server.baseUrl).post(path).set(sameOrigin(server)).set('Cookie', cook).send(body as object);
  const product = async (id: number) => (await request(server.baseUrl).get('/api/menu').expect(200)).body.products.find((candidate: { id: number }) => candidate.id === id);
  const eventsOf = async (stream: string) => (await server.shop.store.read(stream)).events;

  beforeAll(async () => {
    database = await createTestDatabase();
    server = await startTestServer({ database, clock });
    await createUserRepository(server.shop.pool).create({ email: 'cook@test.example', password: 'cook long password', role: 'staff' });
    cook = cookieHeader(await request(server.baseUrl).post('/api/login').set(sameOrigin(server)).send({ email: 'cook@test.example', password: 'cook long password' }).expect(200));
  }, 180_000);
  afterAll(async () => {
    await server?.stop();
    await database?.drop();
  });

  describe('the live menu channel', () => {
    let channel: SseConnection;
    beforeAll(async () => {
      channel = await connectSse(`${server.baseUrl}/events/menu`);
    });
    afterAll(() => channel.close());

    /** The dish ids of the messages from `from` on, once they include every one of `ids`. */
    async function announced(from: number, ids: number[]): Promise<number[]> {
      const seen = () => channel.messages.slice(from).flatMap((message) => (message.data as { productIds: number[] }).productIds);
      await until(() => ids.every((id) => seen().includes(id)), `dishes ${ids.join(', ')} announced`, { timeoutMs: 5000 });
      return seen();
    }

    it('announces a dish selling out at once, then merges what follows into at most one message a second, leaving out basket moves that change no label', async () => {
      expect(channel.status).toBe(200);
      await post('/api/stock/level', { productId: MIXED_GRILL, variantId: null, units: 0 }).expect(200);
      const [soldOut] = await channel.waitForCount(1);
      expect(soldOut).toMatchObject({ event: 'MenuChange', data: { productIds: [MIXED_GRILL] } });

      // Plenty of onion bhajis stay plenty: no card changes. Paneer tikka runs low, tandoori chicken sells out.
      await shopper(server).add(ONION_BHAJI).expect(200);
      await post('/api/stock/level', { productId: PANEER_TIKKA, variantId: null, units: 3 }).expect(200);
      await post('/api/stock/level', { productId: TANDOORI_CHICKEN, variantId: null, units: 0 }).expect(200);
      expect(await announced(1, [PANEER_TIKKA, TANDOORI_CHICKEN])).not.toContain(ONION_BHAJI);
      const times = channel.messages.map((message) => message.receivedAt!);
      // Sent a second apart at the server; read here a little less apart at worst (a late first read).
      for (let n = 1; n < times.length; n++) expect(times[n] - times[n - 1]).toBeGreaterThanOrEqual(800);
      expect(channel.messages.every((message) => message.event === 'MenuChange')).toBe(true);
    });

    it('announces each step below the threshold (Only N left) and the way back', async () => {
      const from = channel.messages.length;
      await shopper(server).add(PANEER_TIKKA).expect(200); // 3 -> 2 left
      expect(await announced(from, [PANEER_TIKKA])).toEqual([PANEER_TIKKA]);
      const next = channel.messages.length;
      await post('/api/stock/restock', { productId: MIXED_GRILL, variantId: null, units: 12 }).expect(200);
      expect(await announced(next, [MIXED_GRILL])).toEqual([MIXED_GRILL]);
      expect(await product(MIXED_GRILL)).toMatchObject({ stock: 12, available: 12 });
    });

    it('a stock change reaches the open channel within about a second, also one made just after a message went', async () => {
      // The window is the hub's real-time throttle (src/live/hub.ts: the first message at once, the next at the end
      // of the second since the last went); the shop's injected clock plays no part in it, so the times here are
      // real ones, each waited for as a condition (no sleeps).
      // The projection's and the test machine's own delay on a busy host; under a second, so a two-second window fails.
      const SLACK_MS = 900;
      const arrivalOf = async (start: number, id: number) => {
        await announced(start, [id]);
        return channel.messages.slice(start).find((message) => (message.data as { productIds: number[] }).productIds.includes(id))!.receivedAt!;
      };
      const soldOut = { from: channel.messages.length, at: Date.now() };
      await post('/api/stock/level', { productId: PANEER_TIKKA, variantId: null, units: 0 }).expect(200);
      const first = await arrivalOf(soldOut.from, PANEER_TIKKA);
      expect(first - soldOut.at).toBeLessThan(1000 + SLACK_MS);
      // Made as soon as that message is here, inside its second: held to the second's end, and no longer.
      const back = { from: channel.messages.length, at: Date.now() };
      await post('/api/stock/restock', { productId: PANEER_TIKKA, variantId: null, units: 2 }).expect(200);
      const second = await arrivalOf(back.from, PANEER_TIKKA);
      expect(second - first).toBeGreaterThanOrEqual(800);
      expect(second - back.at).toBeLessThan(1000 + SLACK_MS);
    });
  });

  describe('levels and restocks', () => {
    it('lists every dish and variant with its units, sets a level and restocks, and refuses what is no dish or no number', async () => {
      const sheet = (await request(server.baseUrl).get('/api/stock').set('Cookie', cook).expect(200)).body.items;
      expect(sheet).toEqual(expect.arrayContaining([
        { productId: ONION_BHAJI, variantId: null, name: 'Onion Bhaji', units: 60, parLevel: null },
        { productId: SAMOSA, variantId: SAMOSA_2_PIECES, name: 'Vegetable Samosa (2 pieces)', units: 40, parLevel: null },
      ]));

      await post('/api/stock/level', { productId: SAMOSA, variantId: SAMOSA_2_PIECES, units: 7 }).expect(200);
      await post('/api/stock/restock', { productId: SAMOSA, variantId: SAMOSA_2_PIECES, units: 5 }).expect(200);
      const samosa = await product(SAMOSA);
      expect(samosa.variants.find((variant: { id: number }) => variant.id === SAMOSA_2_PIECES)).toMatchObject({ stock: 12, available: 12 });
      expect((await eventsOf(stockStream(SAMOSA))).slice(-2).map((event) => event.type)).toEqual(['StockLevelSet', 'StockRestocked']);

      const before = (await eventsOf(stockStream(SAMOSA))).length;
      const refusals: Array<[string, object, number, string]> = [
        ['/api/stock/level', { productId: SAMOSA, variantId: SAMOSA_2_PIECES, units: -1 }, 400, 'units: units must be at least 0'],
        ['/api/stock/level', { productId: SAMOSA, variantId: SAMOSA_2_PIECES, units: 2.5 }, 400, 'units: units must be a whole number of units'],
        ['/api/stock/level', { productId: SAMOSA, variantId: null, units: 3 }, 400, 'Vegetable Samosa has variants: name the variant whose stock this is'],
        ['/api/stock/level', { productId: ONION_BHAJI, variantId: 5, units: 3 }, 400, 'Onion Bhaji has no variant 5'],
        ['/api/stock/level', { productId: 999, variantId: null, units: 3 }, 404, 'There is no dish 999'],
        ['/api/stock/restock', { productId: SAMOSA, variantId: SAMOSA_2_PIECES, units: 0 }, 400, 'units: units must be at least 1'],
        // Issue 38 item 2: a negative or non-numeric restock is refused in words, by the rule the sheet checks with.
        ['/api/stock/restock', { productId: SAMOSA, variantId: SAMOSA_2_PIECES, units: -3 }, 400, 'units: units must be at least 1'],
        ['/api/stock/restock', { productId: SAMOSA, variantId: SAMOSA_2_PIECES, units: 'abc' }, 400, 'units: units must be a whole number of units'],
        ['/api/stock/restock', { productId: SAMOSA, variantId: SAMOSA_2_PIECES, units: 100_001 }, 400, 'units: units must be at most 100000'],
        ['/api/stock/restock', { productId: SAMOSA, variantId: SAMOSA_2_PIECES }, 400, expect.stringMatching(/^units: /) as unknown as string],
        ['/api/stock/par', { productId: SAMOSA, variantId: SAMOSA_2_PIECES, parLevel: -2 }, 400, 'parLevel: parLevel must be at least 0'],
      ];
      for (const [path, body, status, message] of refusals) {
        const response = await post(path, body);
        expect({ path, body, status: response.status, message: response.body.message }).toEqual({ path, body, status, message });
      }
      expect(await eventsOf(stockStream(SAMOSA))).toHaveLength(before);
      await request(server.baseUrl).post('/api/stock/restock').set(sameOrigin(server)).send({ productId: SAMOSA, variantId: SAMOSA_2_PIECES, units: 5 }).expect(401);
    });
  });

  describe('daily par levels', () => {
    const runDueUntil = async (check: () => Promise<boolean>, what: string) => until(async () => (await server.shop.processes.runDue(), check()), what);

    it('starts each trading day with the par level, once, however often the processes run', async () => {
      await post('/api/stock/par', { productId: ONION_BHAJI, variantId: null, parLevel: 30 }).expect(200);
      const scheduled = (await eventsOf(STOCK_DAYS_STREAM)).map((event) => event.data);
      expect(scheduled).toEqual([{ tradingDay: '2026-11-21', startsAt: '2026-11-21T00:00:00.000Z' }]);
      const before = await product(ONION_BHAJI);
      await shopper(server).addUnits(ONION_BHAJI, 2);
      // The basket answers before the menu read model has the hold: wait for it.
      await until(async () => (await product(ONION_BHAJI)).available === before.available - 2, 'the hold on the menu');
      expect(await product(ONION_BHAJI)).toMatchObject({ stock: 60 });

      // Before the day starts nothing happens; at its start the shelf holds the par level.
      clock.set('2026-11-20T23:59:00.000Z');
      await server.shop.processes.runDue();
      expect((await eventsOf(stockStream(ONION_BHAJI))).some((event) => event.type === 'StockDayStarted')).toBe(false);
      clock.set('2026-11-21T00:00:30.000Z');
      await runDueUntil(async () => (await product(ONION_BHAJI)).stock === 30, 'the par level on the shelf');
      await server.shop.processes.runDue();
      await server.shop.processes.runDue();
      const started = (await eventsOf(stockStream(ONION_BHAJI))).filter((event) => event.type === 'StockDayStarted').map((event) => event.data);
      expect(started).toEqual([{ productId: ONION_BHAJI, variantId: null, tradingDay: '2026-11-21', units: 30 }]);
      expect((await eventsOf(STOCK_DAYS_STREAM)).map((event) => (event.data as { tradingDay: string }).tradingDay)).toEqual(['2026-11-21', '2026-11-22']);
      expect((await request(server.baseUrl).get('/api/stock').set('Cookie', cook).expect(200)).body.items[0]).toEqual({
        productId: ONION_BHAJI, variantId: null, name: 'Onion Bhaji', units: 30, parLevel: 30,
      });
    });

    it('starts a day that began while the shop was down once it is back, once', async () => {
      await post('/api/stock/level', { productId: ONION_BHAJI, variantId: null, units: 4 }).expect(200);
      await server.stop();
      clock.set('2026-11-22T09:00:00.000Z');
      server = await startTestServer({ database, clock });
      await runDueUntil(async () => (await product(ONION_BHAJI)).stock === 30, 'the par level after the restart');
      await server.shop.processes.runDue();
      const started = (await eventsOf(stockStream(ONION_BHAJI))).filter((event) => event.type === 'StockDayStarted').map((event) => (event.data as { tradingDay: string }).tradingDay);
      expect(started).toEqual(['2026-11-21', '2026-11-22']);
    });
  });
});
