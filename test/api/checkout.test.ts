import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'slonik';
import { createStockHandlers } from '../../modules/stock';
import { createUserRepository } from '../../src/identity/users';
import { CARD_UNAVAILABLE, NO_PAYMENT_METHODS, PAYPAL_UNAVAILABLE } from '../../src/shared/payment-texts';
import { startTestServer, type TestServer } from '../support/server';
import { shopper } from './shopper';

const ONION_BHAJI = 1; // £3.95
const KORMA = 13; // £9.50
const DONATION = 33; // £1.00, virtual
const details = { email: 'sam@example.com', full_name: 'Sam Smith', phone_number: '07911 123456' };
const address = { address_1: '1 Hyde Park Road', town_city: 'Leeds' };

describe('checkout API', () => {
  let server: TestServer;
  let manager: ReturnType<typeof shopper>;

  const events = async (type?: string) =>
    (await server.shop.pool.oneFirst(
      type ? sql.unsafe`select count(*)::int from es_events where event_type = ${type}` : sql.unsafe`select count(*)::int from es_events`,
    )) as number;

  async function settings(values: Record<string, unknown>) {
    const answer = await manager.post('/api/settings/update', { settings: values });
    if (answer.body.status !== true) throw new Error(JSON.stringify(answer.body));
  }

  beforeAll(async () => {
    server = await startTestServer();
    await createUserRepository(server.shop.pool).create({ email: 'boss@example.com', password: 'boss long password', role: 'manager' });
    manager = shopper(server);
    await manager.post('/api/login', { email: 'boss@example.com', password: 'boss long password' }).expect(200);
  });
  afterAll(async () => {
    await server.stop();
  });
  afterEach(async () => {
    await settings({
      order_status: 'open',
      delivery_radius: 3,
      offer_takeaway_collect_discount: true,
      takeaway_collect_discount_type: 'Percentage %',
      takeaway_collect_discount_amount_or_percent: 10,
      delivering_status: true,
      payment_methods: ['phone'],
    });
  });

  it('places a collection order paid by phone: discount, AWAITING-PAYMENT, stock sold, basket emptied, email written', async () => {
    const customer = shopper(server);
    await customer.addUnits(ONION_BHAJI, 2);
    await customer.add(KORMA).expect(200);
    const saved = await customer.save().expect(200);
    expect(saved.body.order).toMatchObject({ status: 'checkout', items_total: 1740, total_cost: 1740 });
    // 10 % of £17.40 is 174p, given as negative postage.
    await customer.method('COLLECT', -174, 1566).expect(200);
    await customer.form(details).expect(200);
    await customer.payByPhone().expect(200);
    const done = await customer.complete().expect(200);
    expect(done.body.status).toBe(true);
    expect(done.body.order).toMatchObject({ status: 'AWAITING-PAYMENT', payment_method: 'PHONE', postage: -174, total_cost: 1566, ta_method: 'COLLECT' });
    const cart = await customer.post('/api/getCartFromSession').expect(200);
    expect(cart.body.cartItems).toEqual([]);
    const sold = await server.shop.pool.anyFirst(sql.unsafe`
      select (data->>'quantity')::int from es_events where event_type = 'StockSold' and data->>'orderId' = ${done.body.order.id}`);
    expect([...sold].sort()).toEqual([1, 2]);
    await server.shop.mailSettled();
    const mail = fs.readdirSync(path.join(server.shop.config.dataDir, 'mail'));
    const latest = fs.readFileSync(path.join(server.shop.config.dataDir, 'mail', mail[mail.length - 1]), 'utf8');
    expect(latest).toContain('To: sam@example.com');
    expect(latest).toContain(done.body.order.ref);
  });

  describe('postcodes and distance', () => {
    it.each([
      ['LS6 2AA', true],
      ['ls6 2aa', true],
      ['  LS6 2AA  ', true],
      ['LS62AA', false],
      ['QQ1 1AA', false],
      ['V1 1AA', false],
      ['LS6 2', false],
      ['LS6 2CI', false],
    ])('%s valid: %s', async (postcode, valid) => {
      const answer = await shopper(server).checkPostcode(postcode);
      if (valid) {
        expect(answer.status).toBe(200);
        expect(answer.body).toMatchObject({ status: true, postcode: 'LS6 2AA', miles: 2.01 });
      } else {
        expect(answer.status).toBe(400);
        expect(answer.body).toEqual({ status: false, message: ' ... incomplete or invalid postcode' });
      }
    });

    it("takes 'GIR 0AA' as a postcode (and says so when the lookup does not know it)", async () => {
      const answer = await shopper(server).checkPostcode('GIR 0AA');
      expect(answer.status).toBe(404);
      expect(answer.body.message).toBe('We could not find GIR 0AA: please check it');
    });

    it('delivers only within the radius, the boundary included', async () => {
      await settings({ delivery_radius: 2.01 });
      const inside = shopper(server);
      await inside.addUnits(KORMA, 2);
      expect((await inside.checkPostcode('LS6 2AA').expect(200)).body.inside_area).toBe(true);
      await inside.get('/api/calc_delivery').expect(200);
      await settings({ delivery_radius: 2 });
      expect((await inside.checkPostcode('LS6 2AA').expect(200)).body.inside_area).toBe(false);
      const refused = await inside.get('/api/calc_delivery').expect(409);
      expect(refused.body.message).toContain('outside our delivery area');
    });
  });

  describe('postage', () => {
    it.each([
      ['LS2 9JT', 0.76, 150],
      ['LS9 8AA', 1.41, 250],
      ['LS8 1AA', 2.37, 350],
    ])('delivering to %s (%s miles) costs its band', async (postcode, miles, charge) => {
      const customer = shopper(server);
      await customer.addUnits(KORMA, 2);
      expect((await customer.checkPostcode(postcode).expect(200)).body.miles).toBe(miles);
      expect((await customer.get('/api/calc_delivery').expect(200)).body.delivery_charge).toBe(charge);
      await customer.save().expect(200);
      const chosen = await customer.method('DELIVER', charge, 1900 + charge, postcode).expect(200);
      expect(chosen.body.order).toMatchObject({ ta_method: 'DELIVER', postage: charge, postcode, total_cost: 1900 + charge });
    });

    it('rounds the percentage collect discount and applies a fixed one as it is', async () => {
      const customer = shopper(server);
      await customer.add(ONION_BHAJI).expect(200); // £3.95: 5 % is 19.75p
      await customer.save().expect(200);
      await settings({ takeaway_collect_discount_amount_or_percent: 5 });
      await customer.method('COLLECT', -20, 375).expect(200);
      await settings({ takeaway_collect_discount_type: 'Fixed Amount', takeaway_collect_discount_amount_or_percent: 50 });
      await customer.method('COLLECT', -50, 345).expect(200);
      await settings({ offer_takeaway_collect_discount: false });
      await customer.method('COLLECT', 0, 395).expect(200);
    });

    it('charges nothing to collect or deliver an all-virtual basket', async () => {
      const customer = shopper(server);
      await customer.addUnits(DONATION, 3);
      await customer.save().expect(200);
      const collected = await customer.method('COLLECT', 0, 300).expect(200);
      expect(collected.body.order.postage).toBe(0);
    });

    it('refuses a tampered postage or total, says the right figures and changes nothing', async () => {
      const customer = shopper(server);
      await customer.add(KORMA).expect(200);
      await customer.save().expect(200);
      const before = await events();
      const refused = await customer.method('COLLECT', -1, 100).expect(409);
      expect(refused.body).toEqual({ status: false, message: 'The collect discount is (£0.95) and the total £8.55: please check your order' });
      expect(await events()).toBe(before);
    });

    it('refuses delivery when it is switched off or below the minimum order', async () => {
      const small = shopper(server);
      await small.add(ONION_BHAJI).expect(200);
      await small.checkPostcode('LS2 9JT').expect(200);
      expect((await small.get('/api/calc_delivery').expect(409)).body.message).toBe('Delivery needs an order of at least £12.00');
      await settings({ delivering_status: false });
      expect((await small.get('/api/calc_delivery').expect(409)).body.message).toBe("Sorry we can't offer delivery right now.");
    });
  });

  it('saving a changed basket again updates the same order; once placed, the order stays readable and the next basket is new', async () => {
    const customer = shopper(server);
    await customer.add(ONION_BHAJI).expect(200);
    const first = await customer.save().expect(200);
    await customer.post('/api/reopenCart').expect(200); // back on the basket page (issue 13, two tabs)
    await customer.add(KORMA).expect(200);
    const second = await customer.save().expect(200);
    expect(second.body.order.id).toBe(first.body.order.id);
    expect(second.body.order).toMatchObject({ items_total: 1345 });
    await customer.method('COLLECT', -135, 1210).expect(200);
    await customer.form(details).expect(200);
    await customer.payByPhone().expect(200);
    await customer.complete().expect(200);

    const placed = await customer.post('/api/fetchOrder').expect(200);
    expect(placed.body.order).toMatchObject({ id: first.body.order.id, status: 'AWAITING-PAYMENT' });
    const basketDone = await server.shop.pool.anyFirst(sql.unsafe`
      select event_type from es_events where stream_name like 'cart-%' and data->>'orderId' = ${first.body.order.id as string} order by revision`);
    expect(basketDone).toEqual(['CartFrozen', 'CartFrozen', 'CartCheckedOut']);
    await customer.add(ONION_BHAJI).expect(200);
    const next = await customer.save().expect(200);
    expect(next.body.order.id).not.toBe(first.body.order.id);
    expect(next.body.order).toMatchObject({ status: 'checkout', items_total: 395 });
  });

  it('collection skips the postcode check and keeps what was typed', async () => {
    const customer = shopper(server);
    await customer.add(ONION_BHAJI).expect(200);
    await customer.save().expect(200);
    await customer.method('COLLECT', -40, 355).expect(200);
    const kept = await customer.form({ ...details, postcode: 'not mine' }).expect(200);
    expect(kept.body.order.postcode).toBe('not mine');
  });

  describe('rules that block', () => {
    it('an empty basket cannot be saved as an order', async () => {
      const before = await events();
      const refused = await shopper(server).save().expect(400);
      expect(refused.body).toEqual({ status: false, message: 'Cart is Empty' });
      expect(await events()).toBe(before);
    });

    it('a closed store takes no order, no basket change and no completion', async () => {
      const customer = shopper(server);
      await customer.add(ONION_BHAJI).expect(200);
      await customer.save().expect(200);
      await settings({ order_status: 'closed' });
      const before = await events();
      for (const answer of [await customer.add(KORMA), await customer.save(), await customer.complete()]) {
        expect(answer.status).toBe(409);
        expect(answer.body.message).toBe("Sorry, we're closed & not taking orders right now. Please try again when we're next open");
      }
      expect(await events()).toBe(before);
      expect((await customer.get('/api/can_pay').expect(200)).body.value).toBe(false);
    });

    it('cannot be completed before the details are given', async () => {
      const customer = shopper(server);
      await customer.add(ONION_BHAJI).expect(200);
      await customer.save().expect(200);
      expect((await customer.complete().expect(400)).body.message).toBe('Please choose collection or delivery');
      await customer.method('COLLECT', -40, 355).expect(200);
      expect((await customer.complete().expect(400)).body.message).toBe('Please complete your details');
    });

    it.each([
      ['a bad email', { ...details, email: 'sam@@example' }, 'Not a valid email address'],
      ['no name', { ...details, full_name: ' ' }, 'Full name is required'],
      ['a bad phone', { ...details, phone_number: '12345' }, 'Not a valid phone No'],
      ['a phone number in the US', { ...details, phone_number: '+1 202 555 0143' }, 'Not a valid phone No'],
      ['a phone number in France', { ...details, phone_number: '+33 1 42 68 53 00' }, 'Not a valid phone No'],
      ['an unknown field', { ...details, card: '4111' }, 'card'],
    ])('the delivery form refuses %s, naming it, and changes nothing', async (_name, form, message) => {
      const customer = shopper(server);
      await customer.add(ONION_BHAJI).expect(200);
      await customer.save().expect(200);
      const before = await events();
      const refused = await customer.form(form).expect(400);
      expect(refused.body.message).toContain(message);
      expect(await events()).toBe(before);
    });

    it('takes a UK phone number written with +44, and keeps it in its one national form', async () => {
      const customer = shopper(server);
      await customer.add(ONION_BHAJI).expect(200);
      await customer.save().expect(200);
      const given = await customer.form({ ...details, phone_number: '+44 7911 123456' }).expect(200);
      expect(given.body.order.phone_number).toBe('07911 123456');
      const withExtension = await customer.form({ ...details, phone_number: '0113 496 0000 ext. 12' }).expect(200);
      expect(withExtension.body.order.phone_number).toBe('0113 496 0000 x12');
    });

    it('refuses a phone number or an email with markup after it, rather than storing it', async () => {
      const customer = shopper(server);
      await customer.add(ONION_BHAJI).expect(200);
      await customer.save().expect(200);
      const before = await events();
      const phone = await customer.form({ ...details, phone_number: '07911 123456<b>1</b>' }).expect(400);
      expect(phone.body.message).toBe('phone_number: Not a valid phone No');
      const email = await customer.form({ ...details, email: '<b>sam</b>@example.com' }).expect(400);
      expect(email.body.message).toMatch(/^email: /);
      expect(await events()).toBe(before);
    });

    it('no checkout while no payment method is set up', async () => {
      const customer = shopper(server);
      await customer.add(ONION_BHAJI).expect(200);
      await settings({ payment_methods: [] });
      const before = await events();
      const refused = await customer.save().expect(409);
      expect(refused.body).toEqual({ status: false, message: NO_PAYMENT_METHODS });
      expect(await events()).toBe(before);
      expect((await customer.get('/api/can_pay').expect(200)).body.value).toBe(false);
    });

    it('places no order by card or PayPal without their providers set up: nothing is sold or sent to the kitchen', async () => {
      const customer = shopper(server);
      await customer.collectOnionBhaji(details);
      await settings({ payment_methods: ['phone', 'card'] });
      const before = await events();
      const paypal = await customer.post('/complete-order', { payment_method: 'PAYPAL' }).expect(409);
      expect(paypal.body.message).toBe(PAYPAL_UNAVAILABLE);
      const card = await customer.post('/complete-order', { payment_method: 'CARD' }).expect(409);
      expect(card.body.message).toBe(CARD_UNAVAILABLE);
      expect(await events()).toBe(before);
      expect((await customer.post('/api/fetchOrder').expect(200)).body.order.status).toBe('checkout');
      await settings({ payment_methods: ['phone', 'paypal'] });
      expect((await customer.post('/complete-order', { payment_method: 'PAYPAL' }).expect(409)).body.message).toBe(PAYPAL_UNAVAILABLE);
      expect(await events()).toBe(before + 1); // the settings change only
      await customer.payByPhone().expect(200);
      expect((await customer.complete().expect(200)).body.order.status).toBe('AWAITING-PAYMENT');
    });

    it('sells no dish the kitchen took off after it went into the basket: not at saving, not at completing', async () => {
      const status = (value: 'active' | 'out-of-stock') =>
        manager.post('/api/product/update_product_status', { id: ONION_BHAJI, status: value }).expect(200);
      const customer = shopper(server);
      await customer.add(ONION_BHAJI).expect(200);
      await status('out-of-stock');
      try {
        const before = await events();
        expect((await customer.save().expect(409)).body.message).toBe('Sorry, Onion Bhaji is not available right now');
        expect(await events()).toBe(before);

        await status('active');
        await customer.save().expect(200);
        await customer.method('COLLECT', -40, 355).expect(200);
        await customer.form(details).expect(200);
        await customer.payByPhone().expect(200);
        await status('out-of-stock');
        const placed = await events();
        expect((await customer.complete().expect(409)).body.message).toBe('Sorry, Onion Bhaji is not available right now');
        expect(await events()).toBe(placed);
        expect((await customer.post('/api/fetchOrder').expect(200)).body.order.status).toBe('checkout');
      } finally {
        await status('active');
      }
    });

    it('completes only while the postage chosen still holds: the discount or delivery switched off meanwhile', async () => {
      const collecting = shopper(server);
      await collecting.collectOnionBhaji(details);
      await collecting.payByPhone().expect(200);

      const delivering = shopper(server);
      await delivering.addUnits(KORMA, 2);
      await delivering.checkPostcode('LS2 9JT').expect(200);
      await delivering.save().expect(200);
      await delivering.method('DELIVER', 150, 2050, 'LS2 9JT').expect(200);
      await delivering.form({ ...details, ...address, postcode: 'LS2 9JT' }).expect(200);
      await delivering.payByPhone().expect(200);

      await settings({ offer_takeaway_collect_discount: false, delivering_status: false });
      const before = await events();
      const discount = await collecting.complete().expect(409);
      expect(discount.body.message).toBe('The collect discount has changed to £0.00: please choose collection or delivery again');
      expect((await delivering.complete().expect(409)).body.message).toBe("Sorry we can't offer delivery right now.");
      expect(await events()).toBe(before);

      await collecting.method('COLLECT', 0, 395).expect(200);
      expect((await collecting.complete().expect(200)).body.order).toMatchObject({ status: 'AWAITING-PAYMENT', postage: 0, total_cost: 395 });
    });

    it('a delivery needs the address, and the postcode whose distance was checked', async () => {
      const customer = shopper(server);
      await customer.addUnits(KORMA, 2);
      await customer.checkPostcode('LS2 9JT').expect(200);
      await customer.save().expect(200);
      await customer.method('DELIVER', 150, 2050, 'LS2 9JT').expect(200);
      expect((await customer.form({ ...details, postcode: 'LS2 9JT' }).expect(400)).body.message).toContain('address_1');
      expect((await customer.form({ ...details, ...address, postcode: 'LS29JT' }).expect(400)).body.message).toBe('postcode: Not a valid postcode');
      const other = await customer.form({ ...details, ...address, postcode: 'LS6 2AA' }).expect(400);
      expect(other.body.message).toBe('The delivery postcode must be LS2 9JT, the one whose distance was checked');
      await customer.form({ ...details, ...address, postcode: 'LS2 9JT' }).expect(200);
    });
  });

  it('the same order placed many times at once is one order, sold once, mailed once', async () => {
    const customer = shopper(server);
    await customer.add(KORMA).expect(200);
    const saves = await Promise.all([1, 2, 3, 4, 5].map(() => customer.save()));
    expect(new Set(saves.map((answer) => answer.body.order.id)).size).toBe(1);
    const orderId = saves[0].body.order.id;
    await customer.method('COLLECT', -95, 855).expect(200);
    await customer.form(details).expect(200);
    const completions = await Promise.all([1, 2, 3, 4, 5].map(() => customer.complete()));
    expect(completions.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    const count = async (type: string) =>
      (await server.shop.pool.oneFirst(sql.unsafe`
        select count(*)::int from es_events where event_type = ${type} and (data->>'orderId' = ${orderId})`)) as number;
    expect(await count('OrderPlaced')).toBe(1);
    expect(await count('OrderSubmitted')).toBe(1);
    expect(await count('StockSold')).toBe(1);
  });
});

describe('checkout when a dish runs out meanwhile', () => {
  let server: TestServer;
  let now = new Date('2026-11-20T19:00:00.000Z');
  const clock = () => new Date(now);
  const system = () => ({ actor: 'system', now: clock().toISOString(), correlationId: randomUUID() });

  beforeAll(async () => {
    server = await startTestServer({ clock });
  });
  afterAll(async () => {
    await server.stop();
  });

  it('does not place the order, and gives the basket back the lines it had sold', async () => {
    const stock = createStockHandlers(server.shop.services.commands);
    const customer = shopper(server);
    await customer.addUnits(ONION_BHAJI, 2);
    await customer.add(KORMA).expect(200);
    await customer.save().expect(200);
    await customer.method('COLLECT', -174, 1566).expect(200);
    await customer.form(details).expect(200);
    await customer.payByPhone().expect(200);
    // The basket is left alone past its hold, and the kitchen runs out of korma meanwhile.
    now = new Date(now.getTime() + 31 * 60_000);
    await stock.setLevel(KORMA, null, 0, system());
    const bhajis = (await stock.current(ONION_BHAJI)).units['-'];

    const refused = await customer.complete().expect(409);
    expect(refused.body.message).toBe('Sorry, Chicken Korma sold out while you were checking out: please update your basket');
    expect((await customer.post('/api/fetchOrder').expect(200)).body.order.status).toBe('checkout');
    const onionBhaji = await stock.current(ONION_BHAJI);
    expect(onionBhaji.sold).toEqual({});
    expect(onionBhaji.units['-']).toBe(bhajis);
    const basket = await customer.post('/api/getCartFromSession').expect(200);
    const lines = basket.body.cartItems.map((item: { id: number; quantity: number; released: boolean }) => [item.id, item.quantity, item.released]);
    expect(lines.sort((a: number[], b: number[]) => a[0] - b[0])).toEqual([[ONION_BHAJI, 2, false], [KORMA, 0, true]]);
  });
});
