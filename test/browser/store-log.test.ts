import request from 'supertest';
import { createUserRepository } from '../../src/identity/users';
import { startTestServer, type TestServer } from '../support/server';
import { expectAccessible } from './accessibility';
import { launchBrowser, type BrowserSession } from './browser';
import { answerTo, escapeRegExp, eveningClock, logIn } from './shop-steps';

const STAFF = { email: 'cook@example.com', password: 'cook long password' };
const MANAGER = { email: 'boss@example.com', password: 'boss long password' };


/** A log line's whole text at 19:xx London time. */
const atEvening = (text: string) => new RegExp(`^\\s*19:[0-5]\\d ${escapeRegExp(text)}\\s*$`);


/** Issue 14 item 8: the delivery toggle saves through the settings call; the kitchen sees the day's store changes. */
describe('the delivery toggle and the kitchen log in the browser', () => {
  let server: TestServer;
  let staff: BrowserSession;

  beforeAll(async () => {
    server = await startTestServer({ withWeb: true, clock: eveningClock() });
    const users = createUserRepository(server.shop.pool);
    await users.create({ ...STAFF, role: 'staff' });
    await users.create({ ...MANAGER, role: 'manager' });
    staff = await launchBrowser();
  }, 180_000);

  afterAll(async () => {
    await staff?.close();
    await server?.stop();
  });

  it('staff switch delivery off through /api/settings/update, and the log shows it and a manager’s change live', async () => {
    const kitchen = staff.page;
    // Staff land on the live orders, its low-stock warning closed (issue 38 item 7).
    await logIn(kitchen, server.baseUrl, STAFF);
    await kitchen.locator('#liveOrders[data-connection="connected"]').waitFor();
    const log = kitchen.getByTestId('store-log');
    const entries = log.getByTestId('store-log-entry');
    // The test shop was opened as it started (a new shop starts closed): that is the day's one change so far.
    await entries.first().filter({ hasText: 'Store set to OPEN' }).waitFor();
    const before = await entries.count();
    await kitchen.locator('#deliveringStatus').getByText('delivering', { exact: true }).waitFor();

    const [saved] = await Promise.all([answerTo(kitchen, '/api/settings/update'), kitchen.getByTestId('delivering-switch').click()]);
    expect(saved.status()).toBe(200);
    expect(saved.request().postDataJSON()).toEqual({ settings: { delivering_status: false } });
    await kitchen.locator('#deliveringStatus').getByText('not-delivering', { exact: true }).waitFor();
    // When, on London's clock: the server's clock says 19:00 there at the start.
    await entries.first().filter({ hasText: atEvening(`Delivery switched off by ${STAFF.email}`) }).waitFor();

    // A manager elsewhere sets the store busy: the kitchen's log follows over the store's live channel, unreloaded.
    const manager = request.agent(server.baseUrl);
    const headers = { 'X-Requested-With': 'fetch', Origin: server.baseUrl };
    await manager.post('/api/login').set(headers).send(MANAGER).expect(200);
    await manager.post('/api/change-status').set(headers).send({ state: 'busy' }).expect(200);
    await entries.first().filter({ hasText: atEvening(`Store set to BUSY by ${MANAGER.email}`) }).waitFor();
    await manager.post('/api/settings/update').set(headers).send({ settings: { close_time: '23:30' } }).expect(200);
    await entries.first().filter({ hasText: atEvening(`Closing time set to 23:30 by ${MANAGER.email}`) }).waitFor();
    expect(await entries.count()).toBe(before + 3);
    expect(await entries.first().locator('time').getAttribute('datetime')).toMatch(/^\d{4}-\d\d-\d\dT/);

    await expectAccessible(kitchen, 'store-log-entry');
  });
});
