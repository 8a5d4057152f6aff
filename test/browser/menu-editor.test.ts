import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { startTestServer, type TestServer } from '../support/server';
import { until } from '../support/until';
import { expectAccessible } from './accessibility';
import { launchBrowser, type BrowserSession } from './browser';
import { answerTo, holdRequests, logIn, MENU_SHOWN, waitForText } from './shop-steps';
import { ALLERGEN_TEXTS, hiddenDishesNote } from '../../src/shared/allergens';
import type { MenuProduct, MenuView } from '../../src/shared/menu';
import { imagePickerPath, MEDIA_TEXTS, type MediaPickedMessage } from '../../src/shared/media';
import type { Page } from 'playwright-core';

/** A change reaches an open page live (no reload): the menu channel's one-second window, the refetch and the render, on a busy host. */
const LIVE_CHANGE_MS = 10_000;

/**
 * What a customer ticking Milk must be shown, worked out here from the menu answer (issue 27): a dish is safe when
 * it is virtual, or declared without milk (with variants: when one variant is, with its dish).
 */
function withoutMilk(menu: MenuView): { shown: number[]; hidden: number; undeclared: number } {
  const safe = (facts: { allergens: string[]; allergens_declared: boolean }) => facts.allergens_declared && !facts.allergens.includes('milk');
  const isShown = (dish: MenuProduct) => dish.virtual || (safe(dish) && (dish.variants.length === 0 || dish.variants.some(safe)));
  const hidden = menu.products.filter((dish) => !isShown(dish));
  return {
    shown: menu.products.filter(isShown).map((dish) => dish.id).sort((a, b) => a - b),
    hidden: hidden.length,
    undeclared: hidden.filter((dish) => !dish.allergens_declared || dish.variants.some((variant) => !variant.allergens_declared)).length,
  };
}

/** A dish as the manager's catalogue answers it now. */
async function catalogueDish(page: Page, baseUrl: string, id: number): Promise<MenuProduct> {
  const answer = (await (await page.request.get(`${baseUrl}/api/catalogue`)).json()) as { products: MenuProduct[] };
  return answer.products.find((dish) => dish.id === id)!;
}

/** Issue 16 items 1, 2 and 6: a manager builds a dish on the menu editor while a customer's menu page is open. */
describe('the menu editor in the browser', () => {
  let server: TestServer;
  let manager: BrowserSession;
  let customer: BrowserSession;
  let photo: string;

  beforeAll(async () => {
    server = await startTestServer({ withWeb: true });
    manager = await launchBrowser();
    customer = await launchBrowser();
    photo = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'dish-photo-')), 'paneer.jpg');
    await sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 220, g: 140, b: 40 } } }).jpeg().toFile(photo);
  }, 180_000);

  afterAll(async () => {
    await manager?.close();
    await customer?.close();
    await server?.stop();
  });

  /** The dish the first test adds, not declared, and the second declares (issue 27). */
  let dishId: number;

  it('a manager adds a dish with a photo, not declaring its allergens, and a customer’s open menu shows it as not declared and hides it from a filter', async () => {
    const shop = customer.page;
    // A phone's width (issue 27): the allergen filter and the notices as an allergic customer on the move sees them.
    await shop.setViewportSize({ width: 390, height: 844 });
    await shop.goto(server.baseUrl);
    await shop.locator(MENU_SHOWN).waitFor();
    expect(await shop.getByText('Paneer Butter Masala').count()).toBe(0);

    const page = manager.page;
    await logIn(page, server.baseUrl, server.admin);
    await page.getByRole('link', { name: 'Menu editor' }).click();
    await page.getByTestId('categories-editor').waitFor();
    // The demo menu declares every dish.
    const undeclared = page.getByTestId('undeclared-dishes');
    await undeclared.and(page.locator('[data-count="0"]')).waitFor();

    // Added without a word on its allergens, the dish is not declared: saving never declares anything by itself.
    const form = page.getByTestId('dish-form');
    await form.getByLabel('Name', { exact: true }).fill('Paneer Butter Masala');
    await form.getByLabel('Category').selectOption({ label: 'Curries' });
    await form.getByLabel('Short description').fill('Cheese in a buttery tomato sauce');
    await form.getByLabel('Description', { exact: true }).fill('Paneer simmered with butter,\ncream and tomato.');
    await form.getByLabel('Price (£)').fill('8.95');
    await form.getByLabel('VAT rate').selectOption('standard');
    const allergens = form.getByRole('group', { name: 'Contains (allergens)' });
    await waitForText(allergens.getByTestId('allergen-declaration'), 'Not declared yet');
    await form.getByLabel('Vegetarian').check();
    const [uploaded] = await Promise.all([answerTo(page, '/api/uploadImage'), form.getByLabel('Photo').setInputFiles(photo)]);
    expect(uploaded.status()).toBe(200);
    await form.getByTestId('dish-photo-preview').waitFor();
    // The form asks for the opening stock (issue 38 item 3): without it, nothing is sent.
    await form.getByRole('button', { name: 'Add dish' }).click();
    await form.getByRole('alert').getByText('The opening stock must be a whole number of units', { exact: true }).waitFor();
    await form.getByLabel('Opening stock (units)').fill('12');
    const [added] = await Promise.all([answerTo(page, '/api/catalogue/dishes'), form.getByRole('button', { name: 'Add dish' }).click()]);
    expect(added.status()).toBe(200);
    expect(added.request().postDataJSON()).toMatchObject({ allergens: [], allergens_declared: false, opening_stock: 12 });
    dishId = ((await added.json()) as { id: number }).id;
    // The customer's page, open all along, shows the new dish and its photo without a reload (within a second:
    // the slack is for a busy test machine), to be added to the basket, not sold out.
    const card = shop.locator(`[data-testid="product-card"][data-product-id="${dishId}"]`);
    await card.getByRole('link', { name: 'Paneer Butter Masala' }).waitFor({ timeout: LIVE_CHANGE_MS });
    await card.getByTestId('add-to-cart').and(shop.locator(':enabled')).waitFor();
    expect(await card.getByTestId('sold-out').count()).toBe(0);
    expect(await card.getByTestId('product-image').getAttribute('srcset')).toMatch(/\/uploads\/[0-9a-f]{32}-320\.webp 320w/);
    // Undeclared, it says so, with the shop's number to call.
    const notice = card.getByTestId('allergens');
    await notice.filter({ hasText: ALLERGEN_TEXTS.notDeclared }).waitFor();
    expect(await notice.getByRole('link', { name: 'Call 0113 496 0000' }).getAttribute('href')).toBe('tel:01134960000');
    // The editor lists it at the top, and its form says it is not declared.
    await undeclared.and(page.locator('[data-count="1"]')).getByRole('link', { name: 'Paneer Butter Masala' }).waitFor();
    await waitForText(allergens.getByTestId('allergen-declaration'), 'Not declared yet');
    // The editor with its undeclared list, the dish's declaring box and the variants' boxes.
    await expectAccessible(page, 'variants-editor');

    // With Milk ticked, no dish containing milk or not declared is left, and the filter says how many went.
    await shop.getByTestId('allergen-filter').locator('summary').click();
    await shop.getByTestId('allergen-filter').getByLabel('Milk').check();
    await card.waitFor({ state: 'detached' });
    const expected = withoutMilk((await (await shop.request.get(`${server.baseUrl}/api/menu`)).json()) as MenuView);
    expect(expected.undeclared).toBeGreaterThan(0);
    const shownIds = await shop.getByTestId('product-card').evaluateAll((cards: Array<{ getAttribute(name: string): string | null }>) => cards.map((shown) => Number(shown.getAttribute('data-product-id'))));
    expect(shownIds.sort((a, b) => a - b)).toEqual(expected.shown);
    await waitForText(shop.getByTestId('allergen-filter-note'), `(${hiddenDishesNote(expected.hidden, expected.undeclared)})`);
    await shop.getByTestId('allergen-filter').getByLabel('Milk').uncheck();
    await card.waitFor();

    // The kitchen's screen warns of it, once a day: followed to the editor, it does not come back.
    await page.getByTestId('staff-nav').click();
    const warning = page.getByTestId('undeclared-allergens-warning');
    await waitForText(warning.locator('p'), '1 dish on the menu has allergens not declared: customers are asked to call before ordering, and anyone filtering out an allergen does not see them.');
    await expectAccessible(page, 'undeclared-allergens-warning');
    await warning.getByRole('link', { name: 'Declare them in the menu editor' }).click();
    await page.getByTestId('menu-editor').waitFor();
    // The screen mounted again reads what this device remembers; the count it asked for is still at hand.
    await page.goBack();
    await page.locator('#liveOrders').waitFor();
    expect(await warning.count()).toBe(0);
    await page.goForward();
    await page.getByTestId('menu-editor').waitFor();
  }, 180_000);

  it('the manager declares the dish as containing none, adds a variant that adds none, then ticks milk without confirming the list, and the customer’s menu follows each step', async () => {
    const shop = customer.page;
    const page = manager.page;
    const card = shop.locator(`[data-testid="product-card"][data-product-id="${dishId}"]`);
    const undeclared = page.getByTestId('undeclared-dishes');
    const form = page.getByTestId('dish-form');
    const allergens = form.getByRole('group', { name: 'Contains (allergens)' });

    // Declared as containing none, through the dish's own form opened from the list.
    await undeclared.getByRole('link', { name: 'Paneer Butter Masala' }).click();
    await until(async () => (await form.getByLabel('Name', { exact: true }).inputValue()) === 'Paneer Butter Masala', 'the dish form to show the new dish');
    await allergens.getByLabel(ALLERGEN_TEXTS.noneDeclared).check();
    await waitForText(allergens.getByTestId('allergen-declaration'), 'Declared: contains none of the 14 allergens');
    const [declared] = await Promise.all([answerTo(page, `/api/catalogue/dishes/${dishId}`), form.getByRole('button', { name: 'Save dish' }).click()]);
    expect(declared.status()).toBe(200);
    expect(await catalogueDish(page, server.baseUrl, dishId)).toMatchObject({ allergens: [], allergens_declared: true });
    await undeclared.and(page.locator('[data-count="0"]')).waitFor();
    await card.getByTestId('allergens').filter({ hasText: ALLERGEN_TEXTS.noneDeclared }).waitFor({ timeout: LIVE_CHANGE_MS });

    // A variant that adds none: one box, the same as the dish's.
    const variants = page.getByTestId('variants-editor');
    await variants.getByLabel('Name of the new variant').fill('Large');
    await variants.getByLabel('Price adjustment of the new variant').fill('2.50');
    await variants.getByRole('group', { name: "Allergens of the new variant beyond the dish's" }).getByLabel('This variant adds none').check();
    const [variant] = await Promise.all([answerTo(page, `/api/catalogue/dishes/${dishId}/variants`), variants.getByRole('button', { name: 'Add variant' }).click()]);
    expect(variant.status()).toBe(200);
    await variants.getByLabel('Name of variant Large').waitFor();
    expect((await catalogueDish(page, server.baseUrl, dishId)).variants).toEqual([expect.objectContaining({ name: 'Large', allergens: [], allergens_declared: true })]);

    // With a variant the card offers the choice of it, again without a reload.
    await card.getByRole('button', { name: /Choose/ }).waitFor({ timeout: LIVE_CHANGE_MS });
    // Stock is kept per variant, and the new one has none: the editor says so (issue 38 item 3).
    await waitForText(form.getByTestId('no-stock-note'), 'Paneer Butter Masala has no stock: customers see it as Sold out. Set the stock');

    // Milk ticked on a dish declared as containing none undoes the declaration until the list is confirmed; saved
    // so, the dish is not declared, and shows the milk it is known to contain.
    await allergens.getByLabel('Milk').check();
    await waitForText(allergens.getByTestId('allergen-declaration'), 'Not declared yet: other allergens not declared');
    await allergens.getByLabel('This list is complete').waitFor();
    const [milk] = await Promise.all([answerTo(page, `/api/catalogue/dishes/${dishId}`), form.getByRole('button', { name: 'Save dish' }).click()]);
    expect(milk.request().postDataJSON()).toMatchObject({ allergens: ['milk'], allergens_declared: false });
    await undeclared.and(page.locator('[data-count="1"]')).waitFor();
    const partial = 'Contains Milk; other allergens not declared. Call 0113 496 0000';
    await waitForText(card.getByTestId('allergens'), partial);

    // Its own page says the same.
    const productPage = await customer.context.newPage();
    try {
      await productPage.setViewportSize({ width: 390, height: 844 });
      await productPage.goto(`${server.baseUrl}/product/${dishId}`);
      await waitForText(productPage.getByTestId('single-product').getByTestId('allergens'), partial);
      await expectAccessible(productPage, 'single-product');
    } finally {
      await productPage.close();
    }

    // The customer hides dishes containing milk: this one goes, and stays gone after a reload (remembered).
    expect(await shop.getByTestId('allergen-notice').isVisible()).toBe(true);
    await shop.getByTestId('allergen-filter').locator('summary').click();
    await shop.getByTestId('allergen-filter').getByLabel('Milk').check();
    await card.waitFor({ state: 'detached' });
    await shop.reload();
    await shop.locator(MENU_SHOWN).waitFor();
    expect(await card.count()).toBe(0);
    await expectAccessible(shop, 'allergen-filter');
    await shop.getByTestId('allergen-filter').getByLabel('Milk').uncheck();
    await card.waitFor();

    // The variant archived, after the confirmation, as a dish is (issue 38 item 3): it leaves the editor and the
    // customer's menu, and the dish is sold by itself again, from its own stock.
    page.once('dialog', (dialog) => void dialog.accept());
    const [archived] = await Promise.all([answerTo(page, '/archive'), variants.getByRole('button', { name: 'Archive variant Large' }).click()]);
    expect(archived.status()).toBe(200);
    await variants.getByLabel('Name of variant Large').waitFor({ state: 'detached' });
    await card.getByTestId('add-to-cart').and(shop.locator(':enabled')).waitFor({ timeout: LIVE_CHANGE_MS });
    expect((await catalogueDish(page, server.baseUrl, dishId)).variants).toEqual([]);
    await form.getByTestId('no-stock-note').waitFor({ state: 'detached' });
    await shop.setViewportSize({ width: 1280, height: 800 });
  }, 180_000);

  it('staff restock and run a dish low and out, and the customer’s open menu and product pages say Only N left and Sold out beside the disabled button', async () => {
    const shop = customer.page;
    const bhaji = shop.locator('[data-testid="product-card"][data-product-id="1"]');
    await bhaji.getByTestId('add-to-cart').waitFor();
    expect(await bhaji.getByTestId('few-left').count()).toBe(0);
    // The dish's own page, open in another tab, says the same, and shows its dietary tag and allergens.
    const productPage = await customer.context.newPage();
    await productPage.goto(`${server.baseUrl}/product/1`);
    const single = productPage.getByTestId('single-product');
    await single.getByTestId('add-to-cart').waitFor();
    await single.getByTestId('dietary-info').getByText('Vegetarian', { exact: true }).waitFor();
    await waitForText(single.getByTestId('allergens'), 'Contains Milk');
    expect(await single.getByTestId('few-left').count()).toBe(0);

    const page = manager.page;
    await page.getByRole('link', { name: 'Out of stock' }).click();
    const row = page.getByTestId('stock-row').filter({ has: page.getByRole('rowheader', { name: 'Onion Bhaji', exact: true }) });
    await row.getByLabel('New level of Onion Bhaji').fill('3');
    const [set] = await Promise.all([answerTo(page, '/api/stock/level'), row.getByRole('button', { name: 'Set the level of Onion Bhaji' }).click()]);
    expect(set.status()).toBe(200);
    await row.getByTestId('stock-units').getByText('3', { exact: true }).waitFor();
    // Each change is confirmed where it was made (issue 38 item 2).
    await row.getByRole('status').getByText('Set to 3', { exact: true }).waitFor();
    await expectAccessible(page, 'stock-sheet');
    await bhaji.getByTestId('few-left').getByText('Only 3 left').waitFor({ timeout: LIVE_CHANGE_MS });
    await single.getByTestId('few-left').getByText('Only 3 left').waitFor({ timeout: LIVE_CHANGE_MS });

    await row.getByLabel('New level of Onion Bhaji').fill('0');
    await row.getByRole('button', { name: 'Set the level of Onion Bhaji' }).click();
    await bhaji.getByTestId('sold-out').getByText('Sold out').waitFor({ timeout: LIVE_CHANGE_MS });
    const button = bhaji.getByTestId('add-to-cart');
    expect(await button.isDisabled()).toBe(true);
    expect(await button.getAttribute('title')).toBe('no more stock');
    await single.getByTestId('sold-out').getByText('Sold out').waitFor({ timeout: LIVE_CHANGE_MS });
    expect(await single.getByTestId('add-to-cart').isDisabled()).toBe(true);
    await productPage.close();

    // A negative or non-numeric restock is refused with the server's words, and nothing is sent.
    const restocks: string[] = [];
    const countRestock = (sent: { url(): string }) => void (sent.url().endsWith('/api/stock/restock') && restocks.push(sent.url()));
    page.on('request', countRestock);
    const addTo = row.getByLabel('Units to add to Onion Bhaji');
    for (const [typed, refusal] of [['-2', 'The units to add must be at least 1'], ['two', 'The units to add must be a whole number of units']]) {
      await addTo.fill(typed);
      await row.getByRole('button', { name: 'Add the units to Onion Bhaji' }).click();
      await row.getByRole('alert').getByText(refusal, { exact: true }).waitFor();
    }
    page.off('request', countRestock);
    expect(restocks).toEqual([]);
    await addTo.fill('20');
    await row.getByRole('button', { name: 'Add the units to Onion Bhaji' }).click();
    await row.getByTestId('stock-units').getByText('20', { exact: true }).waitFor();
    await row.getByRole('status').getByText('Added 20', { exact: true }).waitFor();
    expect(await row.getByRole('alert').count()).toBe(0);
    // The daily par level too: saved, then cleared again.
    const par = row.getByLabel('Daily par level of Onion Bhaji', { exact: true });
    await par.fill('12');
    await row.getByRole('button', { name: 'Save the daily par level of Onion Bhaji' }).click();
    await row.getByRole('status').getByText('Par level saved: 12', { exact: true }).waitFor();
    await par.fill('');
    await row.getByRole('button', { name: 'Save the daily par level of Onion Bhaji' }).click();
    await row.getByRole('status').getByText('Par level cleared', { exact: true }).waitFor();
    await bhaji.getByTestId('add-to-cart').and(shop.locator(':enabled')).waitFor({ timeout: LIVE_CHANGE_MS });
    expect(await bhaji.getByTestId('sold-out').count()).toBe(0);
  }, 180_000);

  it('a manager adds, renames and hides a category and archives a dish, and the customer’s open menu follows', async () => {
    const shop = customer.page;
    const page = manager.page;
    await page.getByRole('link', { name: 'Menu editor' }).click();
    const editor = page.getByTestId('categories-editor');
    await editor.getByLabel('New category').fill('Specials');
    const [created] = await Promise.all([answerTo(page, '/api/catalogue/categories'), editor.getByRole('button', { name: 'Add category' }).click()]);
    expect(created.status()).toBe(200);
    const categoryId = ((await created.json()) as { id: number }).id;
    await editor.getByLabel('Name of category Specials').fill('Chef’s Specials');
    const [renamed] = await Promise.all([answerTo(page, `/api/catalogue/categories/${categoryId}/rename`), editor.getByRole('button', { name: 'Rename Specials' }).click()]);
    expect(renamed.status()).toBe(200);
    await editor.getByLabel('Name of category Chef’s Specials').waitFor();
    // The dish form offers the new category by its new name.
    await page.getByTestId('dish-form').getByLabel('Category').locator('option', { hasText: 'Chef’s Specials' }).waitFor({ state: 'attached' });

    // Hidden, a category and its dishes leave the customer's open menu; shown again, they come back.
    const sides = shop.getByTestId('category-section').filter({ has: shop.getByRole('heading', { name: 'Sides & Drinks' }) });
    await sides.waitFor();
    // The switch follows the catalogue as saved, so it turns once the server has taken the change.
    const shown = editor.getByLabel('Show Sides & Drinks on the menu');
    const [hidden] = await Promise.all([answerTo(page, '/api/catalogue/categories/6/visibility'), shown.click()]);
    expect(hidden.status()).toBe(200);
    await shown.and(page.locator(':not(:checked)')).waitFor();
    await sides.waitFor({ state: 'detached', timeout: LIVE_CHANGE_MS });
    await shown.click();
    await shown.and(page.locator(':checked')).waitFor();
    await sides.waitFor({ timeout: LIVE_CHANGE_MS });

    // Archived from the editor, after the confirmation, a dish leaves the menu and the editor for good.
    const saag = shop.getByTestId('product-card').filter({ has: shop.getByRole('link', { name: 'Saag Paneer' }) });
    await saag.waitFor();
    const choice = page.getByLabel('Dish to edit');
    await choice.selectOption({ label: 'Saag Paneer – £8.50' });
    const form = page.getByTestId('dish-form');
    // The form takes the chosen dish after the choice has rendered: wait for it before archiving.
    const name = form.getByLabel('Name', { exact: true });
    await until(async () => (await name.inputValue()) === 'Saag Paneer', 'the dish form to show Saag Paneer');
    page.once('dialog', (dialog) => void dialog.accept());
    const [archived] = await Promise.all([answerTo(page, '/archive'), form.getByRole('button', { name: 'Archive dish' }).click()]);
    expect(archived.status()).toBe(200);
    await form.getByRole('button', { name: 'Add dish' }).waitFor();
    // Gone from the choice once the catalogue is fetched again (another answer than the form's reset).
    await choice.locator('option', { hasText: 'Saag Paneer' }).waitFor({ state: 'detached' });
    await saag.waitFor({ state: 'detached', timeout: LIVE_CHANGE_MS });
    await expectAccessible(page, 'categories-editor');
  }, 180_000);

  it('a manager checks and imports a menu CSV file; a menu page whose live channel connected after the change still shows it', async () => {
    // A customer's menu page whose live channel connects only after the import: the change is in neither its
    // first menu answer nor the channel, so the page must fetch the menu again when the channel opens.
    const late = await launchBrowser();
    try {
      const channel = await holdRequests(late.page, '**/events/menu');
      await late.page.goto(server.baseUrl);
      await late.page.locator(MENU_SHOWN).waitFor();

      const page = manager.page;
      await page.getByRole('link', { name: 'Menu editor' }).click();
      const header = 'kind,id,category,dish,name,short_desc,description,price_pence,vat_rate,virtual,status,hidden,allergens,vegetarian,vegan,spice,image,par_level';
      const row = (price: string, allergens: string) => `dish,,Breads,,Kashmiri Naan,Sweet,Naan with nuts and raisins,${price},standard,no,active,,${allergens},yes,no,0,,`;
      const file = (body: string) => ({ name: 'menu.csv', mimeType: 'text/csv', buffer: Buffer.from(`${header}\r\n${body}\r\n`) });

      await page.getByLabel('Menu file to import').setInputFiles(file(row('-1', 'nuts; chocolate')));
      await page.getByRole('button', { name: 'Check the file' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByText('The file has 1 problem; nothing was changed').waitFor();
      await dialog.getByTestId('menu-csv-problems').getByRole('cell', { name: 'allergens', exact: true }).waitFor();
      await dialog.getByRole('button', { name: 'Close' }).first().click();
      await dialog.waitFor({ state: 'detached' });
      await expectAccessible(page, 'menu-editor');

      await page.getByLabel('Menu file to import').setInputFiles(file(row('325', 'nuts; gluten')));
      await page.getByRole('button', { name: 'Check the file' }).click();
      await dialog.getByText('The file is fine: it makes 1 change').waitFor();
      await dialog.getByRole('button', { name: 'Close' }).first().click();
      const [imported] = await Promise.all([answerTo(page, '/api/catalogue/import'), page.getByRole('button', { name: 'Import the file' }).click()]);
      expect(imported.status()).toBe(200);
      await dialog.getByText('Imported: 1 change made').waitFor();
      await dialog.getByRole('button', { name: 'Close' }).first().click();

      // The page opened before the import has not heard of it; once its channel connects, it shows the dish.
      expect(await late.page.getByText('Kashmiri Naan').count()).toBe(0);
      channel.release();
      await late.page.getByText('Kashmiri Naan').first().waitFor({ timeout: LIVE_CHANGE_MS });
    } finally {
      await late.close();
    }
  }, 180_000);
  it('an admin opens the image picker from an editor, uploads a picture, describes it and inserts it into the opener (issue 39 item 4)', async () => {
    const page = manager.page;
    // The opener stands in for the in-place editor: a page of the shop listening for the picker's message.
    await page.goto(`${server.baseUrl}/takeaway-menu`);
    await page.getByTestId('categories-editor').waitFor();
    await page.evaluate(`window.picked = []; window.addEventListener('message', (event) => { if (event.origin === location.origin) window.picked.push(event.data); })`);
    const [popup] = await Promise.all([page.waitForEvent('popup'), page.evaluate(`void window.open(${JSON.stringify(imagePickerPath('editor-7'))}, 'image-picker', 'width=896,height=400')`)]);
    await popup.getByTestId('image-picker').waitFor();

    // Not a picture, whatever its name: the spec's alert, then the server's plain reason.
    const file = popup.getByLabel('Upload an image');
    await file.setInputFiles({ name: 'menu.png', mimeType: 'image/png', buffer: Buffer.from('this is a menu, not a picture') });
    await popup.getByTestId('upload-problem').getByText(`${MEDIA_TEXTS.uploadFailed}: This file is not a photo we can read`, { exact: false }).waitFor();

    await file.setInputFiles(photo);
    const chosen = popup.getByTestId('chosen-image');
    await chosen.getByRole('heading', { name: 'paneer' }).waitFor();
    await popup.getByRole('radio', { name: /paneer/ }).and(popup.locator(':checked')).waitFor();
    // Keyboard only: Insert without alt text is refused with the reason, and the focus goes to the field.
    const alt = chosen.getByLabel('Alt text', { exact: false });
    await chosen.getByRole('button', { name: 'Insert' }).focus();
    await popup.keyboard.press('Enter');
    await chosen.getByText(MEDIA_TEXTS.altRequired).waitFor();
    await until(async () => (await popup.evaluate('document.activeElement?.id')) === 'picker-alt', 'the alt text field has the focus');
    await expectAccessible(popup, 'image-picker');

    await popup.keyboard.type('Paneer in a copper pot');
    expect(await alt.inputValue()).toBe('Paneer in a copper pot');
    await Promise.all([popup.waitForEvent('close'), popup.keyboard.press('Enter')]);
    const picked = (await page.evaluate('window.picked')) as MediaPickedMessage[];
    expect(picked).toEqual([
      { type: 'media-picked', editorId: 'editor-7', image: { url: expect.stringMatching(/^\/uploads\/[0-9a-f]{32}-800\.webp$/), alt: 'Paneer in a copper pot', width: 800, height: 600 } },
    ]);

    // Anyone but an admin is shown the shop's usual refusal.
    await customer.page.goto(`${server.baseUrl}${imagePickerPath('editor-7')}`);
    await customer.page.getByText('Please log in').waitFor();
  }, 120_000);
});
