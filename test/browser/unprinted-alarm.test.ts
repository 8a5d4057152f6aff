import request from 'supertest';
import { createUserRepository } from '../../src/identity/users';
import { startTestServer, type TestServer } from '../support/server';
import { launchBrowser, type BrowserSession } from './browser';
import { eveningClock, logIn, waitForText } from './shop-steps';

const KORMA = 13;
const STAFF = { email: 'cook@example.com', password: 'cook long password' };

/** A phone order of one korma, placed and marked paid through the API: NEW and unprinted from now. */
async function paidOrder(server: TestServer): Promise<string> {
  const headers = { 'X-Requested-With': 'fetch', Origin: server.baseUrl };
  const customer = request.agent(server.baseUrl);
  const post = (url: string, body: object = {}) => customer.post(url).set(headers).send(body);
  await post('/api/moveProductStockToBasket', { id: KORMA, variant: null, quantity: 1 }).expect(200);
  await post('/api/saveCartAsOrder').expect(200);
  await post('/api/updateOrder', { ta_method: 'COLLECT', postage: -95, total_cost: 855, postcode: null }).expect(200);
  await post('/api/updateOrder', { deliveryForm: { email: 'kim@example.com', full_name: 'Kim Lee', phone_number: '07911 123456' } }).expect(200);
  const orderId = (await post('/complete-order', { payment_method: 'PHONE' }).expect(200)).body.order.id as string;
  const kitchen = request.agent(server.baseUrl);
  await kitchen.post('/api/login').set(headers).send(STAFF).expect(200);
  await kitchen.post('/api/ta/markPaid').set(headers).send({ orderId }).expect(200);
  return orderId;
}

describe('the unprinted alarm on the live orders screen', () => {
  let server: TestServer;
  let browser: BrowserSession;

  beforeAll(async () => {
    server = await startTestServer({ withWeb: true, clock: eveningClock() });
    await createUserRepository(server.shop.pool).create({ ...STAFF, role: 'staff' });
    browser = await launchBrowser();
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('shows the alarm after 2 minutes unprinted, then the louder second stage after 5 more', async () => {
    const { page } = browser;
    await logIn(page, server.baseUrl, STAFF);
    const orderId = await paidOrder(server);
    await page.addInitScript(`globalThis.ordersDue = [];
      addEventListener('order-is-due', (event) => globalThis.ordersDue.push(event.detail.id));`);
    await page.clock.install();
    await page.goto(`${server.baseUrl}/takeaway`);
    const screen = page.locator('#liveOrders[data-connection="connected"]');
    await screen.waitFor();
    const alarm = page.getByTestId('unprinted-alarm');
    await page.locator('#liveOrders[data-alert="new-order"]').waitFor();
    expect(await alarm.count()).toBe(0);

    await page.clock.fastForward('02:30');
    await page.locator('[data-testid="unprinted-alarm"][data-stage="first"]').waitFor();
    expect(await page.locator('#liveOrders').getAttribute('data-alert')).toBe('new-order');

    await page.clock.fastForward('05:00');
    const louder = page.locator('[data-testid="unprinted-alarm"][data-stage="second"]');
    await louder.waitFor();
    expect(await louder.textContent()).toContain('STILL NOT PRINTED after 7 min');
    await page.locator('#liveOrders[data-alert="unprinted-second-stage"]').waitFor();

    // Staff spec §4: 'DUE shows when the countdown reaches zero or below'; 'A local event 'order-is-due' fires when a
    // countdown ends'. Paid 7.5 minutes ago, due after the open store's 31.
    const countdown = page.locator(`[data-testid="order-row"][data-order-id="${orderId}"]`).getByTestId('countdown');
    await page.clock.fastForward('23:00');
    await countdown.filter({ hasText: /^00:[0-5]\d$/ }).waitFor();
    expect(await page.evaluate('globalThis.ordersDue')).toEqual([]);
    await page.clock.fastForward('01:00');
    await waitForText(countdown, 'DUE');
    expect(await page.evaluate('globalThis.ordersDue')).toEqual([orderId]);
  }, 120_000);
});
