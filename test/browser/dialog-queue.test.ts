/**
 * Staff spec §8 and §9, customer spec §7: dialogs queue (a newer one never hides an older unread one), a timed
 * dialog's time starts when it shows, the closed-store redirect waits until its 5 s dialog has shown, the
 * banner's fetch failures are told, and the closing dialog shows for 3 s. Browser time runs on Playwright's
 * clock; the server's on an injected one.
 */
import type { Page, Route } from 'playwright-core';
import request from 'supertest';
import type { TestServer } from '../support/server';
import { startTestServer } from '../support/server';
import { launchBrowser, type BrowserSession } from './browser';
import { addToBasket, pauseClock, waitForText } from './shop-steps';

const ONION_BHAJI = 1;
const CLOSED_NOTICE = "Sorry, we're closed & not taking orders right now. Please try again when we're next open.";

/** London wall-clock minutes of today, as a server clock that runs on from there. */
function londonClockAt(hours: number, minutes: number): () => Date {
  const london = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  const parts = london.formatToParts(new Date());
  const nowMinutes = Number(parts.find((part) => part.type === 'hour')!.value) * 60 + Number(parts.find((part) => part.type === 'minute')!.value);
  const offset = (hours * 60 + minutes - nowMinutes) * 60_000;
  return () => new Date(Date.now() + offset);
}

async function setStoreState(server: TestServer, state: 'open' | 'closed'): Promise<void> {
  const agent = request.agent(server.baseUrl);
  const headers = { 'X-Requested-With': 'fetch', Origin: server.baseUrl };
  await agent.post('/api/login').set(headers).send({ email: server.admin.email, password: server.admin.password }).expect(200);
  await agent.post('/api/change-status').set(headers).send({ state }).expect(200);
}

const dialogMessage = (page: Page) => page.getByTestId('app-dialog-message');

async function expectShowing(page: Page, text: string): Promise<void> {
  await waitForText(dialogMessage(page).locator('p').first(), text);
}

/**
 * From here on the page's timers fire only when the test moves its clock. Installed only once the page has its
 * dialog (a chunk loaded when the page is idle): React reveals a lazily loaded component on a timer.
 */
async function takeOverClock(page: Page): Promise<void> {
  await page.waitForFunction(() => performance.getEntriesByType('resource').some((entry) => /\/AppDialog-[^/]*\.js$/.test(entry.name)));
  await page.clock.install();
  await pauseClock(page, 2000);
}

async function closeShowing(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Close' }).click();
}

describe('dialogs in the browser: a queue, with timers that start when shown', () => {
  let server: TestServer;
  let browser: BrowserSession;
  let page: Page;

  beforeAll(async () => {
    // 22:50 in London: open, ten minutes before the default 23:00 closing time.
    server = await startTestServer({ withWeb: true, clock: londonClockAt(22, 50) });
  }, 180_000);
  afterAll(async () => {
    await server?.stop();
  });

  beforeEach(async () => {
    await setStoreState(server, 'open');
    // A browser of its own for each test: a paused clock belongs to the whole browser context.
    browser = await launchBrowser();
    page = browser.page;
  });
  afterEach(async () => {
    await browser?.close();
  });

  it("a newer dialog waits behind an unread one; the 2 s 'We're open' counts from when it shows", async () => {
    await page.goto(server.baseUrl);
    const add = page.locator(`[data-testid="add-to-cart"][data-product-id="${ONION_BHAJI}"]`);
    await add.waitFor();
    const unreachable = (route: Route) => route.abort('connectionrefused');
    await page.route('**/api/moveProductStockToBasket', unreachable);
    await add.click();
    await expectShowing(page, 'there was an error moving the item into the Cart');
    await page.unroute('**/api/moveProductStockToBasket', unreachable);

    await takeOverClock(page);
    await setStoreState(server, 'closed');
    await setStoreState(server, 'open'); // StoreOpened reaches the page while the error is unread
    await page.getByTestId('store-status-text').filter({ hasText: 'OPEN' }).waitFor();
    await page.clock.runFor(3000);
    await expectShowing(page, 'there was an error moving the item into the Cart');

    await closeShowing(page);
    await expectShowing(page, 'We are now taking orders.');
    await page.clock.runFor(1900);
    await expectShowing(page, 'We are now taking orders.');
    await page.clock.runFor(200);
    await dialogMessage(page).waitFor({ state: 'detached' });
  });

  it('the closed-store redirect waits behind an unread dialog, then shows its notice for 5 s before going home', async () => {
    await page.goto(server.baseUrl);
    await addToBasket(page, ONION_BHAJI);
    const failClosingTime = (route: Route) => route.fulfill({ status: 500, json: { status: false, message: 'Database down' } });
    await page.route('**/api/minsToCloseTime', failClosingTime);
    await page.goto(`${server.baseUrl}/manageCart`);
    await expectShowing(page, 'Store Status: ERROR fetching minsToCloseTime');
    await page.unroute('**/api/minsToCloseTime', failClosingTime);

    await takeOverClock(page);
    await setStoreState(server, 'closed');
    await page.getByTestId('store-status-text').filter({ hasText: 'CLOSED' }).waitFor();
    await page.clock.runFor(6000);
    expect(new URL(page.url()).pathname).toBe('/manageCart');
    await expectShowing(page, 'Store Status: ERROR fetching minsToCloseTime');

    await closeShowing(page);
    await expectShowing(page, CLOSED_NOTICE);
    await page.clock.runFor(4800);
    expect(new URL(page.url()).pathname).toBe('/manageCart');
    await page.clock.runFor(400);
    await page.waitForURL(`${server.baseUrl}/`);
  });

  it("the banner's first fetch failing says 'ERROR fetching initial status'", async () => {
    const failStatus = (route: Route) => route.fulfill({ status: 500, json: { status: false, message: 'Database down' } });
    await page.route('**/api/settings/order_status', failStatus);
    await page.goto(server.baseUrl);
    await expectShowing(page, 'ERROR fetching initial status');
    expect(await page.locator('#app-dialog-title').textContent()).toBe('ERROR');
  });

  it("closing time near: the closing notice shows as a dialog for 3 s", async () => {
    await page.goto(server.baseUrl);
    await page.getByTestId('store-status-text').filter({ hasText: 'OPEN' }).waitFor();
    await takeOverClock(page);
    expect(await server.shop.storeClock.tick()).toBe('ClosingTime');
    const closingSoon = dialogMessage(page).filter({ hasText: /^--- Closing in approx\. \d+ minutes ---$/ });
    await closingSoon.waitFor();
    expect(await page.locator('#app-dialog-title').textContent()).toBe('Closing soon');
    await page.clock.runFor(2800);
    expect(await closingSoon.count()).toBe(1);
    await page.clock.runFor(400);
    await dialogMessage(page).waitFor({ state: 'detached' });
  });
});
