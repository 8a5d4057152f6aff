import type { Page } from 'playwright-core';
import { BASKET_AT_CHECKOUT } from '../../modules/cart';
import type { TestServer } from '../support/server';
import { expectAccessible } from './accessibility';
import { shopWithBrowser, type BrowserSession } from './browser';
import { answerTo, changeSettings, fillBasketAndOpenIt, proceedToCheckout, waitForText } from './shop-steps';

const ONION_BHAJI = 1;
const KORMA = 13;

/** Issue 13 in the browser: the basket page's + arrow stops at the caps; two tabs share one basket. */
describe('basket limits in the browser', () => {
  let server: TestServer;
  let browser: BrowserSession;

  shopWithBrowser((started, opened) => {
    server = started;
    browser = opened;
  });

  const row = (page: Page, productId: number) => page.locator(`[data-testid="cart-row"][data-product-id="${productId}"]`);

  async function dialogSays(page: Page, text: string): Promise<void> {
    const message = page.getByTestId('app-dialog-message');
    await message.filter({ hasText: text }).waitFor();
    await page.getByRole('button', { name: 'Close' }).click();
    await message.waitFor({ state: 'detached' });
  }

  it('does not offer one more beyond the dish cap the manager set, and says why', async () => {
    await changeSettings(server, { max_units_per_dish: 3 });
    try {
      const { page } = browser;
      await fillBasketAndOpenIt(page, server.baseUrl, [[ONION_BHAJI, 2]]);
      const more = row(page, ONION_BHAJI).getByTestId('qty-up');
      await more.and(page.locator(':enabled')).waitFor(); // once the basket and the settings are both here
      const [added] = await Promise.all([answerTo(page, '/api/moveProductStockToBasket'), more.click()]);
      expect(added.status()).toBe(200);
      await waitForText(row(page, ONION_BHAJI).getByTestId('line-quantity'), '3');
      await page.waitForFunction(() => {
        const button = (globalThis as unknown as { document: { querySelector(selector: string): { disabled: boolean } | null } }).document.querySelector(
          '[data-testid="cart-row"][data-product-id="1"] [data-testid="qty-up"]',
        );
        return button?.disabled === true;
      });
      expect(await more.getAttribute('title')).toBe('Sorry, you can add at most 3 of Onion Bhaji to one order – call us for a larger order');
      await expectAccessible(page, 'cart-row');
      // Taking one back offers one more again.
      await Promise.all([answerTo(page, '/api/moveProductStockToBasket'), row(page, ONION_BHAJI).getByTestId('qty-down').click()]);
      await waitForText(row(page, ONION_BHAJI).getByTestId('line-quantity'), '2');
      expect(await more.isEnabled()).toBe(true);
      await Promise.all([answerTo(page, '/api/clearCart'), page.getByTestId('clear-cart').first().click().then(() => page.getByRole('button', { name: 'Remove all' }).click())]);
    } finally {
      await changeSettings(server, { max_units_per_dish: 10 });
    }
  });

  it('two tabs: while one is at the checkout the other cannot change the basket, until it goes back to the basket page', async () => {
    const { page, context } = browser;
    await fillBasketAndOpenIt(page, server.baseUrl, [[ONION_BHAJI, 1]]);
    await page.getByTestId('method-collect').check();
    await proceedToCheckout(page, server.baseUrl);

    const other = await context.newPage();
    try {
      await other.goto(server.baseUrl);
      const add = other.locator(`[data-testid="add-to-cart"][data-product-id="${KORMA}"]`);
      const [refused] = await Promise.all([answerTo(other, '/api/moveProductStockToBasket'), add.click()]);
      expect(refused.status()).toBe(409);
      await dialogSays(other, BASKET_AT_CHECKOUT);

      // Back on the basket page, the basket opens again.
      const [reopened] = await Promise.all([answerTo(other, '/api/reopenCart'), other.goto(`${server.baseUrl}/manageCart`)]);
      expect(reopened.status()).toBe(200);
      await row(other, ONION_BHAJI).waitFor();
      const [added] = await Promise.all([answerTo(other, '/api/moveProductStockToBasket'), row(other, ONION_BHAJI).getByTestId('qty-up').click()]);
      expect(added.status()).toBe(200);
      await waitForText(row(other, ONION_BHAJI).getByTestId('line-quantity'), '2');
    } finally {
      await other.close();
    }
  });
});
