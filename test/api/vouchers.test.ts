import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import request from 'supertest';
import { sql } from 'slonik';
import { voucherDecider, voucherStream } from '../../modules/voucher';
import { CommandHandler } from '../../src/core/handle-command';
import { processStream } from '../../src/process';
import { DomainError } from '../../src/core/errors';
import { DEFAULT_POOL_SIZE } from '../../src/db/pool';
import { createUserRepository } from '../../src/identity/users';
import { startTestServer, type TestServer } from '../support/server';
import { until } from '../support/until';
import { newCustomers, shopper } from './shopper';
import { testClock } from '../support/test-clock';

const someone = newCustomers('voucher', 200_500);
/** Four times the pool's connections: a wave of checkouts well past what the pool holds. */
const CROWD = 4 * DEFAULT_POOL_SIZE;
/** The crowd takes a few seconds here; a pool that deadlocks never answers (Postgres ended it after 60 s). */
const CROWD_BOUND_MS = 15_000;

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

type Shopper = ReturnType<typeof shopper>;
const tenPercent = { description: '10% off', benefit: { kind: 'percent', percent: 10 } };

/** Issue 19: vouchers decided by the voucher module, applied to the session's own order, never one use too many. */
describe('vouchers', () => {
  let server: TestServer;
  let manager: Shopper;
  const clock = testClock('2026-11-20T19:00:00.000Z'); // inside the default opening hours

  beforeAll(async () => {
    server = await startTestServer({ clock, settings: { vouchers_enabled: true } });
    await createUserRepository(server.shop.pool).create({ email: 'boss@example.com', password: 'boss long password', role: 'manager' });
    manager = shopper(server);
    await manager.post('/api/login', { email: 'boss@example.com', password: 'boss long password' }).expect(200);
  });
  afterAll(async () => {
    await server.stop();
  });

  async function createVoucher(body: object): Promise<string> {
    const answer = await manager.post('/api/vouchers', body).expect(200);
    return answer.body.voucherId as string;
  }

  /** A customer with one Onion Bhaji (£3.95) to collect (10 % collect discount: -40p), details given. */
  async function customerWithOrder() {
    const customer = shopper(server);
    const details = someone();
    await customer.collectOnionBhaji(details);
    const order = (await customer.post('/api/fetchOrder').expect(200)).body.order as { id: string; total_cost: number };
    const apply = (code: string) => customer.post('/try-to-apply-voucher', { code, email: details.email, orderId: order.id });
    return { customer, details, order, apply };
  }

  const eventsOf = async (stream: string) =>
    (await server.shop.pool.oneFirst(sql.unsafe`select count(*)::int from es_events where stream_name = ${stream}`)) as number;

  it('says whether vouchers are on for the store', async () => {
    expect((await shopper(server).get('/vouchers-status').expect(200)).body).toEqual({ status: true, value: true });
  });

  it('applies, removes and applies again a code in any case; the totals are the order module’s', async () => {
    await createVoucher({ code: 'Flyer10', terms: tenPercent });
    const { customer, order, apply, details } = await customerWithOrder();
    expect(order.total_cost).toBe(355);
    const applied = await apply('flyer10').expect(200);
    expect(applied.body).toMatchObject({
      status: true,
      message: "Voucher 'FLYER10' has been added to your order",
      voucherUse: { code: 'FLYER10', description: '10% off', deduction: 40 },
      order: { items_total: 395, postage: -40, voucher_deduction: 40, total_cost: 315 },
    });
    const removed = await customer.post('/deleteVoucherUse', { orderId: order.id }).expect(200);
    expect(removed.body).toMatchObject({ status: true, message: 'Voucher has been removed from this order', voucherUse: null, order: { postage: -40, items_total: 395, total_cost: 355 } });
    expect((await apply('FLYER10').expect(200)).body.order.total_cost).toBe(315);

    await customer.payByPhone().expect(200);
    const placed = await customer.complete().expect(200);
    expect(placed.body.order).toMatchObject({ status: 'AWAITING-PAYMENT', voucher_deduction: 40, total_cost: 315 });
    // Placed: the voucher can no longer change, and that is an error of the request, not a refused code.
    expect((await apply('FLYER10').expect(409)).body.message).toBe('This order has already been placed');
    // The voucher's events name the order, never the customer: neither the email nor its keyed hash.
    const hash = server.shop.services.personalData.lookupHash('email', details.email);
    const voucherEvents = (await server.shop.pool.anyFirst(sql.unsafe`select data::text from es_events where stream_name like 'voucher-%'`)) as string[];
    expect(voucherEvents.join('\n')).toContain(order.id);
    expect(voucherEvents.join('\n')).not.toContain(details.email);
    expect(voucherEvents.join('\n')).not.toContain(hash);
  });

  it('shows the voucher on the kitchen’s row, the printed ticket, the confirmation email and the customer’s order page', async () => {
    await createVoucher({ code: 'SHOWN', terms: { ...tenPercent, description: 'Shown everywhere' } });
    const { customer, order, apply, details } = await customerWithOrder();
    await apply('SHOWN').expect(200);
    await customer.payByPhone().expect(200);
    const placed = await customer.complete().expect(200);
    const ref = placed.body.order.ref as string;
    expect((await customer.post('/api/fetchOrder').expect(200)).body.order).toMatchObject({
      voucher: { code: 'SHOWN', description: 'Shown everywhere', deduction: 40 },
      voucher_deduction: 40,
      total_cost: 315,
    });
    await server.shop.services.readModels.waitFor('orders', await server.shop.store.lastCommittedPosition());
    expect((await manager.get(`/api/fetchOrder/${order.id}`).expect(200)).body).toMatchObject({ order: { voucher_code: 'SHOWN', voucher_deduction: 40, total_cost: 315 } });
    expect((await manager.get(`/takeaway/${order.id}/preview`).expect(200)).text).toContain('Voucher SHOWN (£0.40)');
    await server.shop.mailSettled();
    const directory = path.join(server.shop.config.dataDir, 'mail');
    const mail = fs.readdirSync(directory).map((name) => fs.readFileSync(path.join(directory, name), 'utf8')).find((text) => text.includes(`To: ${details.email}`) && text.includes(ref));
    expect(mail).toContain('Voucher SHOWN: (=C2=A30.40)'); // quoted-printable: (£0.40)
  });

  it('keeps a code to one voucher: a second voucher with it is refused, in any case and when created at the same moment', async () => {
    await createVoucher({ code: 'ONLYONCE', terms: tenPercent });
    expect((await manager.post('/api/vouchers', { code: 'onlyonce', terms: tenPercent }).expect(409)).body.message).toBe('The code ONLYONCE is already in use');
    const creates = await Promise.all(Array.from({ length: 4 }, () => manager.post('/api/vouchers', { code: 'SAMETIME', terms: tenPercent })));
    expect(creates.map((answer) => answer.status).sort()).toEqual([200, 409, 409, 409]);
    const listed = (await manager.get('/api/vouchers').expect(200)).body.vouchers as Array<{ codes?: string[]; code?: string }>;
    expect(JSON.stringify(listed).match(/SAMETIME/g)).toHaveLength(1);
  });

  it('refuses a code already claimed, by the claims table’s key, even while the vouchers read model is behind', async () => {
    const runner = server.shop.runners.find((each) => each.projection.name === 'vouchers')!;
    const claimedBy = async (code: string) =>
      (await server.shop.pool.maybeOneFirst(sql.unsafe`select voucher_id from voucher_codes_claimed where code = ${code}`)) as string | null;
    const inReadModel = async (code: string) =>
      (await server.shop.pool.maybeOneFirst(sql.unsafe`select voucher_id from voucher_codes where code = ${code}`)) !== null;
    await runner.stop();
    // The first create claims its code and appends its event, then waits for the stopped read model.
    const first = manager.post('/api/vouchers', { code: 'Behind', terms: tenPercent }).then((answer) => answer);
    try {
      await until(async () => (await claimedBy('BEHIND')) !== null, 'the first create to claim its code');
      expect((await manager.post('/api/vouchers', { code: 'behind', terms: tenPercent }).expect(409)).body.message).toBe('The code BEHIND is already in use');
      expect(await inReadModel('BEHIND')).toBe(false); // the read model knew nothing of it: the claim refused it
    } finally {
      runner.start();
    }
    const created = await first;
    expect(created.status).toBe(200);
    expect(await claimedBy('BEHIND')).toBe(created.body.voucherId);
    const listed = (await manager.get('/api/vouchers').expect(200)).body.vouchers as unknown[];
    expect(JSON.stringify(listed).match(/BEHIND/g)).toHaveLength(1);

    // Another instance's create that has claimed its code (its event not even appended yet) is refused here too.
    const elsewhere = randomUUID();
    await server.shop.pool.query(sql.unsafe`insert into voucher_codes_claimed (code, voucher_id) values ('ELSEWHERE', ${elsewhere})`);
    expect((await manager.post('/api/vouchers', { code: 'elsewhere', terms: tenPercent }).expect(409)).body.message).toBe('The code ELSEWHERE is already in use');
    expect(await claimedBy('ELSEWHERE')).toBe(elsewhere);
  });

  it('refuses by the rules with the box’s message: minimum spend, unknown code', async () => {
    await createVoucher({ code: 'BIGSPEND', terms: { ...tenPercent, minSpendPence: 1500 } });
    const { apply } = await customerWithOrder();
    expect((await apply('BIGSPEND').expect(200)).body).toMatchObject({ status: false, message: 'Spend £15.00 or more to use this code', voucherUse: null });
    expect((await apply('NOSUCHCODE').expect(200)).body).toMatchObject({ status: false, message: 'Sorry, that is not a voucher code we know' });
  });

  it('refuses bad input and other sessions’ orders, changing nothing', async () => {
    const owner = await customerWithOrder();
    const intruder = await customerWithOrder();
    const before = await eventsOf(`order-${owner.order.id}`);
    const post = (body: object) => intruder.customer.post('/try-to-apply-voucher', body);
    const body = { code: 'FLYER10', email: intruder.details.email, orderId: intruder.order.id };
    expect((await post({ ...body, code: '' }).expect(400)).body.message).toMatch(/^code: /);
    expect((await post({ ...body, code: 'A'.repeat(10_000) }).expect(400)).body.message).toMatch(/^code: /);
    expect((await post({ ...body, orderId: 'not-an-id' }).expect(400)).body.message).toMatch(/^orderId: /);
    expect((await post({ ...body, orderId: '00000000-0000-4000-8000-000000000000' }).expect(404)).body.message).toBe('There is no such order in this session');
    expect((await post({ ...body, orderId: owner.order.id }).expect(404)).body.message).toBe('There is no such order in this session');
    await intruder.customer.post('/deleteVoucherUse', { orderId: owner.order.id }).expect(404);
    expect(await eventsOf(`order-${owner.order.id}`)).toBe(before);
  });

  it('gives a single-use code to exactly one of 20 orders racing to pay with it', async () => {
    const voucherId = await createVoucher({ count: 1, terms: { ...tenPercent, description: 'Flyer' } });
    const [code] = (await manager.get(`/api/vouchers/${voucherId}/codes.csv`).expect(200)).text.trim().split(/\r\n/).slice(1);
    expect(code).toMatch(/^[2-9A-HJ-NP-Z]{8}$/);
    const racers = await Promise.all(Array.from({ length: 20 }, () => customerWithOrder()));
    for (const racer of racers) {
      expect((await racer.apply(code.toLowerCase()).expect(200)).body.status).toBe(true);
      await racer.customer.payByPhone().expect(200);
    }
    const answers = await Promise.all(racers.map((racer) => racer.customer.complete()));
    const placed = answers.filter((answer) => answer.status === 200);
    expect(placed).toHaveLength(1);
    expect(placed[0].body.order).toMatchObject({ voucher_deduction: 40, total_cost: 315 });
    for (const refused of answers.filter((answer) => answer.status !== 200)) {
      expect({ status: refused.status, message: refused.body.message }).toEqual({ status: 409, message: 'This code has already been used' });
    }
    await server.shop.services.readModels.waitFor('vouchers', await server.shop.store.lastCommittedPosition());
    const uses = (await manager.get(`/api/vouchers/${voucherId}/uses`).expect(200)).body.uses as Array<{ status: string }>;
    expect(uses.filter((use) => use.status !== 'released')).toHaveLength(1);
  }, 120_000);

  it('two instances reserving one single-use code on the same store: the stream’s expected revision lets exactly one win', async () => {
    const voucherId = await createVoucher({ count: 1, terms: { ...tenPercent, description: 'Two instances' } });
    const [code] = (await manager.get(`/api/vouchers/${voucherId}/codes.csv`).expect(200)).text.trim().split(/\r\n/).slice(1);
    const stream = voucherStream(voucherId);
    // Two shops' command handlers on one database: neither queues behind the other, and each has folded the
    // voucher's stream at the same revision, so both decide "free" and both append expecting that revision.
    const instances = [new CommandHandler(server.shop.store), new CommandHandler(server.shop.store)];
    await Promise.all(instances.map((instance) => instance.load(stream, voucherDecider)));
    const appends = jest.spyOn(server.shop.store, 'append');
    const now = clock().toISOString();
    const reserve = (instance: CommandHandler, orderId: string) =>
      instance.handle(stream, voucherDecider, {
        type: 'ReserveUse',
        facts: { code, orderId, now, itemsTotalPence: 395, postagePence: -40, method: 'COLLECT', customerPaidOrders: 0, customerUses: 0 },
      }, { actor: 'test', now, correlationId: `race-${orderId}` });
    const orderIds = ['11111111-1111-4111-8111-111111111111', '22222222-2222-4222-8222-222222222222'];
    let outcomes: PromiseSettledResult<unknown>[];
    let calls: typeof appends.mock.calls;
    try {
      outcomes = await Promise.allSettled(instances.map((instance, n) => reserve(instance, orderIds[n])));
      calls = [...appends.mock.calls];
    } finally {
      appends.mockRestore();
    }
    const expected = calls.filter(([appendedTo]) => appendedTo === stream).map(([, , options]) => options?.expectedRevision);
    expect(expected.length).toBeGreaterThanOrEqual(2);
    expect(expected[1]).toEqual(expected[0]); // the race was real: both appended on the same revision
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    const lost = outcomes.find((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected')!;
    expect(lost.reason).toBeInstanceOf(DomainError);
    expect((lost.reason as DomainError).message).toBe('This code has already been used');
    const { events } = await server.shop.store.read(stream);
    expect(events.filter((event) => event.type === 'VoucherUseReserved')).toHaveLength(1);
  });

  it('lets one customer racing from 8 sessions use a once-per-customer code exactly once', async () => {
    await createVoucher({ code: 'ONEEACH', terms: { ...tenPercent, description: 'One each', maxUsesPerCustomer: 1 } });
    const { email } = someone();
    const racers = await Promise.all(
      Array.from({ length: 8 }, async () => {
        const customer = shopper(server);
        await customer.collectOnionBhaji({ ...someone(), email });
        const order = (await customer.post('/api/fetchOrder').expect(200)).body.order as { id: string };
        expect((await customer.post('/try-to-apply-voucher', { code: 'oneeach', email, orderId: order.id }).expect(200)).body.status).toBe(true);
        await customer.payByPhone().expect(200);
        return customer;
      }),
    );
    const answers = await Promise.all(racers.map((customer) => customer.complete()));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    for (const refused of answers.filter((answer) => answer.status !== 200)) {
      expect({ status: refused.status, message: refused.body.message }).toEqual({ status: 409, message: 'You have already used this code as many times as it allows' });
    }
  }, 120_000);

  it('confirms the use when paid; releases it on cancellation and on lapse, so the code serves again', async () => {
    const voucherId = await createVoucher({ code: 'ONCEONLY', terms: { ...tenPercent, description: 'Once', maxUses: 1 } });
    const placeWithCode = async () => {
      const racer = await customerWithOrder();
      expect((await racer.apply('ONCEONLY').expect(200)).body.status).toBe(true);
      await racer.customer.payByPhone().expect(200);
      return { ...racer, answer: await racer.customer.complete() };
    };
    const usesNow = async () => {
      await server.shop.services.readModels.waitFor('vouchers', await server.shop.store.lastCommittedPosition());
      return (await manager.get(`/api/vouchers/${voucherId}/uses`).expect(200)).body as { uses: Array<{ orderId: string; status: string }>; givenAwayPence: number };
    };

    const first = await placeWithCode();
    expect(first.answer.status).toBe(200);
    // The first order holds the one use: the box says so at once.
    expect((await (await customerWithOrder()).apply('ONCEONLY').expect(200)).body).toMatchObject({ status: false, message: 'This code has been used up' });
    await manager.post('/api/ta/cancelUnpaid', { orderId: first.order.id }).expect(200);
    expect((await usesNow()).uses.find((use) => use.orderId === first.order.id)?.status).toBe('released');

    // The released use serves another order, which lapses unpaid: released again, through the unpaid-lapse process.
    const third = await placeWithCode();
    expect(third.answer.status).toBe(200);
    clock.advanceMinutes(21);
    await until(async () => (await server.shop.processes.runDue(), (await usesNow()).uses.find((use) => use.orderId === third.order.id)?.status === 'released'), 'the lapsed order’s use to be released');
    // Each use was reserved in the request that placed its order: that placing withdrew the voucher step's undo
    // (issue 28), so no undo process started, though its wait is long over.
    await server.shop.processes.runDue();
    for (const placed of [first, third]) expect((await server.shop.store.read(processStream('voucherStepUndo', placed.order.id))).events).toEqual([]);

    const fourth = await placeWithCode();
    expect(fourth.answer.status).toBe(200);
    await manager.post('/api/ta/markPaid', { orderId: fourth.order.id }).expect(200);
    const after = await usesNow();
    expect(after.uses.find((use) => use.orderId === fourth.order.id)?.status).toBe('confirmed');
    expect(after.givenAwayPence).toBe(40);
    const csv = (await manager.get(`/api/vouchers/${voucherId}/uses.csv`).expect(200)).text;
    expect(csv).toContain('order_ref,date,code,status,deduction_pence,customer');
    expect(csv).toMatch(/ONCEONLY,confirmed,40,/);
  }, 60_000);

  it('keeps a first-order code to customers with no paid order, by their email’s keyed hash; an erased customer is new again', async () => {
    await createVoucher({ code: 'WELCOME', terms: { ...tenPercent, description: 'Welcome', firstOrderOnly: true } });
    const first = await customerWithOrder();
    await first.customer.payByPhone().expect(200);
    const placed = await first.customer.complete().expect(200);
    await manager.post('/api/ta/markPaid', { orderId: placed.body.order.id }).expect(200);

    const again = shopper(server);
    await again.collectOnionBhaji({ ...someone(), email: first.details.email.toUpperCase() });
    const orderId = (await again.post('/api/fetchOrder').expect(200)).body.order.id as string;
    const tryWelcome = () => again.post('/try-to-apply-voucher', { code: 'WELCOME', email: ` ${first.details.email.toUpperCase()}`, orderId });
    expect((await tryWelcome().expect(200)).body).toMatchObject({ status: false, message: 'This code is for a first order only' });
    expect((await (await customerWithOrder()).apply('WELCOME').expect(200)).body.status).toBe(true);

    // The admin erases the first order's customer (issue 15): they count as new again.
    const admin = shopper(server);
    await admin.post('/api/login', { email: server.admin.email, password: server.admin.password }).expect(200);
    await admin.post('/api/privacy/erase', { orderId: placed.body.order.id }).expect(200);
    expect((await tryWelcome().expect(200)).body.status).toBe(true);
  });

  it('throttles guessing: 10 distinct failed codes, a code sent again counted once, then 429', async () => {
    const { apply } = await customerWithOrder();
    for (let n = 0; n < 10; n++) {
      expect((await apply(`WRONG${n}`).expect(200)).body.status).toBe(false);
      if (n < 9) expect((await apply(`wrong${n}`).expect(200)).body.status).toBe(false); // the slow typist's repeat
    }
    expect((await apply('WRONG10').expect(429)).body.message).toMatch(/^Too many voucher codes tried: please try again in \d+ s$/);
  });
  describe('the guessing throttle counts', () => {
    // Each test starts with fresh 15-minute windows, so earlier tests' failures from this address do not count.
    beforeEach(() => clock.advanceMinutes(16));
    const tooMany = /^Too many voucher codes tried: please try again in \d+ s$/;

    it('30 distinct failed codes from one address across sessions, then 429 for every session until the window ends', async () => {
      for (let session = 0; session < 3; session++) {
        const { apply } = await customerWithOrder();
        for (let n = 0; n < 10; n++) expect((await apply(`ADDR${session}X${n}`).expect(200)).body.status).toBe(false);
      }
      const { apply } = await customerWithOrder(); // a new session: its own count is 0, its address's is full
      expect((await apply('ADDRFRESH').expect(429)).body.message).toMatch(tooMany);
      clock.advanceMinutes(15);
      expect((await apply('ADDRFRESH').expect(200)).body.status).toBe(false);
    });

    it('per session, not per order: a new order in the same session does not start the count again', async () => {
      const { customer, apply } = await customerWithOrder();
      for (let n = 0; n < 10; n++) expect((await apply(`SESS${n}`).expect(200)).body.status).toBe(false);
      await customer.payByPhone().expect(200);
      await customer.complete().expect(200);
      await customer.collectOnionBhaji(someone()); // a new basket, so a new order, in the same session
      const orderId = (await customer.post('/api/fetchOrder').expect(200)).body.order.id as string;
      const again = await customer.post('/try-to-apply-voucher', { code: 'SESS10', email: 'x@example.com', orderId }).expect(429);
      expect(again.body.message).toMatch(tooMany);
    });

    it('the same new code sent several times at once counts once: 9 more distinct codes are then allowed, and the 429', async () => {
      const { apply } = await customerWithOrder();
      const answers = await Promise.all(Array.from({ length: 5 }, (_, n) => apply(n % 2 ? 'twice-sent' : 'TWICE-SENT')));
      for (const answer of answers) expect({ status: answer.status, applied: answer.body.status }).toEqual({ status: 200, applied: false });
      for (let n = 0; n < 9; n++) expect((await apply(`ONCE${n}`).expect(200)).body.status).toBe(false);
      expect((await apply('ONCE9').expect(429)).body.message).toMatch(tooMany);
      expect((await apply('TWICE-SENT').expect(429)).body.message).toMatch(tooMany); // over: even a counted code waits
    });

    it('parallel tries cannot slip past: of 15 distinct codes sent at once, 10 are checked and 5 refused', async () => {
      const { apply } = await customerWithOrder();
      const answers = await Promise.all(Array.from({ length: 15 }, (_, n) => apply(`PARA${n}`)));
      expect(answers.filter((answer) => answer.status === 200 && answer.body.status === false)).toHaveLength(10);
      const refused = answers.filter((answer) => answer.status === 429);
      expect(refused).toHaveLength(5);
      for (const answer of refused) expect(answer.body.message).toMatch(tooMany);
    });
  });

  /**
   * Issue 28 item 1: a crowd of checkouts with one shared voucher must not freeze the shop. Reserving a use held a
   * connection of the pool in a transaction and asked the same pool for another: with every connection held so,
   * no request could go on, and after 60 s Postgres ended the sessions and the process died of the error.
   */
  describe('a crowd of checkouts with one shared code', () => {
    let crowdVoucherId: string;

    beforeAll(async () => {
      clock.advanceMinutes(16); // fresh windows for the guessing throttle, which each try counts while it is checked
      await manager.post('/api/stock/restock', { productId: 1, variantId: null, units: CROWD + 1 }).expect(200);
      const terms = { description: '£1 off', benefit: { kind: 'fixed', pence: 100 }, maxUses: CROWD + 1 };
      crowdVoucherId = await createVoucher({ code: 'CROWD', terms });
    });

    /** A customer at the last step: one Onion Bhaji (£3.95) to collect (-40p), the shared code applied, paying by phone. */
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

    it(`places ${CROWD} checkouts sent at once on a pool of ${DEFAULT_POOL_SIZE}, and the shop answers throughout`, async () => {
      const customers: Array<Awaited<ReturnType<typeof readyToComplete>>> = [];
      // Made ready ten at a time: the guessing throttle counts each code while it is checked, thirty at most.
      for (let ten = 0; ten < CROWD / 10; ten++) customers.push(...(await Promise.all(Array.from({ length: 10 }, () => readyToComplete()))));
      const answers = await within(CROWD_BOUND_MS, `${CROWD} checkouts at once`, Promise.all(customers.map(({ customer }) => customer.complete())));
      expect(answers.map((answer) => answer.status)).toEqual(customers.map(() => 200));
      expect(answers.every((answer) => answer.body.order.voucher_deduction === 100)).toBe(true);
      await within(CROWD_BOUND_MS, 'the menu after the crowd', request(server.baseUrl).get('/api/menu').expect(200));
    });

    it('a database error on a connection one request holds answers that request with a plain 500; the shop lives on', async () => {
      const { customer, details } = await readyToComplete();
      // The reservation takes this customer's lock inside its transaction: held here, the request waits on it.
      const holder = new pg.Client({ connectionString: server.database.url });
      await holder.connect();
      const lockKey = `voucher-customer:${crowdVoucherId}:${server.shop.services.personalData.lookupHash('email', details.email)}`;
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
        const failed = await within(CROWD_BOUND_MS, 'the checkout whose connection was ended', completing);
        expect(failed.status).toBe(500);
        expect(failed.body).toEqual({ status: false, message: 'Sorry, something went wrong on our side' });
      } finally {
        await holder.end();
      }
      // Every other route answers, and the same checkout, tried again, is placed.
      await request(server.baseUrl).get('/api/menu').expect(200);
      expect((await customer.complete().expect(200)).body.order.voucher_deduction).toBe(100);
    });

    it('is guarded in tests: the pool refuses a query from inside one of its own transactions', async () => {
      const { pool } = server.shop;
      await expect(pool.transaction(() => pool.oneFirst(sql.unsafe`select 1`))).rejects.toThrow(/transaction's tx/);
    });
  });
});
