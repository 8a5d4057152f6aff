import { randomBytes } from 'node:crypto';
import { sql } from 'slonik';
import { shopper } from '../api/shopper';
import { startTestServer, type TestServer } from '../support/server';
import { until } from '../support/until';

const KORMA = 13;
const DELIVERY_POSTCODE = 'LS2 9JT';

/** A marker no other text of the shop contains, so finding it anywhere means that field leaked there. */
const marker = (field: string) => `mk${randomBytes(6).toString('hex')}${field}`;

/** Issue 15 item 3: every personal field of every order event is sealed; readers see it decrypted. */
describe('personal data sealed in events', () => {
  let server: TestServer;
  let staff: ReturnType<typeof shopper>;

  beforeAll(async () => {
    server = await startTestServer();
    staff = shopper(server);
    await staff.post('/api/login', { email: server.admin.email, password: server.admin.password }).expect(200);
  });
  afterAll(async () => {
    await server.stop();
  });

  async function deliveryOrder() {
    const markers = {
      note: marker('note'),
      email: `${marker('email')}@example.com`,
      full_name: `Sam ${marker('name')}`,
      address_1: marker('addressone'),
      address_2: marker('addresstwo'),
      address_3: marker('addressthree'),
      town_city: marker('town'),
      delivery_info: marker('info'),
      allergy_info: marker('allergy'),
    };
    const customer = shopper(server);
    await customer.addUnits(KORMA, 2);
    await customer.post('/api/updateCartInSession', { order_extra: markers.note }).expect(200);
    await customer.checkPostcode(DELIVERY_POSTCODE).expect(200);
    await customer.save().expect(200);
    await customer.method('DELIVER', 150, 2050, DELIVERY_POSTCODE).expect(200);
    const { note: _note, ...form } = markers;
    await customer.form({ ...form, postcode: DELIVERY_POSTCODE, phone_number: '07911 123456' }).expect(200);
    await customer.payByPhone().expect(200);
    const order = (await customer.complete().expect(200)).body.order as { id: string };
    return { orderId: order.id, markers };
  }

  it('stores no personal field of an order in clear, and the staff screen and read model still show every one', async () => {
    const orders: Array<Awaited<ReturnType<typeof deliveryOrder>>> = [];
    for (let n = 0; n < 4; n++) orders.push(await deliveryOrder());

    const stored = await server.shop.pool.anyFirst<string>(sql.unsafe`
      select data::text from es_events where stream_name like 'order-%' or stream_name like 'cart-%'`);
    const storedText = stored.join('\n');
    for (const { markers } of orders) {
      for (const value of Object.values(markers)) expect(storedText).not.toContain(value.replace(/@.*/, ''));
    }
    expect(storedText).not.toContain(DELIVERY_POSTCODE);
    expect(storedText).not.toContain('07911');
    expect(storedText).toMatch(/"pii":/);

    let today: Array<Record<string, unknown>> = [];
    await until(async () => {
      today = (await staff.get('/api/todaysOrders').expect(200)).body;
      return orders.every(({ orderId }) => today.some((row) => row.id === orderId));
    }, 'the staff screen to list every order');
    for (const { orderId, markers } of orders) {
      const row = today.find((candidate) => candidate.id === orderId);
      expect(row).toMatchObject({ full_name: markers.full_name, postcode: DELIVERY_POSTCODE });
      const stored = await server.shop.pool.one(sql.unsafe`
        select email, full_name, address_1, address_2, address_3, town_city, delivery_info, allergy_info, note, postcode, phone_number
          from orders where order_id = ${orderId}`);
      expect(stored).toEqual({ ...markers, postcode: DELIVERY_POSTCODE, phone_number: '07911 123456' });
    }
  });
});
