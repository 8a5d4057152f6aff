import { sql } from 'slonik';
import { startTestServer, type TestServer } from '../support/server';
import { closeAccessibilityChecker, expectAccessible } from './accessibility';
import { launchBrowser, type BrowserSession } from './browser';
import { answerTo, eveningClock, logIn } from './shop-steps';

const COOK = { email: 'new.cook@example.com', password: 'a long kitchen password' };

/** Issue 15: the owner gives a cook a login by mail, and takes it away again while the cook's page is open. */
describe('staff logins in the browser', () => {
  let server: TestServer;
  let owner: BrowserSession;
  let cook: BrowserSession;
  /** The server's clock runs from 19:00 London time; the journey moves it on to pass the 5 minutes of step-up. */
  let later = 0;

  beforeAll(async () => {
    const evening = eveningClock();
    server = await startTestServer({ withWeb: true, clock: () => new Date(evening().getTime() + later) });
    owner = await launchBrowser();
    cook = await launchBrowser();
  }, 180_000);

  afterAll(async () => {
    await closeAccessibilityChecker();
    await owner?.close();
    await cook?.close();
    await server?.stop();
  });

  it('the owner invites a cook, who sets a password from the mailed link, sees the live orders but not the settings, and loses access when the owner disables them (the password asked again after 5 minutes)', async () => {
    const page = owner.page;
    await logIn(page, server.baseUrl, server.admin);
    // The owner's own login page: the password form with its rules, and one-time codes shown to set up.
    await page.getByRole('link', { name: 'Your login' }).click();
    await page.getByTestId('account-page').getByText(/At least 12 characters/).waitFor();
    await page.getByRole('button', { name: 'Set up one-time codes' }).click();
    await page.getByTestId('totp-secret').waitFor();

    await page.getByRole('link', { name: 'Logins' }).click();
    await page.getByLabel('Email').fill(COOK.email);
    await page.getByLabel('Role').selectOption('staff');
    const [invited] = await Promise.all([answerTo(page, '/api/accounts/invite'), page.getByRole('button', { name: 'Send invitation' }).click()]);
    expect(invited.status()).toBe(200);
    await page.getByTestId(`person-${COOK.email}`).getByText('Invited').waitFor();
    await expectAccessible(page, `person-${COOK.email}`);

    // The mail, as the outbox holds it for the mail server.
    const mail = (await server.shop.pool.oneFirst(sql.unsafe`select body_text from mail_outbox where recipient = ${COOK.email}`)) as string;
    const link = /http\S+\/invitation\/\S+/.exec(mail)![0];

    const kitchen = cook.page;
    await kitchen.goto(link);
    await kitchen.getByText(/At least 12 characters/).waitFor();
    await expectAccessible(kitchen, 'invitation-page');
    await kitchen.getByLabel('Password', { exact: true }).fill(COOK.password);
    await kitchen.getByRole('button', { name: 'Set my password' }).click();
    await kitchen.getByTestId('invitation-accepted').waitFor();

    await logIn(kitchen, server.baseUrl, COOK);
    await kitchen.getByTestId('staff-nav').waitFor();
    expect(await kitchen.getByRole('link', { name: 'Settings' }).count()).toBe(0);
    await kitchen.goto(`${server.baseUrl}/takeaway-settings`);
    await kitchen.getByText('You are not allowed to see this page.').waitFor();
    await kitchen.goto(`${server.baseUrl}/takeaway`);
    await kitchen.locator('#liveOrders[data-connection="connected"]').waitFor();

    await page.reload();
    const row = page.getByTestId(`person-${COOK.email}`);
    await row.getByText('Active').waitFor();
    // The owner's password was entered more than 5 minutes ago: disabling asks for it again, then goes ahead.
    later = 6 * 60 * 1000;
    const [asked] = await Promise.all([answerTo(page, '/disable'), row.getByRole('button', { name: `Disable ${COOK.email}` }).click()]);
    expect(asked.status()).toBe(403);
    const prompt = page.getByRole('dialog', { name: 'Confirm your password' });
    await prompt.getByLabel('Your password', { exact: true }).fill(server.admin.password);
    const [disabled] = await Promise.all([answerTo(page, '/disable'), prompt.getByRole('button', { name: 'Confirm' }).click()]);
    expect(disabled.status()).toBe(200);
    await row.getByText('Disabled').waitFor();

    // The cook's open page, untouched: its live stream ends, and the page asks for a login.
    await kitchen.getByText('to see this page.').waitFor();
    await kitchen.locator('#liveOrders').waitFor({ state: 'detached' });
  }, 120_000);
});
