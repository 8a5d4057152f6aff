import fs from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { shopper } from '../api/shopper';
import { startTestServer, type TestServer } from '../support/server';
import { launchBrowser, type BrowserSession } from './browser';
import { LOW_STOCK_SEEN_KEY } from '../../web/src/features/staff/oos/stockItems';
import { answerTo, eveningClock, logIn } from './shop-steps';

/** Where the run leaves its pictures of the live orders (git-ignored), for a person to look at. */
const SCREENSHOTS = path.join(__dirname, '..', '..', 'test-screenshots');

const PHONE = 390;
const TABLET = 768;
const SMALL_LAPTOP = 1024;
const LAPTOP = 1280;

/**
 * What sticks out sideways once layout has settled: the document's extra width, and every element that
 * scrolls sideways inside the page (a table in a scroller); a few animation frames apart, until two agree.
 */
const SIDEWAYS = `new Promise((resolve) => {
  const measure = () => {
    const width = document.documentElement.clientWidth;
    const scrollers = [...document.querySelectorAll('body *')].filter((element) => {
      const overflow = getComputedStyle(element).overflowX;
      return (overflow === 'auto' || overflow === 'scroll') && element.scrollWidth > element.clientWidth + 1;
    });
    const wide = [...document.querySelectorAll('body *')]
      .filter((element) => element.getBoundingClientRect().right > width + 1 && !element.closest('.visually-hidden'))
      .slice(-3)
      .map((element) => element.tagName.toLowerCase() + (element.id ? '#' + element.id : '') + '.' + [...element.classList].join('.'));
    return { extra: Math.max(0, document.documentElement.scrollWidth - width), scrollers: scrollers.map((element) => element.className), wide };
  };
  let last = null;
  let frames = 0;
  const next = () => {
    const now = JSON.stringify(measure());
    if ((now === last && frames >= 2) || frames === 10) return resolve(JSON.parse(now));
    last = now;
    frames += 1;
    requestAnimationFrame(next);
  };
  requestAnimationFrame(next);
})`;

/** The one browser member the card check reads (the root tsconfig has no DOM lib). */
interface StyleReader {
  getComputedStyle(element: unknown): { display: string };
}

interface Sideways {
  extra: number;
  scrollers: string[];
  wide: string[];
}

/** Every screen at every width that sticks out, told together at the end. */
const misfits: Array<{ screen: string; width: number } & Sideways> = [];

async function checkFits(page: Page, screen: string): Promise<void> {
  const sideways = (await page.evaluate(SIDEWAYS)) as Sideways;
  if (sideways.extra > 0 || sideways.scrollers.length > 0 || sideways.wide.length > 0) misfits.push({ screen, width: page.viewportSize()!.width, ...sideways });
}

/** The element lies wholly on the screen, across and down. */
async function expectOnScreen(locator: Locator): Promise<void> {
  const box = (await locator.boundingBox())!;
  const { width, height } = locator.page().viewportSize()!;
  expect({ left: box.x >= 0, right: box.x + box.width <= width, top: box.y >= 0, bottom: box.y + box.height <= height }).toEqual({
    left: true,
    right: true,
    top: true,
    bottom: true,
  });
}

/** Issue 38 item 1: the back office on a phone, a kitchen tablet and a laptop. */
describe('staff screens fit phones, tablets and laptops', () => {
  let server: TestServer;
  let browser: BrowserSession;
  /** The server's clock runs from 19:00 London time; moved on, an unprinted order gets its loudest alarm. */
  let later = 0;

  beforeAll(async () => {
    const evening = eveningClock();
    server = await startTestServer({ withWeb: true, clock: () => new Date(evening().getTime() + later) });
    browser = await launchBrowser();
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('every staff screen fits 390 and 1280 px, the live orders 768 and 1024 px too, as cards on narrow screens', async () => {
    const { page } = browser;
    const { baseUrl } = server;
    // Two orders: one paid and left unprinted for 8 minutes (the widest status), one awaiting payment.
    const paid = shopper(server);
    await paid.collectOnionBhaji({ email: 'alexandra@example.com', full_name: 'Alexandra Montgomery-Fitzwilliam', phone_number: '07911 123456' });
    await paid.payByPhone().expect(200);
    const paidOrder = (await paid.complete().expect(200)).body.order as { id: string };
    const unpaid = shopper(server);
    await unpaid.collectOnionBhaji({ email: 'kim@example.com', full_name: 'Kim Lee', phone_number: '07911 123457' });
    await unpaid.payByPhone().expect(200);
    const unpaidOrder = (await unpaid.complete().expect(200)).body.order as { id: string };

    await logIn(page, baseUrl, server.admin);
    const marked = await page.request.post(`${baseUrl}/api/ta/markPaid`, { data: { orderId: paidOrder.id }, headers: { 'X-Requested-With': 'fetch', Origin: baseUrl } });
    expect(marked.status()).toBe(200);
    later = 8 * 60_000;

    fs.mkdirSync(SCREENSHOTS, { recursive: true });
    await page.setViewportSize({ width: PHONE, height: 800 });
    // As a phone that has not seen the warning yet (logging in on the laptop showed it once).
    await page.evaluate(`localStorage.removeItem(${JSON.stringify(LOW_STOCK_SEEN_KEY)})`);
    await page.goto(`${baseUrl}/takeaway`);
    await page.locator('#liveOrders[data-connection="connected"]').waitFor();
    const lowStock = page.getByTestId('low-stock-warning');
    await lowStock.getByText('Mixed Grill: 4 left').waitFor();
    // A phone shows the dialog's buttons.
    for (const name of ['Close', 'Manage']) await expectOnScreen(lowStock.locator('.modal-footer').getByRole('button', { name }));
    await lowStock.locator('.modal-footer').getByRole('button', { name: 'Close' }).click();
    await lowStock.waitFor({ state: 'detached' });
    await page.locator('[data-testid="unprinted-alarm"][data-stage="second"]').waitFor();

    // One card per order, each with what the kitchen needs and its buttons in reach.
    const paidCard = page.locator(`[data-testid="order-row"][data-order-id="${paidOrder.id}"]`);
    const unpaidCard = page.locator(`[data-testid="order-row"][data-order-id="${unpaidOrder.id}"]`);
    for (const width of [PHONE, TABLET]) {
      await page.setViewportSize({ width, height: 1000 });
      await checkFits(page, `/takeaway`);
      expect(await paidCard.evaluate((card) => (globalThis as unknown as StyleReader).getComputedStyle(card).display)).not.toBe('table-row');
      await expect(paidCard.getByTestId('order-ref').isVisible()).resolves.toBe(true);
      await expect(paidCard.getByText('Alexandra Montgomery-Fitzwilliam').isVisible()).resolves.toBe(true);
      await expect(paidCard.getByTestId('order-status').isVisible()).resolves.toBe(true);
      await expect(paidCard.getByTestId('order-total').isVisible()).resolves.toBe(true);
      await expect(paidCard.getByText('[1] Items').isVisible()).resolves.toBe(true);
      await expect(paidCard.getByTestId('countdown').isVisible()).resolves.toBe(true);
      for (const button of await unpaidCard.getByRole('button').all()) {
        await button.scrollIntoViewIfNeeded();
        await expectOnScreen(button);
      }
      await page.screenshot({ path: path.join(SCREENSHOTS, `live-orders-${width}.png`), fullPage: true });
    }

    // A long dialog (the ticket preview) keeps its buttons on a phone's screen.
    await page.setViewportSize({ width: PHONE, height: 700 });
    await paidCard.getByTestId('preview').click();
    const preview = page.getByTestId('preview-modal');
    await expectOnScreen(preview.locator('.modal-footer').getByRole('button', { name: 'Close' }));
    await preview.locator('.modal-footer').getByRole('button', { name: 'Close' }).click();
    await preview.waitFor({ state: 'detached' });

    // The header folds into a menu on a phone, and opens to show the screens.
    await page.setViewportSize({ width: PHONE, height: 800 });
    await page.evaluate('scrollTo(0, 0)');
    const header = page.locator('header.site-header');
    expect((await header.boundingBox())!.height).toBeLessThan(80);
    expect(await page.getByRole('link', { name: 'Out of stock' }).isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('link', { name: 'Out of stock' }).waitFor();
    await expectOnScreen(page.getByRole('link', { name: 'Logins' }));
    await checkFits(page, 'the open menu');

    for (const width of [SMALL_LAPTOP, LAPTOP]) {
      await page.setViewportSize({ width, height: 800 });
      await checkFits(page, '/takeaway');
      // The loudest alarm leaves the Order Total on screen.
      const total = paidCard.getByTestId('order-total');
      expect(await total.isVisible()).toBe(true);
      const box = (await total.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(width);
      if (width === LAPTOP) await page.screenshot({ path: path.join(SCREENSHOTS, `live-orders-${width}.png`), fullPage: true });
    }

    // The low-stock warning once per change of the list, not on every visit.
    const [stock] = await Promise.all([answerTo(page, '/api/oosProducts'), page.reload()]);
    expect(stock.status()).toBe(200);
    await page.locator('#liveOrders[data-connection="connected"]').waitFor();
    await page.evaluate('new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))');
    expect(await lowStock.count()).toBe(0);
    // Korma runs low: the list changed, so the warning comes back once.
    const level = await page.request.post(`${baseUrl}/api/stock/level`, { data: { productId: 13, variantId: null, units: 2 }, headers: { 'X-Requested-With': 'fetch', Origin: baseUrl } });
    expect(level.status()).toBe(200);
    await page.reload();
    await lowStock.getByText('Chicken Korma: 2 left').waitFor();
    await lowStock.locator('.modal-footer').getByRole('button', { name: 'Close' }).click();
    await lowStock.waitFor({ state: 'detached' });

    // The other screens, reached by the header's links (no page load each): at 1280 px, then at 390 px.
    const screens: Array<[link: Locator, ready: Locator]> = [
      [page.getByRole('link', { name: 'Out of stock' }), page.getByTestId('oos-status')],
      [page.getByRole('link', { name: 'Menu editor' }), page.getByTestId('menu-editor').getByRole('heading', { name: 'Menu editor' })],
      [page.getByRole('link', { name: 'Settings' }), page.locator('#settings-title')],
      [page.getByRole('link', { name: 'Vouchers' }), page.getByTestId('voucher-manager').getByRole('heading', { name: 'Vouchers', exact: true })],
      [page.getByRole('link', { name: 'Logins' }), page.getByTestId(`person-${server.admin.email}`)],
      [page.getByTestId('inbox-nav'), page.getByTestId('inbox')],
      [page.getByRole('link', { name: 'Your login' }), page.getByTestId('account-page')],
    ];
    for (const [link, ready] of screens) {
      await page.setViewportSize({ width: LAPTOP, height: 800 });
      await link.click();
      await ready.waitFor();
      const screen = new URL(page.url()).pathname;
      await checkFits(page, screen);
      await page.setViewportSize({ width: PHONE, height: 800 });
      await checkFits(page, screen);
    }
    expect(misfits).toEqual([]);
    expect(fs.readdirSync(SCREENSHOTS)).toEqual(expect.arrayContaining(['live-orders-390.png', 'live-orders-768.png', 'live-orders-1280.png']));
  }, 120_000);
});
