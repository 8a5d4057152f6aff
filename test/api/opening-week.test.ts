import request from 'supertest';
import { createUserRepository } from '../../src/identity/users';
import { everyDay, type Week } from '../../src/shared/opening-week';
import { startTestServer, type TestServer } from '../support/server';
import { until } from '../support/until';
import { shopper } from './shopper';
import { testClock } from '../support/test-clock';

const KORMA = 13;
const details = { email: 'kim@example.com', full_name: 'Kim Lee', phone_number: '07911 123456' };

async function storeStatus(server: TestServer): Promise<string> {
  return (await request(server.baseUrl).get('/api/settings/order_status').expect(200)).body.value as string;
}

/** A shop on an injected clock, with a staff member and a manager, and the steps of an evening. */
function shopOn(clock: ReturnType<typeof testClock>, server: () => TestServer) {
  async function logIn(email: string) {
    const agent = shopper(server());
    await agent.post('/api/login', { email, password: 'long enough password' }).expect(200);
    return agent;
  }
  return {
    async createUsers() {
      const users = createUserRepository(server().shop.pool);
      await users.create({ email: 'cook@example.com', password: 'long enough password', role: 'staff' });
      await users.create({ email: 'boss@example.com', password: 'long enough password', role: 'manager' });
    },
    staff: () => logIn('cook@example.com'),
    manager: () => logIn('boss@example.com'),
    /** A paid phone order of one korma, placed and paid at the clock's now; answers its id. */
    async paidOrder(): Promise<string> {
      const customer = shopper(server());
      await customer.add(KORMA).expect(200);
      await customer.save().expect(200);
      await customer.method('COLLECT', -95, 855).expect(200);
      await customer.form(details).expect(200);
      const { id } = (await customer.complete().expect(200)).body.order;
      await (await logIn('cook@example.com')).post('/api/ta/markPaid', { orderId: id }).expect(200);
      return id;
    },
    /** Moves the clock, lets the store clock tick and the due processes run, as the shop does each minute. */
    async at(instant: string): Promise<string | null> {
      clock.set(instant);
      const ticked = await server().shop.storeClock.tick();
      await server().shop.processes.runDue();
      return ticked;
    },
    async untilClosed(why: string) {
      await until(async () => (await server().shop.processes.runDue(), (await storeStatus(server())) === 'closed'), why);
    },
  };
}

const dinnerPastMidnight: Week = everyDay({ open: '17:00', close: '01:00', closesNextDay: true });

/** Issue 14 item 7: an order at 00:40 in a 17:00-01:00 shift is the evening's that the shift started. */
describe('one trading day: a dinner shift 17:00-01:00 (London)', () => {
  let server: TestServer;
  const clock = testClock('2026-11-20T19:00:00.000Z'); // Friday evening
  const shop = shopOn(clock, () => server);

  beforeAll(async () => {
    server = await startTestServer({ clock, settings: { opening_week: dinnerPastMidnight } });
    await shop.createUsers();
  });
  afterAll(async () => {
    await server.stop();
  });

  const todays = async () => ((await (await shop.staff()).get('/api/todaysOrders').expect(200)).body as Array<{ id: string }>).map((order) => order.id);
  const tally = async () => (await (await shop.staff()).get('/api/todaysOrderTally').expect(200)).body as number;

  it('stays open past midnight, counts the 00:40 order in Friday evening, and closes at 01:00', async () => {
    const evening = await shop.paidOrder();
    clock.set('2026-11-21T00:40:00.000Z');
    expect(await storeStatus(server)).toBe('open');
    const late = await shop.paidOrder();
    clock.set('2026-11-21T00:50:00.000Z');
    expect((await request(server.baseUrl).get('/api/minsToCloseTime').expect(200)).body).toMatchObject({ minsToClose: 10, secsToClose: 600 });
    expect(await todays()).toEqual([late, evening]);
    expect(await tally()).toBe(2 * 855);
    // The events say which day too, for every read model that replays them.
    const { events } = await server.shop.store.read(`order-${late}`);
    expect(events.find((event) => event.type === 'OrderSubmitted')!.data).toMatchObject({ tradingDay: '2026-11-20' });

    clock.set('2026-11-21T01:00:00.000Z');
    await shop.untilClosed('the store to close at 01:00');
    await shopper(server).add(KORMA).expect(409);
  });

  it('the next evening is a new trading day: Friday’s orders and takings are not in it', async () => {
    expect(await shop.at('2026-11-21T17:00:00.000Z')).toBe('TakeawayOpenTime');
    expect(await todays()).toEqual([]);
    await (await shop.staff()).post('/api/change-status', { state: 'open' }).expect(200);
    const saturday = await shop.paidOrder();
    expect(await todays()).toEqual([saturday]);
    expect(await tally()).toBe(855);
  });

  it('the kitchen’s log of the day keeps the changes after midnight with their evening', async () => {
    const log = async () => ((await (await shop.staff()).get('/api/todaysStoreLog').expect(200)).body.entries as Array<{ at: string; text: string }>).map((entry) => `${entry.at} ${entry.text}`);
    // Saturday's shift, after midnight. (Friday's shift was closed at 01:00, which starts Saturday's trading day.)
    clock.set('2026-11-22T00:30:00.000Z');
    expect(await log()).toEqual(['2026-11-21T17:00:00.000Z Store set to OPEN', '2026-11-21T01:00:00.000Z Store set to CLOSED']);
    clock.set('2026-11-22T01:00:00.000Z');
    await shop.untilClosed('the store to close at 01:00 on Sunday morning');
    clock.set('2026-11-22T12:00:00.000Z');
    expect(await log()).toEqual(['2026-11-22T01:00:00.000Z Store set to CLOSED']);
  });
});

const lunchAndDinner: Week = everyDay({ open: '12:00', close: '14:00' }, { open: '17:00', close: '23:00' });
const CHRISTMAS = 'Closed today for Christmas – back on the 27th';

/** Issue 14 item 6: a week of two shifts a day and a special day, set by a manager. */
describe('the week: lunch and dinner, and Christmas closed', () => {
  let server: TestServer;
  const clock = testClock('2026-11-20T11:00:00.000Z'); // Friday morning
  const shop = shopOn(clock, () => server);

  beforeAll(async () => {
    server = await startTestServer({ clock, settings: { order_status: undefined } });
    await shop.createUsers();
  });
  afterAll(async () => {
    await server.stop();
  });

  it('a manager sets the week and special days; a bad one is refused saying what is wrong', async () => {
    const manager = await shop.manager();
    const refused = async (settings: object) => (await manager.post('/api/settings/update', { settings }).expect(400)).body.message as string;
    expect(await refused({ opening_week: { ...lunchAndDinner, monday: [{ open: '12:00', close: '14:00' }, { open: '13:30', close: '17:00' }] } })).toBe(
      'opening_week: monday: the shifts 12:00-14:00 and 13:30-17:00 overlap',
    );
    expect(await refused({ opening_week: { ...lunchAndDinner, friday: [{ open: '17:00', close: '01:00' }] } })).toMatch(/^opening_week: friday: the shift 17:00-01:00 closes before it opens/);
    expect(await refused({ opening_week: { ...lunchAndDinner, friday: [{ open: '17:00', close: '25:00' }] } })).toBe('opening_week.friday.0.close: must be a time like 17:30');
    expect(await refused({ special_days: [{ date: '2026-11-19', shifts: [], message: 'Closed' }] })).toBe('special_days: 2026-11-19 is in the past');
    expect(await refused({ special_days: [{ date: '2026-12-25', shifts: [], message: 'Closed\u0000' }] })).toMatch(/^special_days\.0\.message: /);
    expect(await storeStatus(server)).toBe('closed');

    const saved = await manager.post('/api/settings/update', { settings: { opening_week: lunchAndDinner, special_days: [{ date: '2026-12-25', shifts: [], message: CHRISTMAS }] } }).expect(200);
    expect(saved.body.values.special_days).toEqual([{ date: '2026-12-25', shifts: [], message: CHRISTMAS }]);
    // Staff may not change the hours.
    await (await shop.staff()).post('/api/settings/update', { settings: { special_days: [] } }).expect(403);
  });

  it('calls staff to open for lunch, closes once at 14:00, and calls them again for dinner at 17:00', async () => {
    expect(await shop.at('2026-11-20T12:00:00.000Z')).toBe('TakeawayOpenTime');
    expect(await shop.at('2026-11-20T12:01:00.000Z')).toBeNull();
    const cook = await shop.staff();
    await cook.post('/api/change-status', { state: 'open' }).expect(200);
    expect(await shop.at('2026-11-20T13:50:00.000Z')).toBe('ClosingTime');
    clock.set('2026-11-20T14:00:00.000Z');
    await shop.untilClosed('the store to close at the end of lunch');
    expect(await shop.at('2026-11-20T14:30:00.000Z')).toBeNull();
    expect((await cook.post('/api/ta/canOpen').expect(200)).body.status).toBe(false);
    expect((await request(server.baseUrl).get('/api/nextOpenAt').expect(200)).body.nextOpenAt).toBe('2026-11-20T17:00:00.000Z');

    expect(await shop.at('2026-11-20T17:00:00.000Z')).toBe('TakeawayOpenTime');
    expect((await cook.post('/api/ta/canOpen').expect(200)).body.status).toBe(true);
    await cook.post('/api/change-status', { state: 'open' }).expect(200);
    clock.set('2026-11-20T23:00:00.000Z');
    await shop.untilClosed('the store to close at the end of dinner');
    const closes = (await server.shop.store.read('settings-main')).events.filter((event) => event.type === 'StoreStatusChanged').map((event) => event.data);
    expect(closes.slice(-4)).toEqual([
      { status: 'open', closesAt: '2026-11-20T14:00:00.000Z' },
      { status: 'closed' },
      { status: 'open', closesAt: '2026-11-20T23:00:00.000Z' },
      { status: 'closed' },
    ]);
  });

  it('on Christmas Day it is closed: no call to open, canOpen and the banner say why', async () => {
    expect(await shop.at('2026-12-25T12:30:00.000Z')).toBeNull();
    expect((await (await shop.staff()).post('/api/ta/canOpen').expect(200)).body).toEqual({ status: false, message: CHRISTMAS });
    expect((await request(server.baseUrl).get('/store-status').expect(200)).text).toBe(CHRISTMAS);
    expect((await request(server.baseUrl).get('/api/nextOpenAt').expect(200)).body).toEqual({ status: true, nextOpenAt: '2026-12-26T12:00:00.000Z', message: CHRISTMAS });
    // The day after, the usual banner.
    clock.set('2026-12-26T10:00:00.000Z');
    expect((await request(server.baseUrl).get('/store-status').expect(200)).text).toBe("CLOSED - we're not taking orders right now");
  });
});
