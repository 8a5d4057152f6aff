import { sql } from 'slonik';
import { CONTACT_TEXTS } from '../../src/shared/contact-form';
import { startTestServer, type TestServer } from '../support/server';
import { expectAccessible } from './accessibility';
import { launchBrowser, type BrowserSession } from './browser';
import { logIn, pauseClock } from './shop-steps';

/**
 * Issue 34 on a phone (390 px): a visitor writes through the contact form, solving the real ALTCHA challenge; the
 * confirmation shows 5 s with Send disabled (the page's clock); a staff inbox open meanwhile receives it live.
 */
describe('the contact form and the staff inbox in the browser', () => {
  let server: TestServer;
  let visitor: BrowserSession;
  let staff: BrowserSession;

  beforeAll(async () => {
    server = await startTestServer({ withWeb: true, settings: { contact_shows_phone: true, contact_shows_subject: true } });
    visitor = await launchBrowser();
    staff = await launchBrowser();
  }, 180_000);
  afterAll(async () => {
    await visitor?.close();
    await staff?.close();
    await server?.stop();
  });

  it('sends a message, confirms it for 5 s with Send disabled, and the open inbox shows it at once, to open, answer and mark handled', async () => {
    const inbox = staff.page;
    await logIn(inbox, server.baseUrl, server.admin);
    await inbox.getByTestId('inbox-nav').click();
    await inbox.getByTestId('inbox-waiting').getByText('0 messages wait to be handled.').waitFor();

    const page = visitor.page;
    await page.setViewportSize({ width: 390, height: 844 });
    await page.clock.install();
    await page.goto(`${server.baseUrl}/contact`);
    const form = page.getByTestId('contact-form');
    await form.getByLabel('Subject').waitFor(); // shown by the settings
    await expectAccessible(page, 'contact-form');
    const send = form.getByRole('button', { name: 'Send' });

    // The spec's rules in the browser first: nothing is sent.
    await send.click();
    await form.getByText('Please enter your name').waitFor();
    await form.getByLabel('Name').fill('Ada Lovelace');
    await form.getByLabel('Email').fill('ada@example.museum');
    await form.getByLabel('Phone').fill('0113 496 0001');
    await form.getByLabel('Subject').fill('A party of twenty');
    await form.getByLabel('Message').fill('Do you cater for parties?\nWe would come on Saturday.');
    await send.click();
    await form.getByText('Please enter a valid email address').waitFor();
    expect(await server.shop.pool.oneFirst(sql.unsafe`select count(*)::int from contact_messages`)).toBe(0);

    await form.getByLabel('Email').fill('ada@example.co.uk');
    // When the confirmation shows, on the page's own clock: the clock is paused only after (the send's human check
    // runs on timers), and on a busy host that can be a second later.
    await page.evaluate(
      `new MutationObserver(() => { window.confirmationShownAt ??= document.querySelector('[data-testid="contact-sent"]') ? Date.now() : undefined; })
        .observe(document.body, { childList: true, subtree: true })`,
    );
    const [answer] = await Promise.all([page.waitForResponse((response) => response.url().endsWith('/send_contact')), send.click()]);
    expect(answer.status()).toBe(200);
    const sent = form.getByTestId('contact-sent');
    await sent.getByText(CONTACT_TEXTS.sent).waitFor();
    // The confirmation's 5 s: paused, then moved on by hand to a tenth of a second before they end: still shown.
    await pauseClock(page, 100);
    expect(await send.isDisabled()).toBe(true);
    const shownFor = (await page.evaluate('Date.now() - window.confirmationShownAt')) as number;
    expect(shownFor).toBeLessThan(4900);
    await page.clock.runFor(4900 - shownFor);
    expect(await sent.isVisible()).toBe(true);
    expect(await send.isDisabled()).toBe(true);
    await page.clock.runFor(1000);
    await sent.waitFor({ state: 'detached' });
    expect(await send.isDisabled()).toBe(false);
    expect(await form.getByLabel('Name').inputValue()).toBe('');

    // The inbox, open all along, was told: the header's count and the list, without a reload.
    await inbox.getByTestId('inbox-unhandled').getByText('1').waitFor();
    const item = inbox.getByTestId('inbox-message').filter({ hasText: 'Ada Lovelace' });
    await item.getByText('Waiting').waitFor();
    const toggle = item.getByRole('button', { name: /Ada Lovelace: A party of twenty/ });
    // It names the details it controls only while they are there (a reference to nothing is an error).
    expect(await toggle.getAttribute('aria-controls')).toBeNull();
    await toggle.click();
    await item.getByTestId('inbox-message-text').getByText('We would come on Saturday.').waitFor();
    expect(await item.locator(`#${await toggle.getAttribute('aria-controls')}`).count()).toBe(1);
    expect(await item.getByRole('link', { name: 'Reply by email' }).getAttribute('href')).toBe(`mailto:ada@example.co.uk?subject=${encodeURIComponent('Re: A party of twenty')}`);
    await expectAccessible(inbox, 'inbox');
    await item.getByRole('button', { name: 'Mark handled' }).click();
    await item.getByTestId('inbox-handled').getByText(/^Handled by admin@test\.example on \w+day \d{1,2} \w+ \d{4}, \d{2}:\d{2}$/).waitFor();
    await inbox.getByTestId('inbox-unhandled').waitFor({ state: 'detached' });
    // Two browsers and two accessibility checks: about 45 s on a quiet machine, more on a busy one.
  }, 120_000);
});
