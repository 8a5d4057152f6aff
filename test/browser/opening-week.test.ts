import { createUserRepository } from '../../src/identity/users';
import { dayMonthYear, londonDate, londonDateText } from '../../src/shared/london-time';
import { startTestServer, type TestServer } from '../support/server';
import { expectAccessible } from './accessibility';
import { launchBrowser, type BrowserSession } from './browser';
import { answerTo, eveningClock, logIn, waitForText } from './shop-steps';

const MANAGER = { email: 'boss@example.com', password: 'boss long password' };
const CHRISTMAS = 'Closed today for Christmas – back on the 27th';

/** Issue 14 item 6: a manager sets the week and a special day on the settings screen; customers see its message. */
describe('the week grid and special days', () => {
  let server: TestServer;
  let browser: BrowserSession;
  const clock = eveningClock();

  beforeAll(async () => {
    // Closed, as a new shop starts: the special day's message shows while the store is closed.
    server = await startTestServer({ withWeb: true, clock, settings: { order_status: undefined } });
    await createUserRepository(server.shop.pool).create({ ...MANAGER, role: 'manager' });
    // Issue 38: a browser set up in New York, in US English; the shop still speaks en-GB on London's clock.
    browser = await launchBrowser({ locale: 'en-US', timezoneId: 'America/New_York' });
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('adds a lunch shift, a shift past midnight, a day off and a closed day; saves them and shows them again', async () => {
    const { page } = browser;
    const { baseUrl } = server;
    const loggedInAt = clock();
    // The live orders it lands on ask to open the store first (it is within the hours); the low-stock warning
    // waits for that answer: one dialog at a time (issue 38).
    await logIn(page, baseUrl, MANAGER, { keepDialogs: true });
    const openTime = page.getByTestId('open-time-modal');
    await openTime.waitFor();
    expect(await page.getByTestId('low-stock-warning').count()).toBe(0);
    await openTime.locator('.modal-footer').getByRole('button', { name: 'Not yet' }).click();
    await page.getByTestId('low-stock-warning').waitFor();
    // The logins page's last login: London's date and 24-hour time (about 19:00), not New York's 2:00 PM.
    await page.goto(`${baseUrl}/takeaway-staff`);
    const londonLogin = new RegExp(`^${londonDateText(loggedInAt).replace(/\//g, '\\/')} 19:[0-5]\\d$`);
    await page.getByTestId(`person-${MANAGER.email}`).locator('td').nth(3).filter({ hasText: londonLogin }).waitFor();
    await page.goto(`${baseUrl}/takeaway-settings`);
    const verdict = page.getByTestId('times-verdict');
    await waitForText(verdict, 'Times are OK');
    await waitForText(page.getByTestId('postcode-check'), 'postcode is OK');
    // Issue 30 item 2: the spec's sections in its order, then this shop's additions; the keys shown masked.
    expect(await page.locator('form section > h2').allTextContents()).toEqual([
      'Open Times', 'Delivery Times (minutes)', 'Live update keys', 'Geography info', 'Discounts', 'Logo for printed ticket',
      'Categories for printed tickets', 'Special days', 'Orders for later', 'Delivery charges', 'Payment methods', "Your restaurant's brand", 'Contact form',
      'Snowfall on content pages',
    ]);
    await waitForText(page.getByTestId('live-keys').locator('dd').nth(2), '••••••••mnop');

    // Monday: a second shift, at first the same as dinner, so they overlap and Save cannot be pressed.
    await page.getByRole('button', { name: 'Add a shift to Monday' }).click();
    await waitForText(verdict, 'Open times do not work together');
    await page.getByTestId('times-problems').getByText('Monday: the shifts 17:00-23:00 and 17:00-23:00 overlap', { exact: true }).waitFor();
    expect(await page.getByTestId('save-settings').isDisabled()).toBe(true);
    await page.getByLabel('Monday shift 2 opens').fill('12:00');
    await page.getByLabel('Monday shift 2 closes', { exact: true }).fill('14:00');
    await waitForText(verdict, 'Times are OK');

    // Friday: dinner until 01:00, which needs "closes next day".
    await page.getByLabel('Friday shift 1 closes', { exact: true }).fill('01:00');
    await page.getByTestId('times-problems').getByText('Friday: the shift 17:00-01:00 closes before it opens', { exact: false }).waitFor();
    await page.getByLabel('Friday shift 1 closes next day').check();
    await waitForText(verdict, 'Times are OK');

    // Sunday off, by keyboard.
    await page.getByRole('button', { name: 'Remove Sunday shift 1' }).focus();
    await page.keyboard.press('Enter');
    await waitForText(page.getByTestId('week-sunday').locator('legend'), 'Sunday (closed)');

    // Today closed, with the banner's message.
    await page.getByRole('button', { name: 'Add a special day' }).click();
    await page.getByLabel('Special day 1 date').fill(dayMonthYear(londonDate(clock())));
    expect(await page.getByLabel('Special day 1 closed all day').isChecked()).toBe(true);
    await page.getByLabel('Special day 1 message for the banner').fill(CHRISTMAS);
    await waitForText(verdict, 'Times are OK');
    // The snowfall's dates (issue 39 item 6), day first too; one that stops before it starts is named.
    await page.getByRole('button', { name: 'Add snow dates' }).click();
    await page.getByLabel('Snow 1 from').fill('26/12/2026');
    await page.getByLabel('Snow 1 until (included)').fill('24/12/2026');
    await page.getByTestId('settings-snowfall').getByRole('alert').filter({ hasText: 'The snow cannot stop (24/12/2026) before it starts (26/12/2026).' }).waitFor();
    await page.getByLabel('Snow 1 from').fill('24/12/2026');
    await page.getByLabel('Snow 1 until (included)').fill('26/12/2026');
    await page.getByTestId('settings-snowfall').getByRole('alert').waitFor({ state: 'detached' });
    await expectAccessible(page, 'save-settings');

    const [saved] = await Promise.all([answerTo(page, '/api/settings/update'), page.waitForEvent('load'), page.getByTestId('save-settings').click()]);
    expect(saved.status()).toBe(200);
    expect(saved.request().postDataJSON().settings).toMatchObject({
      opening_week: {
        monday: [{ open: '17:00', close: '23:00' }, { open: '12:00', close: '14:00' }],
        friday: [{ open: '17:00', close: '01:00', closesNextDay: true }],
        sunday: [],
      },
      special_days: [{ date: londonDate(clock()), shifts: [], message: CHRISTMAS }],
      snowfall_dates: [{ from: '2026-12-24', to: '2026-12-26' }],
    });

    // The page reloaded from the saved settings.
    await waitForText(verdict, 'Times are OK');
    expect(await page.getByLabel('Monday shift 2 opens').inputValue()).toBe('12:00');
    expect(await page.getByLabel('Friday shift 1 closes next day').isChecked()).toBe(true);
    await waitForText(page.getByTestId('week-sunday').locator('legend'), 'Sunday (closed)');
    // What a US browser shows is day/month/year and the 24-hour clock, not 12/25/2026 and 5:00 PM.
    expect(await page.getByLabel('Special day 1 date').inputValue()).toBe(dayMonthYear(londonDate(clock())));
    expect(await page.getByLabel('Monday shift 1 opens').inputValue()).toBe('17:00');
    expect(await page.getByLabel('Monday shift 1 opens').getAttribute('type')).toBe('text');
    expect(await page.getByLabel('Special day 1 message for the banner').inputValue()).toBe(CHRISTMAS);
    expect(await page.getByLabel('Snow 1 until (included)').inputValue()).toBe('26/12/2026');

    // Customers see the day's message on the banner.
    await page.goto(`${baseUrl}/`);
    await waitForText(page.getByTestId('store-status-text'), CHRISTMAS);

    // Staff who open anyway are told why the store is closed before they confirm.
    await page.goto(`${baseUrl}/takeaway`);
    await page.locator('#liveOrders[data-connection="connected"]').waitFor();
    const lowStock = page.getByTestId('low-stock-warning');
    await lowStock.locator('.modal-footer').getByRole('button', { name: 'Close' }).click();
    await lowStock.waitFor({ state: 'detached' });
    await page.getByTestId('store-state-open').click();
    await waitForText(page.getByTestId('open-outside-hours').getByTestId('closed-reason'), CHRISTMAS);
  }, 180_000);
});
