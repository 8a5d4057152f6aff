import pg from 'pg';
import request from 'supertest';
import { createUserRepository } from '../../src/identity/users';
import { DEFAULT_POOL_SIZE } from '../../src/db/pool';
import { startTestServer, type TestServer } from '../support/server';
import { testClock } from '../support/test-clock';
import { until } from '../support/until';
import { newCustomers, shopper } from './shopper';

const someone = newCustomers('crowd', 200_000);
/** Four times the pool's connections: a wave of checkouts well past what the pool holds. */
const CHECKOUTS = 4 * DEFAULT_POOL_SIZE;
/** Forty checkouts take a few seconds here; a pool that deadlocks never answers (Postgres ends it after 60 s). */
const BOUND_MS = 15_000;

/** Settles within `ms`, or fails naming `what`: a hang is a failure, not a test that outlives its timeout. */
async function within<T>(ms: number, what: string, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`${what}: no answer within ${ms} ms`)), ms)));
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Issue 28 item 1: a crowd of checkouts with one shared voucher must not freeze the shop. Reserving a use held a
 * connection of the pool in a transaction and asked the same pool for another: with every connection held so, no
 * request could ever go on.
 */
describe('a crowd of voucher checkouts', () => {
  let server: TestServer;
  let voucherId: string;
  const clock = testClock('2026-11-20T19:00:00.000Z'); // inside the default opening hours

  beforeAll(async () => {
    server = await startTestServer({ clock, settings: { vouchers_enabled: true, max_unpaid_orders: 20 } });
    await createUserRepository(server.shop.pool).create({ email: 'boss@example.com', password: 'boss long password', role: 'manager' });
    const manager = shopper(server);
    await manager.post('/api/login', { email: 'boss@example.com', password: 'boss long password' }).expect(200);
    const terms = { description: '£1 off', benefit: { kind: 'fixed', pence: 100 }, maxUses: CHECKOUTS + 1 };
    voucherId = (await manager.post('/api/vouchers', { code: 'CROWD', terms }).expect(200)).body.voucherId as string;
  });
  afterAll(async () => {
    await server.stop();
  });

  /** A customer at the last step: one Onion Bhaji (£3.95) to collect (-40p), the shared voucher applied, paying by phone. */
  async function readyToComplete(details = someone()) {
    const customer = shopper(server);
    await customer.add(1).expect(200);
    const order = (await customer.save().expect(200)).body.order as { id: string };
    await customer.method('COLLECT', -40, 355).expect(200);
    await customer.form(details).expect(200);
    await customer.post('/try-to-apply-voucher', { code: 'CROWD', email: details.email, orderId: order.id }).expect(200);
    await customer.payByPhone().expect(200);
    return { customer, details };
  }

  it(`places ${CHECKOUTS} voucher checkouts sent at once on a pool of ${DEFAULT_POOL_SIZE}, and the shop answers throughout`, async () => {
    const customers = await Promise.all(Array.from({ length: CHECKOUTS }, () => readyToComplete()));
    const answers = await within(BOUND_MS, `${CHECKOUTS} checkouts at once`, Promise.all(customers.map(({ customer }) => customer.complete())));
    expect(answers.map((answer) => answer.status)).toEqual(customers.map(() => 200));
    expect(answers.every((answer) => answer.body.order.voucher_deduction === 100)).toBe(true);
    await within(BOUND_MS, 'the menu after the crowd', request(server.baseUrl).get('/api/menu').expect(200));
  });

  it('a database error on a connection one request holds answers that request with a plain 500; the shop lives on', async () => {
    const { customer, details } = await readyToComplete();
    // The reservation takes this customer's lock inside its transaction: held here, the request waits on it.
    const holder = new pg.Client({ connectionString: server.database.url });
    await holder.connect();
    const lockKey = `voucher-customer:${voucherId}:${server.shop.services.personalData.lookupHash('email', details.email)}`;
    await holder.query('select pg_advisory_lock(hashtextextended($1, 0))', [lockKey]);
    try {
      const completing = customer.complete().then((answer) => answer);
      let waiting: number | undefined;
      await until(async () => {
        const { rows } = await holder.query<{ pid: number }>(
          `select pid from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and query like '%pg_advisory_xact_lock%'`,
        );
        waiting = rows[0]?.pid;
        return waiting !== undefined;
      }, 'the checkout to wait on the lock, inside its transaction');
      // Postgres ends that session, as idle_in_transaction_session_timeout or a restart of Postgres would.
      await holder.query('select pg_terminate_backend($1)', [waiting]);
      const failed = await within(BOUND_MS, 'the checkout whose connection was ended', completing);
      expect(failed.status).toBe(500);
      expect(failed.body).toEqual({ status: false, message: 'Sorry, something went wrong on our side' });
    } finally {
      await holder.end();
    }
    // Every other route answers, and the same checkout, tried again, is placed.
    await request(server.baseUrl).get('/api/menu').expect(200);
    expect((await customer.complete().expect(200)).body.order.voucher_deduction).toBe(100);
  });

  it('refuses, in tests, a query on the pool from inside one of its transactions', async () => {
    const { pool } = server.shop;
    await expect(pool.transaction(() => pool.oneFirst({ sql: 'select 1', values: [] }))).rejects.toThrow(/transaction's tx/);
  });
});
