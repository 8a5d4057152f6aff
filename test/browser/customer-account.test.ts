import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import request from 'supertest';
import { ACCOUNT_CLOSED_TEXT, EMAIL_VERIFIED_TEXT, PASSWORD_RESET_TEXT, REGISTERED_TEXT, RESET_SENT_TEXT } from '../../src/shared/account-texts';
import { startTestServer, type TestServer } from '../support/server';
import { until } from '../support/until';
import { expectAccessible } from './accessibility';
import { launchBrowser, type BrowserSession } from './browser';
import { answerTo, eveningClock, waitForText } from './shop-steps';

const CUSTOMER = { email: 'ada.new@example.com', password: 'ada chose four long words' };

/** The mail folder's newest mail to `to` (the fake mailer's .eml files), its quoted-printable soft breaks undone. */
function newestMailTo(dataDir: string, to: string): string | undefined {
  const directory = path.join(dataDir, 'mail');
  if (!fs.existsSync(directory)) return undefined;
  return fs
    .readdirSync(directory)
    .filter((name) => name.endsWith('.eml'))
    .sort()
    .map((name) => fs.readFileSync(path.join(directory, name), 'utf8').replace(/=\r?\n/g, '').replace(/=3D/g, '='))
    .filter((mail) => mail.includes(`To: ${to}`))
    .at(-1);
}

/**
 * Issue 33 on a phone (390 px): a visitor signs up from the header's Sign in, follows the link in the mail,
 * signs in, orders, and finds the order on their account page with its live status, then orders it again.
 */
describe('a customer account in the browser', () => {
  let server: TestServer;
  let browser: BrowserSession;

  beforeAll(async () => {
    browser = await launchBrowser();
    await browser.page.setViewportSize({ width: 390, height: 844 });
    server = await startTestServer({ withWeb: true, clock: eveningClock() });
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** One Onion Bhaji to collect, paid by phone, placed by the page's own (signed-in) session as the checkout places it. */
  async function orderAsPage(page: Page): Promise<{ id: string; ref: string }> {
    const post = async (url: string, data: object = {}) => {
      const answer = await page.request.post(`${server.baseUrl}${url}`, { data, headers: { 'X-Requested-With': 'fetch', Origin: server.baseUrl } });
      if (answer.status() !== 200) throw new Error(`${url} answered ${answer.status()}: ${await answer.text()}`);
      return (await answer.json()) as { order: { id: string; ref: string } };
    };
    await post('/api/moveProductStockToBasket', { id: 1, variant: null, quantity: 1 });
    await post('/api/saveCartAsOrder');
    await post('/api/updateOrder', { ta_method: 'COLLECT', postage: -40, total_cost: 355, postcode: null });
    await post('/api/updateOrder', { deliveryForm: { email: CUSTOMER.email, full_name: 'Ada New', phone_number: '07911 123456' } });
    await post('/api/updateOrder', { payment_method: 'PHONE', status: 'AWAITING-PAYMENT' });
    return (await post('/complete-order', { payment_method: 'PHONE', status: 'AWAITING-PAYMENT', message: 'Pay by phone' })).order;
  }

  it('signs up, confirms the address from the mail, orders, and follows the order live on the account page', async () => {
    const { page } = browser;
    const { baseUrl } = server;
    await page.goto(baseUrl);
    await Promise.all([page.waitForURL(`${baseUrl}/login`), page.getByTestId('header-sign-in').click()]);
    await page.getByRole('button', { name: 'Create an account' }).click();
    await page.getByLabel('Email').fill(CUSTOMER.email);
    await page.getByLabel('Choose a password').fill(CUSTOMER.password);
    await Promise.all([answerTo(page, '/api/customer/register'), page.getByRole('button', { name: 'Create account' }).click()]);
    await waitForText(page.getByTestId('register-done'), REGISTERED_TEXT);

    let mail: string | undefined;
    await until(() => (mail = newestMailTo(server.dataDir, CUSTOMER.email)) !== undefined, 'the confirmation mail in the mail folder');
    const link = /http\S+\/login\?verify=[A-Za-z0-9_-]+/.exec(mail!)![0];
    await page.goto(link);
    await waitForText(page.getByTestId('link-result'), EMAIL_VERIFIED_TEXT);
    await page.getByLabel('Email').fill(CUSTOMER.email);
    await page.getByLabel('Password').fill(CUSTOMER.password);
    await Promise.all([page.waitForURL(`${baseUrl}/`), page.getByRole('button', { name: 'Login' }).click()]);

    const order = await orderAsPage(page);
    await Promise.all([page.waitForURL(`${baseUrl}/account`), page.getByTestId('header-account').click()]);
    const line = page.getByTestId('account-order');
    await waitForText(line.getByTestId('account-order-ref'), order.ref);
    await waitForText(line.getByTestId('account-order-status'), 'Awaiting payment');
    await line.locator('summary').click();
    await page.locator('[data-testid="order-progress"][data-step="placed"]').waitFor();
    await expectAccessible(page, 'account-orders');

    // Staff mark it paid: the open line's steps move without a reload.
    const kitchen = request.agent(baseUrl);
    const headers = { 'X-Requested-With': 'fetch', Origin: baseUrl };
    await kitchen.post('/api/login').set(headers).send({ email: server.admin.email, password: server.admin.password }).expect(200);
    await kitchen.post('/api/ta/markPaid').set(headers).send({ orderId: order.id }).expect(200);
    await page.locator('[data-testid="order-progress"][data-step="paid"]').waitFor();

    // Ordering it again puts the dish back in the basket through the basket's own route.
    await Promise.all([answerTo(page, '/api/moveProductStockToBasket'), line.getByRole('button', { name: 'Order this again' }).click()]);
    await page.getByTestId('reorder-outcome').getByText('In your basket: 1 × Onion Bhaji.', { exact: true }).waitFor();
    await waitForText(page.getByTestId('basket-count'), '1');
  });

  it('sets a forgotten password from the mail, then downloads the data and closes the account', async () => {
    const { page } = browser;
    const { baseUrl } = server;
    await Promise.all([answerTo(page, '/api/logout'), page.getByRole('button', { name: 'Logout' }).click()]);
    await page.goto(`${baseUrl}/login`);
    await page.getByRole('button', { name: 'Forgotten your password?' }).click();
    await page.getByLabel("Your account's email").fill(CUSTOMER.email);
    await page.getByRole('button', { name: 'Send me a link' }).click();
    await waitForText(page.getByTestId('forgot-done'), RESET_SENT_TEXT);

    let mail: string | undefined;
    await until(() => (mail = newestMailTo(server.dataDir, CUSTOMER.email))?.includes('reset=') === true, 'the forgotten-password mail');
    await page.goto(/http\S+\/login\?reset=[A-Za-z0-9_-]+/.exec(mail!)![0]);
    const fresh = 'a brand new password for ada';
    await page.getByLabel('New password', { exact: true }).fill(fresh);
    await page.getByRole('button', { name: 'Set my new password' }).click();
    await waitForText(page.getByTestId('reset-done'), PASSWORD_RESET_TEXT);
    await page.getByLabel('Email').fill(CUSTOMER.email);
    await page.getByLabel('Password', { exact: true }).fill(fresh);
    await Promise.all([page.waitForURL(`${baseUrl}/`), page.getByRole('button', { name: 'Login' }).click()]);

    await page.goto(`${baseUrl}/account`);
    await page.getByTestId('your-data').waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download your data' }).click()]);
    expect(download.suggestedFilename()).toBe('my-data.json');
    const data = JSON.parse(fs.readFileSync((await download.path())!, 'utf8'));
    expect(data.account.email).toBe(CUSTOMER.email);
    expect(data.orders[0]).toMatchObject({ full_name: 'Ada New', email: CUSTOMER.email });

    await page.getByLabel('I understand: close my account and erase my details').check();
    await Promise.all([answerTo(page, '/api/account/close'), page.getByRole('button', { name: 'Close my account' }).click()]);
    await page.getByTestId('account-closed').getByText(ACCOUNT_CLOSED_TEXT).waitFor();
    expect((await page.request.get(`${baseUrl}/api/me`)).ok()).toBe(true);
    expect((await (await page.request.get(`${baseUrl}/api/me`)).json()).user).toBeNull();
  });
});
