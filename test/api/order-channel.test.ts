import { sql } from 'slonik';
import request from 'supertest';
import { notifyLiveHubs, outboxPublisher } from '../../src/live/outbox';
import { TOKEN_REFUSED } from '../../src/live/routes';
import { DECLINED_CARD, startFakeStripe, type FakeStripe } from '../../src/fake-stripe/server';
import { orderChannelName } from '../../src/shared/order-channel';
import { startTestServer, type TestServer } from '../support/server';
import { testClock } from '../support/test-clock';
import { connectSse, type SseConnection } from '../support/sse-client';
import { newCustomers, shopper } from './shopper';

const WEBHOOK_SECRET = 'whsec_test_orderchannel';
const GOOD_CARD = '4242424242424242';


const someone = newCustomers('live', 201_500);

/**
 * Issue 17, spec §7 `/broadcasting/auth`: the card checkout's private live channel. Only the session whose order it
 * is gets a token; the stream it opens hears that order's messages and no one else's, live and on replay.
 */
describe('the checkout’s private order channel', () => {
  let fake: FakeStripe;
  let server: TestServer;
  const clock = testClock('2026-11-20T19:00:00.000Z'); // inside the default opening hours
  const open: SseConnection[] = [];

  beforeAll(async () => {
    fake = await startFakeStripe({ webhookSecret: WEBHOOK_SECRET });
    server = await startTestServer({
      clock,
      env: { STRIPE_SECRET_KEY: 'sk_test_shop', STRIPE_PUBLISHABLE_KEY: 'pk_test_shop', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_URL: fake.url },
      settings: { payment_methods: ['phone', 'card'] },
    });
  });
  afterEach(() => {
    for (const connection of open.splice(0)) connection.close();
  });
  afterAll(async () => {
    await server.stop();
    await fake.close();
  });

  type Customer = ReturnType<typeof shopper>;
  async function withOrder(): Promise<{ customer: Customer; orderId: string }> {
    const customer = shopper(server);
    await customer.collectOnionBhaji(someone());
    const orderId = (await customer.post('/api/fetchOrder').expect(200)).body.order.id as string;
    return { customer, orderId };
  }
  const askAuth = (customer: Customer, channel: string) => customer.post('/broadcasting/auth', { channel_name: channel, socket_id: '1234.5678' });
  async function tokenFor(customer: Customer, orderId: string): Promise<string> {
    const answer = await askAuth(customer, orderChannelName(orderId)).expect(200);
    expect(answer.body).toEqual({ status: true, auth: expect.any(String), message: '' });
    return answer.body.auth as string;
  }
  const streamUrl = (token: string) => `${server.baseUrl}/events/order?auth=${encodeURIComponent(token)}`;
  async function listen(token: string, lastEventId?: number): Promise<SseConnection> {
    const connection = await connectSse(streamUrl(token), { lastEventId });
    open.push(connection);
    expect(connection.status).toBe(200);
    return connection;
  }
  /** A refusal is a JSON answer, never the start of a stream. */
  async function expectRefused(token: string, status: number, message: RegExp | string) {
    const answer = await fetch(streamUrl(token), { headers: { Accept: 'text/event-stream' } });
    expect(answer.status).toBe(status);
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    expect(((await answer.json()) as { message: string }).message).toEqual(typeof message === 'string' ? message : expect.stringMatching(message));
  }
  /** Writes messages as the orders projection does: through the outbox, each for one order (or none). */
  async function publish(messages: Array<{ to: string | undefined; label: string }>): Promise<number[]> {
    const ids = await server.shop.pool.transaction(async (tx) => {
      const send = outboxPublisher(tx);
      for (const { to, label } of messages) await send('order', 'Test', { label }, to);
      const labels = messages.map((message) => message.label);
      return tx.anyFirst(sql.unsafe`select id::int from live_messages where channel = 'order' and data->>'label' = any(${sql.array(labels, 'text')}) order by id`);
    });
    await notifyLiveHubs(server.shop.pool);
    return [...ids] as number[];
  }
  const labels = (connection: SseConnection) => connection.messages.map((message) => (message.data as { label: string }).label);

  describe('/broadcasting/auth', () => {
    it('gives the session whose order it is a token, and the stream it opens is the order’s', async () => {
      const { customer, orderId } = await withOrder();
      const token = await tokenFor(customer, orderId);
      const connection = await listen(token);
      await publish([{ to: orderId, label: 'own-1' }]);
      await connection.waitForCount(1);
      expect(labels(connection)).toEqual(['own-1']);
    });

    it('refuses another session asking for the same order, and a guest with no order, with 403', async () => {
      const { orderId } = await withOrder();
      const other = await withOrder();
      const stranger = await askAuth(other.customer, orderChannelName(orderId)).expect(403);
      expect(stranger.body).toEqual({ status: false, message: 'This session may follow only its own order' });
      const guest = await askAuth(shopper(server), orderChannelName(orderId)).expect(403);
      expect(guest.body.message).toBe('This session may follow only its own order');
    });

    it('refuses a malformed channel name with 400, and a cross-site request as every POST', async () => {
      const { customer, orderId } = await withOrder();
      for (const channel of ['order.' + orderId, 'private-order.', 'private-order.12', `presence-order.${orderId}`, `private-order.${orderId}.x`]) {
        const answer = await askAuth(customer, channel).expect(400);
        expect(answer.body.message).toMatch(/^channel_name: /);
      }
      expect((await customer.post('/broadcasting/auth', { channel: orderChannelName(orderId) }).expect(400)).body.message).toMatch(/channel_name|channel/);
      const crossSite = await request(server.baseUrl).post('/broadcasting/auth').set({ Origin: 'https://evil.example', 'X-Requested-With': 'fetch' }).send({ channel_name: orderChannelName(orderId) });
      expect(crossSite.status).toBe(403);
      expect(crossSite.body.auth).toBeUndefined();
    });

    it('refuses a forged, altered, missing or expired token before any stream opens', async () => {
      const { customer, orderId } = await withOrder();
      const other = await withOrder();
      const token = await tokenFor(customer, orderId);
      const [channel, expires, signature] = token.split('.');
      // Another order's name under this order's signature; a later expiry; a signature of our own making.
      await expectRefused([Buffer.from(orderChannelName(other.orderId)).toString('base64url'), expires, signature].join('.'), 403, TOKEN_REFUSED);
      await expectRefused([channel, String(Number(expires) + 3600), signature].join('.'), 403, TOKEN_REFUSED);
      await expectRefused([channel, expires, signature.slice(0, -2) + (signature.endsWith('AA') ? 'BB' : 'AA')].join('.'), 403, TOKEN_REFUSED);
      await expectRefused('not-a-token', 403, TOKEN_REFUSED);
      const missing = await fetch(`${server.baseUrl}/events/order`);
      expect(missing.status).toBe(400);
      expect(((await missing.json()) as { message: string }).message).toMatch(/^auth: /);

      // Ten minutes: a token is good until then, and refused from then on.
      clock.advanceMinutes(9);
      (await listen(token)).close();
      clock.advanceMinutes(1);
      await expectRefused(token, 403, TOKEN_REFUSED);
      expect(server.shop.hub.clientCount('order')).toBe(0);
    });
  });

  describe('the hub’s private channel', () => {
    it('sends each order’s messages only to that order’s screens, live and on Last-Event-ID replay', async () => {
      const a = await withOrder();
      const b = await withOrder();
      const tokenA = await tokenFor(a.customer, a.orderId);
      const tokenB = await tokenFor(b.customer, b.orderId);
      const onA = await listen(tokenA);
      const onB = await listen(tokenB);
      const secondTabOfA = await listen(tokenA);

      const live = await publish([
        { to: a.orderId, label: 'a-1' },
        { to: b.orderId, label: 'b-1' },
        { to: undefined, label: 'nobody' },
        { to: a.orderId, label: 'a-2' },
      ]);
      // A message with no audience goes to nobody: its place in the order shows it was skipped, not late.
      await publish([{ to: a.orderId, label: 'a-3' }, { to: b.orderId, label: 'b-2' }]);
      await onA.waitForCount(3);
      await secondTabOfA.waitForCount(3);
      await onB.waitForCount(2);
      expect(labels(onA)).toEqual(['a-1', 'a-2', 'a-3']);
      expect(labels(secondTabOfA)).toEqual(['a-1', 'a-2', 'a-3']);
      expect(labels(onB)).toEqual(['b-1', 'b-2']);
      expect(onA.messages.slice(0, 2).map((message) => message.id)).toEqual([live[0], live[3]]);

      // A drops; both orders get news meanwhile; A comes back with its last id and gets only its own.
      onA.close();
      const lastSeen = onA.messages[2].id!;
      await publish([{ to: b.orderId, label: 'b-away' }, { to: a.orderId, label: 'a-away-1' }, { to: undefined, label: 'nobody-away' }, { to: a.orderId, label: 'a-away-2' }]);
      await onB.waitForCount(3);
      const back = await listen(tokenA, lastSeen);
      await back.waitForCount(2);
      // Then live again: the next message it gets is its own new one, so nothing of B's came in between.
      await publish([{ to: b.orderId, label: 'b-after' }, { to: a.orderId, label: 'a-after' }]);
      await back.waitForCount(3);
      await onB.waitForCount(4);
      expect(labels(back)).toEqual(['a-away-1', 'a-away-2', 'a-after']);
      expect(labels(onB)).toEqual(['b-1', 'b-2', 'b-away', 'b-after']);
      expect(labels(secondTabOfA)).toEqual(['a-1', 'a-2', 'a-3', 'a-away-1', 'a-away-2', 'a-after']);
    });

    it('refuses a message meant for one order on a public channel, where every screen would hear it', async () => {
      const { orderId } = await withOrder();
      const written = server.shop.pool.transaction(async (tx) => outboxPublisher(tx)('orders', 'Test', { label: 'for-one' }, orderId));
      await expect(written).rejects.toThrow('Live channel orders is public: a message on it cannot have an audience');
      const stored = await server.shop.pool.anyFirst(sql.unsafe`select id from live_messages where data->>'label' = 'for-one'`);
      expect(stored).toHaveLength(0);
    });
  });

  describe('what is pushed', () => {
    const webhookUrl = () => `${server.baseUrl}/api/webhooks/stripe`;
    const confirm = (intentId: string, card = GOOD_CARD) =>
      fetch(`${fake.url}/v1/payment_intents/${intentId}/confirm`, { method: 'POST', body: new URLSearchParams({ card }) });
    async function startCard(customer: Customer): Promise<string> {
      const answer = await customer.post('/api/createCheckoutSession', { unique_id: 'x', production: false }).expect(200);
      return (answer.body.clientSecret as string).split('_secret_')[0];
    }

    it('a card payment confirmed by the provider’s webhook arrives on the owner’s stream, and on no one else’s', async () => {
      const owner = await withOrder();
      const bystander = await withOrder();
      const onOwner = await listen(await tokenFor(owner.customer, owner.orderId));
      const onBystander = await listen(await tokenFor(bystander.customer, bystander.orderId));
      const intentId = await startCard(owner.customer);
      await confirm(intentId);
      expect(await fake.sendWebhook(webhookUrl(), 'payment_intent.succeeded', fake.intents.get(intentId)!)).toBe(200);

      // The outcome, and (issue 31) the order's steps moving: placed, then paid.
      const pushed = await onOwner.waitForCount(3);
      expect(pushed.map(({ event, data }) => ({ event, data })).sort((a, b) => a.event.localeCompare(b.event))).toEqual([
        { event: 'CardOutcome', data: { orderId: owner.orderId } },
        { event: 'OrderProgressed', data: { orderId: owner.orderId } },
        { event: 'OrderProgressed', data: { orderId: owner.orderId } },
      ]);
      expect((await owner.customer.post('/api/fetchOrder').expect(200)).body.order.status).toBe('NEW');
      // The bystander's next message is its own: nothing of the owner's reached it first.
      await publish([{ to: bystander.orderId, label: 'bystander' }]);
      await onBystander.waitForCount(1);
      expect(onBystander.messages.map((message) => message.data)).toEqual([{ label: 'bystander' }]);
    });

    it('a declined card is pushed too, and the push carries the order id alone: no personal data, no outcome to trust', async () => {
      const { customer, orderId } = await withOrder();
      const stream = await listen(await tokenFor(customer, orderId));
      const intentId = await startCard(customer);
      await confirm(intentId, DECLINED_CARD);
      await customer.post('/complete-order', { payment_method: 'CARD', status: 'failed', id: intentId }).expect(409);
      const [pushed] = await stream.waitForCount(1);
      expect(pushed).toEqual(expect.objectContaining({ event: 'CardOutcome', data: { orderId } }));
    });
  });
});
