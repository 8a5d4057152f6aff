import { randomUUID } from 'node:crypto';
import { sql } from 'slonik';
import request from 'supertest';
import { addDays, londonDate, londonInstantOn } from '../../src/shared/london-time';
import { orderTimeText, slotLongLabel, ticketTimeLine } from '../../src/shared/order-time';
import fs from 'node:fs';
import path from 'node:path';
import type { Page, Request } from 'playwright-core';
import { createKitchen } from '../../modules/order/kitchen/kitchen';
import { kitchenOrders } from '../../projections/orders/queries';
import { voucherReadModel } from '../../projections/vouchers/queries';
import { createVouchers } from '../../modules/voucher';
import { createUserRepository } from '../../src/identity/users';
import type { TestServer } from '../support/server';
import { ALLERGEN_TEXTS } from '../../src/shared/allergens';
import { expectAccessible } from './accessibility';
import { shopWithBrowser, type BrowserSession } from './browser';
import { until } from '../support/until';
import { answerTo, changeSettings, checkPostcode, fillBasketAndOpenIt, fillContactDetails, placePhoneOrderAsPage, proceedToCheckout, sendDetails, waitForText, whileFailing, pauseClock } from './shop-steps';

// Demo menu (seeded at start-up).
const ONION_BHAJI = 1; // £3.95
const KORMA = 13; // £9.50
const FULL_ADDRESS = 'Spice Garden, 12 Park Row, Leeds LS1 4AP';
const PHONE_NO_DISPLAY = '0113 496 0000';
const EMAIL_SENT = 'A confirmation email has been sent & should be with you shortly.';
const CLOSED = "Sorry, we're closed & not taking orders right now. Please try again when we're next open.";
const CLOSED_BASKET_PAGE = "Sorry, we're closed & not taking orders right now. Please try again when we're next open";

/** Notes the page's own time (its clock, which the test moves) at each ask for the order, and each answer. */
const ORDER_ASKS_RECORDER = `
  globalThis.orderAsks = [];
  globalThis.orderAnswers = 0;
  const pageFetch = globalThis.fetch;
  globalThis.fetch = (input, init) => {
    const asked = new URL(input instanceof Request ? input.url : String(input), location.href).pathname === '/api/fetchOrder';
    if (asked) globalThis.orderAsks.push(Date.now());
    const answer = pageFetch(input, init);
    if (asked) answer.then((response) => response.clone().text()).finally(() => (globalThis.orderAnswers += 1));
    return answer;
  };`;
const orderAsks = (page: Page) => page.evaluate(() => (globalThis as unknown as { orderAsks: number[] }).orderAsks);
const orderAnswers = (page: Page) => page.evaluate(() => (globalThis as unknown as { orderAnswers: number }).orderAnswers);

/** One turn of the page's task queue, which the paused clock does not hold (a message, not a timer). */
const pageTurn = (page: Page) =>
  page.evaluate(() => new Promise<void>((done) => {
    const channel = new (globalThis as unknown as { MessageChannel: new () => { port1: { onmessage: () => void }; port2: { postMessage(data: unknown): void } } }).MessageChannel();
    channel.port1.onmessage = () => done();
    channel.port2.postMessage(0);
  }));

/** Every ask for the order answered, and what the page does with the answer done (its next poll set). */
async function answersSettled(page: Page): Promise<void> {
  await until(async () => (await orderAnswers(page)) === (await orderAsks(page)).length, 'the asks for the order to be answered', { everyMs: 20 });
  for (let turn = 0; turn < 3; turn++) await pageTurn(page);
}

/** Moves the paused page clock on 100 ms at a time, each ask answered before going on, until `count` asks are made. */
async function nextOrderAsks(page: Page, count: number): Promise<void> {
  for (let step = 0; (await orderAsks(page)).length < count; step++) {
    if (step === 100) throw new Error(`no ask for the order in 10 s of the page's time (asks so far: ${(await orderAsks(page)).length})`);
    await answersSettled(page);
    await page.clock.runFor(100);
  }
  await answersSettled(page);
}


/** Pays by phone and follows the order to /order-complete; answers the placed order. */
async function payByPhone(page: Page, baseUrl: string): Promise<{ ref: string; email: string; total_cost: number }> {
  const button = page.getByTestId('pay-by-phone');
  expect(await button.textContent()).toContain(PHONE_NO_DISPLAY);
  const [completed] = await Promise.all([answerTo(page, '/complete-order'), button.click()]);
  expect(completed.status()).toBe(200);
  expect(completed.request().postDataJSON()).toEqual({ payment_method: 'PHONE', status: 'AWAITING-PAYMENT', message: 'Pay by phone' });
  const { message, order } = (await completed.json()) as { message: string; order: { ref: string; email: string; total_cost: number } };

  // The thanks show first; the order-complete page follows once they have closed by themselves.
  const dialog = page.getByTestId('app-dialog-message');
  await dialog.filter({ hasText: EMAIL_SENT }).waitFor();
  expect(await dialog.textContent()).toContain(message);
  // Their 1.7 s pass on the page's clock, moved on (its timer may start a moment after they show).
  for (let step = 0; step < 20 && !page.url().endsWith('/order-complete'); step++) await page.clock.fastForward(step === 0 ? 1700 : 200);
  await page.waitForURL(`${baseUrl}/order-complete`);
  expect(await dialog.count()).toBe(0);

  await page.locator(`[data-testid="order-complete"][data-placed="true"]`).waitFor();
  await waitForText(page.getByTestId('order-ref'), order.ref);
  await page.getByTestId('pay-by-phone-instructions').filter({ hasText: PHONE_NO_DISPLAY }).waitFor();
  // The basket became the order: the header shows it empty.
  await waitForText(page.getByTestId('basket-count'), '0');
  return order;
}

function mailTo(dataDir: string, email: string, ref: string): string | undefined {
  const directory = path.join(dataDir, 'mail');
  if (!fs.existsSync(directory)) return undefined;
  return fs
    .readdirSync(directory)
    .filter((name) => name.endsWith('.eml'))
    .map((name) => fs.readFileSync(path.join(directory, name), 'utf8'))
    .find((mail) => mail.includes(`To: ${email}`) && mail.includes(ref));
}

describe('checkout journeys in the browser', () => {
  let server: TestServer;
  let browser: BrowserSession;

  shopWithBrowser((started, opened) => {
    server = started;
    browser = opened;
  });
  beforeAll(async () => {
    // The pages' clock runs as the real one until a test moves it on over a dialog's seconds.
    await browser.context.clock.install();
  });

  it('collects an order paid by phone, from the menu to /order-complete, and mails the confirmation', async () => {
    const { page } = browser;
    const { baseUrl } = server;
    await fillBasketAndOpenIt(page, baseUrl, [[ONION_BHAJI, 2]]);

    // Nothing chosen yet: a disabled 'Checkout'.
    const proceed = page.getByTestId('proceed-to-checkout');
    await waitForText(page.getByTestId('postcode-status'), '... waiting for your postcode');
    expect(await proceed.isDisabled()).toBe(true);
    await waitForText(proceed, 'Checkout');

    // 10 % off £7.90 for collecting.
    await page.getByTestId('method-collect').check();
    await waitForText(page.getByTestId('method-postage-amount'), '(£0.79)');
    await waitForText(page.getByTestId('method-total'), '£7.11');
    const sent = await proceedToCheckout(page, baseUrl);
    expect(sent).toMatchObject({ ta_method: 'COLLECT', postage: -79, total_cost: 711 });

    const summary = page.getByTestId('checkout-summary');
    await summary.waitFor();
    expect(await summary.getByTestId('summary-item').count()).toBe(1);
    await summary.getByTestId('summary-postage').filter({ hasText: 'Collect Discount' }).filter({ hasText: '(£0.79)' }).waitFor();
    await waitForText(summary.getByTestId('summary-total'), '£7.11');
    expect(await summary.getByTestId('summary-voucher').count()).toBe(0);
    await page.getByTestId('checkout-intro').waitFor();
    // When (issue 37): as soon as possible unless the customer books a slot; the axe run covers the choice.
    expect(await page.getByTestId('order-time').inputValue()).toBe('asap');
    await expectAccessible(page, 'checkout-summary');

    // The delivery bands explained, on demand.
    await page.getByTestId('delivery-bands-toggle').click();
    await page.getByTestId('delivery-bands').filter({ hasText: 'Up to 1 miles: £1.50' }).waitFor();

    // The form checks on the client first; collecting needs no address, and its postcode is not checked.
    const form = page.locator('[data-testid="delivery-form"][data-mode="editing"]');
    await form.waitFor();
    expect(await page.getByTestId('payment-section').count()).toBe(0);
    // Issue 38: a collection's form shows no address fields at all.
    for (const field of ['address_1', 'address_2', 'address_3', 'town_city', 'postcode']) expect(await form.locator(`[name="${field}"]`).count()).toBe(0);
    await fillContactDetails(form, { email: 'sam@example', full_name: 'Sam Smith', phone_number: '' });
    // The phone's note appears under it while typing (the spec's 500 ms pause), and goes once the number is valid.
    const phone = form.locator('[name="phone_number"]');
    await phone.fill('12345');
    await waitForText(form.getByTestId('error-phone_number'), 'Not a valid phone No');
    await phone.fill('07911 123456');
    await form.getByTestId('error-phone_number').waitFor({ state: 'detached' });
    await page.getByTestId('form-submit').click();
    await waitForText(form.getByTestId('error-email'), 'Not a valid email address');
    expect(await form.getByTestId('error-address_1').count()).toBe(0);
    expect(await form.getByTestId('error-postcode').count()).toBe(0);
    await form.locator('[name="email"]').fill('sam@example.com');
    // Issue 27: the customer's allergies have a field of their own, which the order keeps.
    await form.getByLabel(ALLERGEN_TEXTS.allergyFieldLabel).fill('Severe peanut allergy\nNo sesame');
    const [detailsSent] = await Promise.all([page.waitForRequest((sent) => sent.url().endsWith('/api/updateOrder')), sendDetails(page)]);
    expect(detailsSent.postDataJSON()).toMatchObject({ deliveryForm: { allergy_info: 'Severe peanut allergy\nNo sesame' } });

    // 'change' goes back to editing and hides payment; the form refills from the order.
    await page.getByTestId('payment-section').waitFor();
    await page.getByTestId('form-change').click();
    await page.getByTestId('payment-section').waitFor({ state: 'detached' });
    expect(await page.locator('[data-testid="delivery-form"] [name="full_name"]').inputValue()).toBe('Sam Smith');
    await sendDetails(page);

    // Back at checkout, the details with their unchecked postcode suffice: straight to payment.
    // Only what the reloaded page sends counts: the page before it may still be saving its own choice.
    const sentMethods: unknown[] = [];
    const sentByReloaded = new Set<Request>();
    let reloaded = false;
    const recordMethod = (sent: Request) => {
      if (!reloaded || !sent.url().endsWith('/api/updatePayMethod')) return;
      sentByReloaded.add(sent);
      sentMethods.push(sent.postDataJSON());
    };
    page.on('request', recordMethod);
    page.once('framenavigated', () => (reloaded = true));
    const [methodSaved] = await Promise.all([
      page
        .waitForResponse((answer) => sentByReloaded.has(answer.request()))
        .then(async (answer) => ({ status: answer.status(), body: (await answer.json()) as unknown })),
      page.reload(),
    ]);
    await page.locator('[data-testid="delivery-form"][data-mode="summary"]').waitFor();
    // The reloaded page reads the allergies back from the order.
    expect(await page.getByTestId('summary-allergy-info').innerText()).toBe('Severe peanut allergy\nNo sesame');

    // The only method, phone, is chosen for the customer, and the choice is saved once.
    await page.getByTestId('payment-section').waitFor();
    expect(await page.getByTestId('payment-method-phone').isChecked()).toBe(true);
    expect(methodSaved).toEqual({ status: 200, body: { status: true, message: '' } });
    const order = await payByPhone(page, baseUrl);
    page.off('request', recordMethod);
    expect(sentMethods).toEqual([{ method: 'phone' }]);
    expect(order.total_cost).toBe(711);
    await waitForText(page.getByTestId('order-complete-summary').getByTestId('summary-total'), '£7.11');
    await expectAccessible(page, 'order-complete-summary');

    await server.shop.mailSettled();
    const mail = mailTo(server.shop.config.dataDir, 'sam@example.com', order.ref);
    expect(mail).toBeDefined();

    // Back to /checkout: the order is placed, said in the page, and the thanks do not come again.
    await page.goBack();
    await page.getByTestId('checkout-errors').filter({ hasText: 'This order has already been placed' }).waitFor();
    expect(await page.getByTestId('app-dialog').count()).toBe(0);
  }, 300_000);

  it('books 19:30 tomorrow at the checkout, and the order says so everywhere: summary, order-complete, tracker, mail, ticket', async () => {
    const { page } = browser;
    const { baseUrl } = server;
    const slot = londonInstantOn(addDays(londonDate(server.shop.services.clock()), 1), '19:30').toISOString();
    const booked = orderTimeText(slot);
    await fillBasketAndOpenIt(page, baseUrl, [[ONION_BHAJI, 1]]);
    await page.getByTestId('method-collect').check();
    await proceedToCheckout(page, baseUrl);

    // As soon as possible until the customer chooses; the slots are grouped by their day.
    const when = page.getByTestId('order-time');
    expect(await when.inputValue()).toBe('asap');
    const [chosen] = await Promise.all([answerTo(page, '/api/orderTime'), when.selectOption(slot)]);
    expect(chosen.status()).toBe(200);
    // The first journey's axe run on /checkout covers this choice (as soon as possible is chosen there).
    await waitForText(page.getByTestId('checkout-summary').getByTestId('summary-time'), booked);

    const form = page.locator('[data-testid="delivery-form"][data-mode="editing"]');
    await form.waitFor();
    await fillContactDetails(form, { email: 'later@example.com', full_name: 'Kim Later', phone_number: '07911 123457' });
    await sendDetails(page);
    await page.getByTestId('payment-section').waitFor();
    const order = await payByPhone(page, baseUrl);

    await waitForText(page.getByTestId('order-complete-summary').getByTestId('summary-time'), booked);
    await page.getByTestId('order-expected').filter({ hasText: `Booked for ${slotLongLabel(slot)}.` }).waitFor();
    await server.shop.mailSettled();
    expect(mailTo(server.shop.config.dataDir, 'later@example.com', order.ref)).toContain(`${booked}.`);

    const kitchen = request.agent(baseUrl);
    await kitchen.post('/api/login').set({ 'X-Requested-With': 'fetch', Origin: baseUrl }).send(server.admin).expect(200);
    const orderId = (await server.shop.pool.oneFirst(sql.unsafe`select order_id from orders where ref = ${order.ref}`)) as string;
    const ticket = (await kitchen.get(`/takeaway/${orderId}/preview`).expect(200)).text;
    expect(ticket).toContain(ticketTimeLine(slot));
  }, 300_000);

  it('with nothing to check out, /checkout says so and links to the basket, without an error dialog', async () => {
    const { page } = browser;
    // Off the last test's checkout page first: its own fetchOrder, still under way, would be the answer seen here.
    await page.goto('about:blank');
    await browser.context.clearCookies();
    const [fetched] = await Promise.all([answerTo(page, '/api/fetchOrder'), page.goto(`${server.baseUrl}/checkout`)]);
    expect(fetched.status()).toBe(404);
    await page.getByTestId('checkout-errors').filter({ hasText: 'There is no order to check out yet.' }).waitFor();
    // The effects of that render have run once the next frame has been painted.
    await page.evaluate(() => new Promise((done) => (globalThis as unknown as { requestAnimationFrame(callback: () => void): void }).requestAnimationFrame(() => setTimeout(done, 0))));
    expect(await page.getByTestId('app-dialog').count()).toBe(0);
  });

  it('the order-complete page follows the kitchen: thanks once it is paid and printed, and says so when cancelled unpaid', async () => {
    const { page } = browser;
    const { baseUrl } = server;
    const vouchers = createVouchers(server.shop.services, voucherReadModel(server.shop.pool));
    const kitchen = createKitchen(server.shop.services, kitchenOrders(server.shop.pool, server.shop.services.settings), vouchers);
    const staff = () => ({ actor: 'staff-test', now: new Date().toISOString(), correlationId: randomUUID() });
    // The page's own session places the orders, as the checkout would.
    const phoneOrder = () => placePhoneOrderAsPage(page, baseUrl);
    await page.goto(baseUrl);

    const cooked = await phoneOrder();
    await kitchen.markPaid(cooked.id, staff());
    await kitchen.print(cooked.id, 'marked', staff());
    await page.goto(`${baseUrl}/order-complete`);
    await page.locator(`[data-testid="order-complete"][data-placed="true"][data-ref="${cooked.ref}"]`).waitFor();
    expect(await page.getByTestId('pay-by-phone-instructions').count()).toBe(0);

    const unpaid = await phoneOrder();
    await kitchen.cancelUnpaid(unpaid.id, staff());
    await page.goto(`${baseUrl}/order-complete`);
    const cancelled = page.locator(`[data-testid="order-complete"][data-placed="cancelled"][data-ref="${unpaid.ref}"]`);
    await cancelled.waitFor();
    expect(await cancelled.textContent()).toContain(`Your order ${unpaid.ref} was cancelled because it was not paid`);
  });

  it('delivers to a postcode inside the area, charging its band', async () => {
    const { page } = browser;
    const { baseUrl } = server;
    await fillBasketAndOpenIt(page, baseUrl, [[KORMA, 2]]);

    await page.getByText('We deliver within a 3 miles radius. Enter your postcode to check if we can deliver to you:').waitFor();
    await page.getByTestId('postcode-input').fill('LS2');
    await waitForText(page.getByTestId('postcode-status'), '... incomplete or invalid postcode');
    expect(await page.getByTestId('method-deliver').count()).toBe(0);

    const checked = await checkPostcode(page, 'LS2 9JT');
    expect(checked.status()).toBe(200);
    await waitForText(page.getByTestId('postcode-status'), '0.76 miles from kitchen');
    await page.getByTestId('delivery-area-verdict').filter({ hasText: 'SUCCESS your postcode is in our delivery area' }).waitFor();

    const [charged] = await Promise.all([answerTo(page, '/api/calc_delivery'), page.getByTestId('method-deliver').check()]);
    expect(await charged.json()).toMatchObject({ delivery_charge: 150 });
    await waitForText(page.getByTestId('method-postage-amount'), '£1.50');
    await waitForText(page.getByTestId('method-total'), '£20.50');

    // A smaller basket is priced again after the pause: below the minimum order there is no delivery.
    const korma = page.locator(`[data-testid="cart-row"][data-product-id="${KORMA}"]`);
    const [refusedCharge] = await Promise.all([answerTo(page, '/api/calc_delivery'), korma.getByTestId('qty-down').click()]);
    expect(refusedCharge.status()).toBe(409);
    await page
      .getByTestId('app-dialog-message')
      .filter({ hasText: 'There was an ERROR calculating the delivery charge' })
      .filter({ hasText: 'Delivery needs an order of at least £12.00' })
      .waitFor();
    await page.getByRole('button', { name: 'Close' }).click();
    expect(await page.getByTestId('proceed-to-checkout').isDisabled()).toBe(true);
    await Promise.all([answerTo(page, '/api/calc_delivery'), korma.getByTestId('qty-up').click()]);
    await waitForText(page.getByTestId('method-total'), '£20.50');
    const sent = await proceedToCheckout(page, baseUrl);
    expect(sent).toMatchObject({ ta_method: 'DELIVER', postage: 150, total_cost: 2050, postcode: 'LS2 9JT' });

    const summary = page.getByTestId('checkout-summary');
    await summary.getByTestId('summary-postage').filter({ hasText: 'Delivery Charge' }).filter({ hasText: '£1.50' }).waitFor();
    await waitForText(summary.getByTestId('summary-total'), '£20.50');

    // The checked postcode is kept; a delivery needs the address.
    const form = page.locator('[data-testid="delivery-form"][data-mode="editing"]');
    await form.waitFor();
    const postcode = form.locator('[name="postcode"]');
    expect(await postcode.inputValue()).toBe('LS2 9JT');
    expect(await postcode.getAttribute('readonly')).not.toBeNull();
    await waitForText(form.getByTestId('locked-postcode'), 'delivery distance checked');
    await fillContactDetails(form, { email: 'ali@example.com', full_name: 'Ali Khan', phone_number: '07700 900123' });
    await page.getByTestId('form-submit').click();
    await waitForText(form.getByTestId('error-address_1'), 'Address line 1 is required for delivery');
    await form.getByTestId('error-town_city').waitFor();
    await form.locator('[name="address_1"]').fill('1 Hyde Park Road');
    await form.locator('[name="town_city"]').fill('Leeds');

    // Issue 38: the form asks the server's own phone rule, so a number the server refuses (a drama-only one here)
    // is refused on the field while typing, before anything is sent.
    await waitForText(form.getByTestId('error-phone_number'), 'Not a valid phone No');
    await form.locator('[name="phone_number"]').fill('07911 123459');
    await form.getByTestId('error-phone_number').waitFor({ state: 'detached' });
    await sendDetails(page);
    await page.getByTestId('details-summary').filter({ hasText: '1 Hyde Park Road, Leeds, LS2 9JT' }).waitFor();

    const order = await payByPhone(page, baseUrl);
    expect(order.total_cost).toBe(2050);
    await server.shop.mailSettled();
    expect(mailTo(server.shop.config.dataDir, 'ali@example.com', order.ref)).toBeDefined();
  });

  it('offers only collection outside the delivery area, and collection still works', async () => {
    const { page } = browser;
    const { baseUrl } = server;
    await fillBasketAndOpenIt(page, baseUrl, [[ONION_BHAJI, 1]]);

    await checkPostcode(page, 'LS16 5AA');
    await waitForText(page.getByTestId('postcode-status'), '4.57 miles from kitchen');
    const verdict = page.locator('[data-testid="delivery-area-verdict"][data-inside="false"]');
    await verdict.filter({ hasText: 'Your postcode is outside our delivery area ... you can still collect your order from us at:' }).waitFor();
    expect(await verdict.textContent()).toContain(FULL_ADDRESS);
    expect(await page.getByTestId('method-deliver').count()).toBe(0);

    await page.getByTestId('method-collect').check();
    await waitForText(page.getByTestId('method-total'), '£3.55');
    // A new postcode means choosing again.
    await checkPostcode(page, 'LS2 9JT');
    await page.getByTestId('method-deliver').waitFor();
    expect(await page.getByTestId('method-collect').isChecked()).toBe(false);
    await waitForText(page.getByTestId('proceed-to-checkout'), 'Checkout');
    await page.getByTestId('method-collect').check();

    const sent = await proceedToCheckout(page, baseUrl);
    expect(sent).toMatchObject({ ta_method: 'COLLECT', postage: -40, total_cost: 355 });
    const form = page.locator('[data-testid="delivery-form"][data-mode="editing"]');
    await fillContactDetails(form, { email: 'jo@example.com', full_name: 'Jo Bloggs', phone_number: '+44 7911 123457' });
    await sendDetails(page);
    const order = await payByPhone(page, baseUrl);
    expect(order.total_cost).toBe(355);
  });

  it("locks a signed-in customer's email, and goes straight to payment when the details are complete", async () => {
    const { page } = browser;
    const { baseUrl } = server;
    const customer = { email: 'kim@example.com', password: 'kim has a long password' };
    await createUserRepository(server.shop.pool).create({ ...customer, role: 'customer' });
    await page.goto(`${baseUrl}/login`);
    await page.getByLabel('Email').fill(customer.email);
    await page.getByLabel('Password').fill(customer.password);
    await Promise.all([answerTo(page, '/api/login'), page.getByRole('button', { name: 'Login' }).click()]);
    await page.getByTestId('signed-in-user').waitFor();

    // Collecting without a collect discount: the summary still shows the (zero) delivery charge. Delivery is off
    // too: spec §2 "Collect or Deliver block", 'Sorry we can't offer delivery right now.' with advice to collect.
    await changeSettings(server, { offer_takeaway_collect_discount: false, delivering_status: false });
    try {
      await fillBasketAndOpenIt(page, baseUrl, [[ONION_BHAJI, 1]]);
      await page.getByText("Sorry we can't offer delivery right now.", { exact: true }).waitFor();
      await page.getByText(`Please choose Collect: you can collect your order from us at ${FULL_ADDRESS}`, { exact: true }).waitFor();
      expect(await page.getByPlaceholder('your postcode').count()).toBe(0);
      expect(await page.getByTestId('method-deliver').count()).toBe(0);
      await page.getByTestId('method-collect').check();
      expect(await proceedToCheckout(page, baseUrl)).toMatchObject({ ta_method: 'COLLECT', postage: 0, total_cost: 395 });
    } finally {
      await changeSettings(server, { offer_takeaway_collect_discount: true, delivering_status: true });
    }
    await page.getByTestId('checkout-summary').getByTestId('summary-postage').filter({ hasText: 'Delivery Charge' }).filter({ hasText: '£0.00' }).waitFor();
    const form = page.locator('[data-testid="delivery-form"][data-mode="editing"]');
    const email = form.locator('[name="email"]');
    expect(await email.inputValue()).toBe(customer.email);
    expect(await email.getAttribute('readonly')).not.toBeNull();
    await form.locator('[name="full_name"]').fill('Kim Lee');
    await form.locator('[name="phone_number"]').fill('07911 123458');
    await sendDetails(page);

    // Back at checkout later, while the order cannot be fetched: spec §4 "Delivery form on the checkout page", 'It
    // waits, polling every 1 s'. The failure is told once; the asks come a second apart on the page's clock (paused,
    // moved on 100 ms at a time) and stop once the order is in.
    await page.addInitScript(ORDER_ASKS_RECORDER);
    const failure = page.getByTestId('app-dialog-message').filter({ hasText: 'There was a PROBLEM fetching the order' });
    try {
      await whileFailing(page, '/api/fetchOrder', (route) => route.fulfill({ status: 500, json: { status: false, message: 'Database down' } }), async () => {
        await page.goto(`${baseUrl}/checkout`);
        await failure.waitFor();
        await pauseClock(page);
        // Counted from the first ask made on the paused clock.
        const first = (await orderAsks(page)).length;
        await nextOrderAsks(page, first + 4);
        const times = (await orderAsks(page)).slice(first);
        const gaps = times.slice(1).map((time, index) => time - times[index]);
        expect(gaps).toHaveLength(3);
        for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(1000);
        for (const gap of gaps) expect(gap).toBeLessThanOrEqual(1200);
      });
      // The next ask is answered.
      await nextOrderAsks(page, (await orderAsks(page)).length + 1);
    } finally {
      await page.clock.resume();
    }
    // The order's details suffice, so the summary and payment show at once; no more asks.
    await page.locator('[data-testid="delivery-form"][data-mode="summary"]').waitFor();
    await page.getByTestId('pay-by-phone').waitFor();
    // A one-off ask may follow (the payment method chosen for the customer is saved, the order asked again): let it
    // pass, then five seconds bring none.
    await page.clock.runFor(2000);
    await answersSettled(page);
    const asked = (await orderAsks(page)).length;
    await page.clock.runFor(5000);
    expect(await orderAsks(page)).toHaveLength(asked);
    await page.getByTestId('app-dialog').getByRole('button', { name: 'Close' }).click();
    await page.getByTestId('app-dialog').waitFor({ state: 'detached' });
    await pageTurn(page);
    expect(await page.getByTestId('app-dialog').count()).toBe(0);

    await page.goto(`${baseUrl}/manageCart`);
    await Promise.all([answerTo(page, '/api/clearCart'), page.getByTestId('clear-cart').click().then(() => page.getByRole('button', { name: 'Remove all' }).click())]);
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.getByTestId('discreet-login').waitFor();
  });

  it('outside takeaway mode, one Checkout button saves the order with its note, and delivery needs the address', async () => {
    const { page } = browser;
    const { baseUrl } = server;
    await changeSettings(server, { is_takeaway: false });
    try {
      await fillBasketAndOpenIt(page, baseUrl, [[ONION_BHAJI, 1]]);
      expect(await page.getByTestId('collect-or-deliver').count()).toBe(0);
      const [noteSaved] = await Promise.all([
        answerTo(page, '/api/updateCartInSession'),
        page.getByTestId('order-extra').fill('Ring the bell twice'),
      ]);
      expect(noteSaved.status()).toBe(200);
      const [saved] = await Promise.all([answerTo(page, '/api/saveCartAsOrder'), page.getByTestId('checkout').click()]);
      expect(saved.request().postDataJSON()).toEqual({ order_extra_info: 'Ring the bell twice' });
      await page.waitForURL(`${baseUrl}/checkout`);

      await page.getByTestId('extra-order-info').filter({ hasText: 'Ring the bell twice' }).waitFor();
      const summary = page.getByTestId('checkout-summary');
      await waitForText(summary.getByTestId('summary-total'), '£3.95');
      // No postage yet counts as 0.
      await summary.getByTestId('summary-postage').filter({ hasText: 'Delivery Charge' }).filter({ hasText: '£0.00' }).waitFor();
      expect(await page.getByTestId('delivery-bands-toggle').count()).toBe(0);

      const form = page.locator('[data-testid="delivery-form"][data-mode="editing"]');
      await fillContactDetails(form, { email: 'lee@example.com', full_name: 'Lee Park', phone_number: '07911 123460' });
      await page.getByTestId('form-submit').click();
      await waitForText(form.getByTestId('error-postcode'), 'Not a valid postcode');
      await form.getByTestId('error-address_1').waitFor();
      await form.locator('[name="address_1"]').fill('2 Park Lane');
      await form.locator('[name="town_city"]').fill('Leeds');
      await form.locator('[name="postcode"]').fill('ls6 2aa');
      await sendDetails(page);
      const order = await payByPhone(page, baseUrl);
      expect(order.total_cost).toBe(395);
    } finally {
      await changeSettings(server, { is_takeaway: true });
    }
  });

  it('sends the basket and checkout pages home when the store is closed, and the basket page when paying is not allowed', async () => {
    const { page } = browser;
    const { baseUrl } = server;
    /** Moves the page's clock over the 5 s before going home (dialog-queue.test.ts pins them; the timer may start a moment after the page shows why). */
    const goneHome = async () => {
      for (let step = 0; step < 20 && new URL(page.url()).pathname !== '/'; step++) await page.clock.fastForward(step === 0 ? 5000 : 500);
      await page.waitForURL(`${baseUrl}/`, { timeout: 10_000 });
    };
    await changeSettings(server, { order_status: 'closed' });
    try {
      for (const route of ['/checkout', '/manageCart']) {
        await page.goto(`${baseUrl}${route}`);
        await page.getByTestId('app-dialog-message').filter({ hasText: CLOSED }).waitFor();
        // Spec §2: the checkout page's closed notice; the basket page 'is replaced by' the closed text (no full stop).
        await waitForText(page.getByRole('alert'), route === '/checkout' ? CLOSED : CLOSED_BASKET_PAGE);
        if (route === '/manageCart') expect(await page.getByRole('heading', { name: /^Your Cart/ }).count()).toBe(0);
        await goneHome();
        await page.getByTestId('home').waitFor();
        await page.getByTestId('app-dialog-message').waitFor({ state: 'detached' });
      }
    } finally {
      await changeSettings(server, { order_status: 'open' });
    }

    await changeSettings(server, { payment_methods: [] });
    try {
      await page.goto(`${baseUrl}/manageCart`);
      await page.getByTestId('cannot-pay').waitFor();
      expect(await page.getByTestId('collect-or-deliver').count()).toBe(0);
      await goneHome();
    } finally {
      await changeSettings(server, { payment_methods: ['phone'] });
    }
  });
});
