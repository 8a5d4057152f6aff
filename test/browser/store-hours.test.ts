import type { Page } from 'playwright-core';
import request from 'supertest';
import { createUserRepository } from '../../src/identity/users';
import { startTestServer, type TestServer } from '../support/server';
import { launchBrowser, type BrowserSession } from './browser';
import { answerTo, logIn } from './shop-steps';

const STAFF = { email: 'cook@example.com', password: 'cook long password' };

/** The server's clock, running, set so that it is 06:20 in London now: long before the 17:00-23:00 hours. */
function morningClock(): () => Date {
  const london = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  const parts = london.formatToParts(new Date());
  const londonMinutes = Number(parts.find((part) => part.type === 'hour')!.value) * 60 + Number(parts.find((part) => part.type === 'minute')!.value);
  const offset = (6 * 60 + 20 - londonMinutes) * 60_000;
  return () => new Date(Date.now() + offset);
}

async function storeStatus(server: TestServer): Promise<string> {
  return (await request(server.baseUrl).get('/api/settings/order_status').expect(200)).body.value as string;
}

/** Staff may open outside the hours on purpose, after confirming (issue 14 item 4). */
describe('opening outside the hours in the browser', () => {
  let server: TestServer;
  let staff: BrowserSession;

  beforeAll(async () => {
    // A new shop: closed, as a restaurant installs it.
    server = await startTestServer({ withWeb: true, clock: morningClock(), settings: { order_status: undefined } });
    await createUserRepository(server.shop.pool).create({ ...STAFF, role: 'staff' });
    staff = await launchBrowser();
  }, 180_000);

  afterAll(async () => {
    await staff?.close();
    await server?.stop();
  });

  async function liveOrders(kitchen: Page) {
    const { baseUrl } = server;
    // Staff land on the live orders, its low-stock warning closed (issue 38 item 7).
    await logIn(kitchen, baseUrl, STAFF);
    await kitchen.locator('#liveOrders[data-connection="connected"]').waitFor();
  }

  it('asks before opening outside the hours; Not now leaves it closed, Open anyway opens it', async () => {
    const kitchen = staff.page;
    await liveOrders(kitchen);
    await kitchen.locator('[data-testid="store-state-closed"][aria-pressed="true"]').waitFor();
    // Not within the hours: nobody is called to open.
    expect(await kitchen.getByTestId('open-time-modal').count()).toBe(0);

    const confirm = kitchen.getByTestId('open-outside-hours');
    await kitchen.getByTestId('store-state-open').click();
    await confirm.getByText('It is outside the opening hours. Open anyway?', { exact: false }).waitFor();
    await confirm.getByRole('button', { name: 'Not now' }).first().click();
    await confirm.waitFor({ state: 'detached' });
    expect(await storeStatus(server)).toBe('closed');

    await kitchen.getByTestId('store-state-open').click();
    const [opened] = await Promise.all([answerTo(kitchen, '/api/change-status'), confirm.getByRole('button', { name: 'Open anyway' }).click()]);
    expect(opened.status()).toBe(200);
    await kitchen.locator('[data-testid="store-state-open"][aria-pressed="true"]').waitFor();
    expect(await storeStatus(server)).toBe('open');
  }, 120_000);
});
