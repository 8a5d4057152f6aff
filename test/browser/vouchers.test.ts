import type { Page } from 'playwright-core';
import request from 'supertest';
import { createUserRepository } from '../../src/identity/users';
import type { TestServer } from '../support/server';
import { expectAccessible } from './accessibility';
import { shopWithBrowser, type BrowserSession } from './browser';
import { answerTo, changeSettings, fillBasketAndOpenIt, fillContactDetails, proceedToCheckout, sendDetails, waitForText } from './shop-steps';

const KORMA = 13; // £9.50

/** From here on the page's timers fire only when the test moves its clock (see dialog-queue.test.ts). */
async function takeOverClock(page: Page): Promise<void> {
  await page.waitForFunction(() => performance.getEntriesByType('resource').some((entry) => /\/AppDialog-[^/]*\.js$/.test(entry.name)));
  await page.clock.install();
  const now = await page.evaluate(() => Date.now());
  await page.clock.pauseAt(now + 2000);
}

/** Customer spec §2/§4/§5/§8/§9: the voucher box, its texts and its timings, with a real server deciding. */
describe('vouchers in the browser', () => {
  let server: TestServer;
  let browser: BrowserSession;

  shopWithBrowser((started, opened) => {
    server = started;
    browser = opened;
  });

  it('applies a code after 1500 ms without typing, pulses the line, asks before removing, and pays the discounted total', async () => {
    const { page } = browser;
    const { baseUrl } = server;
    await changeSettings(server, { vouchers_enabled: true, order_status: 'open' });
    await createUserRepository(server.shop.pool).create({ email: 'boss@example.com', password: 'boss long password', role: 'manager' });
    const manager = request.agent(baseUrl);
    const headers = { 'X-Requested-With': 'fetch', Origin: baseUrl };
    await manager.post('/api/login').set(headers).send({ email: 'boss@example.com', password: 'boss long password' }).expect(200);
    const terms = { description: '10% off', benefit: { kind: 'percent', percent: 10 }, minSpendPence: 1500 };
    await manager.post('/api/vouchers').set(headers).send({ code: 'SAVE10', terms }).expect(200);

    // Two kormas (£19.00) to collect: 10 % collect discount (£1.90).
    await fillBasketAndOpenIt(page, baseUrl, [[KORMA, 2]]);
    await page.getByTestId('method-collect').check();
    await waitForText(page.getByTestId('method-total'), '£17.10');
    await proceedToCheckout(page, baseUrl);
    const form = page.locator('[data-testid="delivery-form"][data-mode="editing"]');
    await form.waitFor();
    await fillContactDetails(form, { email: 'sam@example.com', full_name: 'Sam Smith', phone_number: '07911 123456' });
    await sendDetails(page);
    const box = page.getByTestId('voucher-box');
    await box.waitFor();
    const input = page.getByTestId('voucher-code');
    expect(await input.getAttribute('placeholder')).toBe('If you have a voucher code, enter it here');
    await waitForText(page.getByTestId('voucher-answer'), 'waiting for a code');
    expect(await page.getByTestId('voucher-clear').count()).toBe(0);
    await takeOverClock(page);

    const checks: string[] = [];
    page.on('request', (sent) => {
      if (sent.url().endsWith('/try-to-apply-voucher')) checks.push((sent.postDataJSON() as { code: string }).code);
    });
    const dialog = page.getByTestId('app-dialog');
    const summary = page.getByTestId('checkout-summary');

    // Typing: the answer waits; the x shows while there is text; nothing is checked before 1500 ms of quiet.
    await input.pressSequentially('save1');
    await waitForText(page.getByTestId('voucher-answer'), 'Waiting for you to stop typing...');
    await page.getByTestId('voucher-clear').waitFor();
    await page.clock.runFor(1400);
    await input.pressSequentially('0');
    await page.clock.runFor(1499);
    expect(checks).toEqual([]);
    const [applied] = await Promise.all([answerTo(page, '/try-to-apply-voucher'), page.clock.runFor(1)]);
    expect(checks).toEqual(['save10']);
    expect(((await applied.json()) as { order: { total_cost: number } }).order.total_cost).toBe(1520);

    // Applied: the success dialog for 1700 ms, the box cleared, the voucher line pulsing for 1 s.
    await dialog.filter({ hasText: 'Voucher added' }).filter({ hasText: "Voucher 'SAVE10' has been added to your order" }).waitFor();
    await waitForText(page.getByTestId('voucher-answer'), "Voucher 'SAVE10' has been added to your order");
    expect(await input.inputValue()).toBe('');
    expect(await page.getByTestId('voucher-clear').count()).toBe(0);
    const line = summary.getByTestId('summary-voucher');
    await line.filter({ hasText: '(£1.90)' }).waitFor();
    expect(await line.getAttribute('class')).toContain('voucher-pulse');
    await waitForText(summary.getByTestId('summary-total'), '£15.20');
    await page.clock.runFor(1000);
    await summary.locator('[data-testid="summary-voucher"]:not(.voucher-pulse)').waitFor();
    await page.clock.runFor(600);
    expect(await dialog.count()).toBe(1);
    await page.clock.runFor(200);
    await dialog.waitFor({ state: 'detached' });
    await expectAccessible(page, 'voucher-box');

    // A code the rules refuse: 'NOT applied' with the server's reason, in the error look.
    await input.pressSequentially('nope');
    await Promise.all([answerTo(page, '/try-to-apply-voucher'), page.clock.runFor(1500)]);
    await dialog.filter({ hasText: 'NOT applied' }).filter({ hasText: 'Sorry, that is not a voucher code we know' }).waitFor();
    expect(await dialog.getAttribute('data-look')).toBe('error');
    await page.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByTestId('voucher-clear').click();
    expect(await input.inputValue()).toBe('');
    expect(await page.getByTestId('voucher-answer').textContent()).toBe('');

    // Removing asks first; 'No Thanks' keeps it.
    const confirm = page.getByTestId('remove-voucher-dialog');
    await line.getByTestId('voucher-remove').click();
    await confirm.filter({ hasText: "Remove Voucher: 'SAVE10'" }).waitFor();
    await confirm.filter({ hasText: "Are you sure? You may choose to use it (or any other voucher code) up 'til payment is complete" }).waitFor();
    await confirm.getByRole('button', { name: 'No Thanks' }).click();
    await page.clock.runFor(500);
    await confirm.waitFor({ state: 'detached' });
    await line.waitFor();
    await line.getByTestId('voucher-remove').click();
    await Promise.all([answerTo(page, '/deleteVoucherUse'), confirm.getByRole('button', { name: "Yes I'm sure" }).click()]);
    await dialog.filter({ hasText: 'Done' }).filter({ hasText: 'Voucher has been removed from this order' }).waitFor();
    await line.waitFor({ state: 'detached' });
    await waitForText(summary.getByTestId('summary-total'), '£17.10');
    await summary.getByTestId('summary-postage').filter({ hasText: '(£1.90)' }).waitFor();
    await page.clock.runFor(1700);
    await dialog.waitFor({ state: 'detached' });

    // Applied again, then paid: the total paid is the total shown.
    await input.pressSequentially('SAVE10');
    await Promise.all([answerTo(page, '/try-to-apply-voucher'), page.clock.runFor(1500)]);
    await waitForText(summary.getByTestId('summary-total'), '£15.20');
    await page.clock.runFor(1700);
    await dialog.waitFor({ state: 'detached' });
    await page.getByTestId('payment-section').waitFor();
    const [completed] = await Promise.all([answerTo(page, '/complete-order'), page.getByTestId('pay-by-phone').click()]);
    expect(completed.status()).toBe(200);
    expect(((await completed.json()) as { order: { total_cost: number; voucher_deduction: number } }).order).toMatchObject({ total_cost: 1520, voucher_deduction: 190 });
  }, 300_000);
});
