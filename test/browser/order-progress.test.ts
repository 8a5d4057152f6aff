import type { Page } from 'playwright-core';
import { sql } from 'slonik';
import request from 'supertest';
import { londonTime } from '../../src/shared/london-time';
import { STATUS_HEADLINES, STATUS_LINK_REFUSED } from '../../src/shared/order-status-texts';
import { startTestServer, type TestServer } from '../support/server';
import { until } from '../support/until';
import { expectAccessible } from './accessibility';
import { launchBrowser, type BrowserSession } from './browser';
import { answerTo, eveningClock, placePhoneOrderAsPage, waitForText } from './shop-steps';

const PHONE_NO_DISPLAY = '0113 496 0000';

/** The evening clock of the other browser suites, which this test can move on (the unpaid order's lapse). */
function movableEveningClock() {
  const evening = eveningClock();
  let movedMs = 0;
  return Object.assign(() => new Date(evening().getTime() + movedMs), { advanceMinutes: (minutes: number) => void (movedMs += minutes * 60_000) });
}

/**
 * Issue 31, where is my order, on a phone (390 px): a guest's order-complete page follows the order live, without
 * a reload, as staff act; the mail's signed link opens the same steps anywhere; an unpaid order's lapse shows live.
 */
describe('where is my order, live in the browser', () => {
  let server: TestServer;
  let browser: BrowserSession;
  const clock = movableEveningClock();

  beforeAll(async () => {
    browser = await launchBrowser();
    await browser.page.setViewportSize({ width: 390, height: 844 });
    server = await startTestServer({ withWeb: true, clock });
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** A phone order placed by the page's own session, as the checkout places it. */
  const placePhoneOrder = (page: Page) => placePhoneOrderAsPage(page, server.baseUrl);

  /** Staff at work, through the API the kitchen screen calls. */
  async function kitchen() {
    const agent = request.agent(server.baseUrl);
    const headers = { 'X-Requested-With': 'fetch', Origin: server.baseUrl };
    await agent.post('/api/login').set(headers).send({ email: server.admin.email, password: server.admin.password }).expect(200);
    return (path: string, body: object) => agent.post(path).set(headers).send(body).expect(200);
  }

  const progress = (page: Page) => page.getByTestId('order-progress');
  const atStep = (page: Page, step: string) => page.locator(`[data-testid="order-progress"][data-step="${step}"]`).waitFor();
  const stepTime = (page: Page, step: string) => page.locator(`[data-testid="order-step"][data-step="${step}"]`).getByTestId('order-step-time');

  it('a guest watches the order go from placed to paid, cooking, ready and completed, then opens it from the mail', async () => {
    const { page } = browser;
    await page.goto(server.baseUrl);
    const order = await placePhoneOrder(page);
    await page.goto(`${server.baseUrl}/order-complete`);
    await atStep(page, 'placed');
    await waitForText(page.getByTestId('order-progress-headline'), STATUS_HEADLINES.placed);
    const payByPhone = page.getByTestId('pay-by-phone-instructions');
    expect(await payByPhone.textContent()).toContain(`Please call us on ${PHONE_NO_DISPLAY} to pay for your order by ${londonTime(order.lapse_at)}.`);
    expect(await payByPhone.getByTestId('shop-phone').getAttribute('href')).toBe('tel:01134960000');
    expect(await page.getByTestId('order-expected').textContent()).toMatch(/^Once it is paid, it will be ready in about \d+ minutes\.$/);
    await expectAccessible(page, 'order-progress');
    // A mark on this very document: it would be gone after a reload.
    await page.evaluate(() => Object.assign(globalThis, { stillTheSamePage: true }));

    const staff = await kitchen();
    const paid = (await staff('/api/ta/markPaid', { orderId: order.id })).body.order as { paid_at: string; due_by: string };
    await atStep(page, 'paid');
    await waitForText(stepTime(page, 'paid'), londonTime(paid.paid_at));
    await waitForText(page.getByTestId('order-expected'), `We expect it to be ready at about ${londonTime(paid.due_by)}.`);
    expect(await page.getByTestId('pay-by-phone-instructions').count()).toBe(0);

    await staff('/takeaway/printOrder', { orderId: order.id, via: 'marked' });
    await atStep(page, 'cooking');
    await staff('/api/ta/notifyCustomer', { id: order.id });
    await atStep(page, 'ready');
    await waitForText(page.getByTestId('order-progress-headline'), 'Your order is ready');
    expect(await page.getByTestId('order-progress-sentence').textContent()).toBe('Please collect it from Spice Garden, 12 Park Row, Leeds LS1 4AP.');
    await staff('/takeaway/orderComplete', { orderId: order.id });
    await atStep(page, 'completed');
    expect(await page.locator('[data-testid="order-step"][data-reached="true"]').count()).toBe(5);
    expect(await page.evaluate(() => (globalThis as { stillTheSamePage?: boolean }).stillTheSamePage)).toBe(true);
    expect(await progress(page).getByTestId('shop-phone').getAttribute('href')).toBe('tel:01134960000');

    // Later, on another device: the mail's link shows the same steps; the link altered shows plain words and no order.
    await server.shop.mailSettled();
    const mail = (await server.shop.pool.oneFirst(sql.unsafe`select body_text from mail_outbox where order_id = ${order.id} and kind = 'order-confirmation'`)) as string;
    const link = new URL(/^http\S+\/order-status\/\S+$/m.exec(mail)![0]);
    await browser.context.clearCookies();
    await page.goto(`${server.baseUrl}${link.pathname}${link.search}`);
    await atStep(page, 'completed');
    await waitForText(page.getByTestId('order-ref'), order.ref);
    await expectAccessible(page, 'order-progress');
    await page.goto(`${server.baseUrl}${link.pathname}?expires=${link.searchParams.get('expires')}&signature=altered`);
    await waitForText(page.getByTestId('order-status-problem'), STATUS_LINK_REFUSED);
    expect(await page.getByTestId('order-progress').count()).toBe(0);
  }, 120_000);

  it('an unpaid order lapses live, on a page whose channel token was renewed meanwhile', async () => {
    const { page } = browser;
    await browser.context.clearCookies();
    const order = await placePhoneOrder(page);
    // The page's clock starts at the server's; the test moves both on together.
    await page.clock.install({ time: clock() });
    await page.goto(`${server.baseUrl}/order-complete`);
    await atStep(page, 'placed');

    // Twenty minutes on, both clocks: the page asks for a fresh token (the first is past its 10 minutes).
    clock.advanceMinutes(20);
    const [renewed] = await Promise.all([answerTo(page, `/api/orders/${order.id}/progress`), page.clock.fastForward('20:00')]);
    expect(renewed.status()).toBe(200);
    expect(await progress(page).getAttribute('data-step')).toBe('placed');

    const lapsedAt = async () => (await server.shop.pool.maybeOneFirst(sql.unsafe`select cancelled_at from orders where order_id = ${order.id}`)) as Date | null;
    await until(async () => (await server.shop.processes.runDue(), (await lapsedAt()) !== null), 'the order to lapse');
    await atStep(page, 'lapsed');
    await waitForText(page.getByTestId('order-progress-headline'), STATUS_HEADLINES.lapsed);
    await waitForText(stepTime(page, 'lapsed'), londonTime((await lapsedAt())!));
    expect(await page.locator('[data-testid="order-complete"]').getAttribute('data-placed')).toBe('cancelled');
  }, 120_000);
});
