import sharp from 'sharp';
import request from 'supertest';
import { productStream } from '../../modules/catalog';
import { DEMO_MENU } from '../../modules/catalog/demo-menu';
import { startTestServer, type TestServer } from '../support/server';
import { managerAndStaffCookies, sameOrigin } from './http';
import { shopper } from './shopper';

/** Issue 16 item 1: every catalogue command over HTTP, with bad input refused and nothing stored for it. */
describe('catalogue commands', () => {
  let server: TestServer;
  let manager: string;
  let staff: string;

  const post = (path: string, body: unknown, cookie = manager) => request(server.baseUrl).post(path).set(sameOrigin(server)).set('Cookie', cookie).send(body as object);
  const menu = async () => (await request(server.baseUrl).get('/api/menu').expect(200)).body;
  const editable = async () => (await request(server.baseUrl).get('/api/catalogue').set('Cookie', manager).expect(200)).body;
  const eventsOf = async (stream: string) => (await server.shop.store.read(stream)).events.map((event) => event.type);
  const dish = (overrides: Record<string, unknown> = {}) => ({
    category_id: 1, name: 'Tarka Dal', short_desc: 'Yellow lentils', description: 'Lentils with\nfried garlic', price: 450, image: null, virtual: false, vat_rate: 'standard',
    allergens: ['mustard'], vegetarian: true, vegan: false, spice: 2, ...overrides,
  });

  beforeAll(async () => {
    server = await startTestServer();
    ({ manager, staff } = await managerAndStaffCookies(server));
  }, 180_000);
  afterAll(async () => {
    await server?.stop();
  });

  describe('categories', () => {
    it('creates, renames, reorders, hides and shows a category, and the menu follows', async () => {
      const created = await post('/api/catalogue/categories', { name: ' Specials ' }).expect(200);
      const id = created.body.id as number;
      expect((await menu()).categories.at(-1)).toEqual({ id, name: 'Specials', position: 7 });

      await post(`/api/catalogue/categories/${id}/rename`, { name: 'Chef’s specials' }).expect(200);
      const order = [id, ...(await menu()).categories.map((category: { id: number }) => category.id).filter((other: number) => other !== id)];
      await post('/api/catalogue/categories/order', { categoryIds: order }).expect(200);
      expect((await menu()).categories[0]).toMatchObject({ id, name: 'Chef’s specials', position: 1 });

      const starters = (await menu()).products.filter((product: { category_id: number }) => product.category_id === 1).length;
      expect(starters).toBeGreaterThan(0);
      await post('/api/catalogue/categories/1/visibility', { hidden: true }).expect(200);
      const hidden = await menu();
      expect(hidden.categories.map((category: { id: number }) => category.id)).not.toContain(1);
      expect(hidden.products.filter((product: { category_id: number }) => product.category_id === 1)).toEqual([]);
      expect((await editable()).categories.find((category: { id: number }) => category.id === 1)).toMatchObject({ hidden: true });
      await post('/api/catalogue/categories/1/visibility', { hidden: false }).expect(200);
      expect((await menu()).products.filter((product: { category_id: number }) => product.category_id === 1)).toHaveLength(starters);
    });

    it('refuses an empty name, a name another category has, an order that leaves one out, an unknown category', async () => {
      const before = await eventsOf('categories-main');
      expect((await post('/api/catalogue/categories', { name: '   ' }).expect(400)).body.message).toBe('name: A category needs a name');
      expect((await post('/api/catalogue/categories', { name: 'starters' }).expect(409)).body.message).toBe('There is already a category named starters');
      expect((await post('/api/catalogue/categories/2/rename', { name: 'STARTERS' }).expect(409)).body.message).toMatch('already a category');
      expect((await post('/api/catalogue/categories/order', { categoryIds: [1, 2] }).expect(400)).body.message).toBe('The new order must name every category once');
      expect((await post('/api/catalogue/categories/999/rename', { name: 'Nothing' }).expect(404)).body.message).toBe('That category does not exist');
      await post('/api/catalogue/categories/abc/visibility', { hidden: true }).expect(400);
      await post('/api/catalogue/categories', { name: 'Extra', position: 1 }).expect(400);
      expect(await eventsOf('categories-main')).toEqual(before);
    });
  });

  describe('dishes and variants', () => {
    it('adds a dish with its VAT rate, changes it, and archives it', async () => {
      const added = await post('/api/catalogue/dishes', dish({ vat_rate: 'zero', virtual: true })).expect(200);
      const id = added.body.id as number;
      expect((await menu()).products.find((product: { id: number }) => product.id === id)).toMatchObject({
        name: 'Tarka Dal', short_desc: 'Yellow lentils', description: 'Lentils with\nfried garlic', price: 450, vat_rate: 'zero', virtual: true, category_id: 1, image: null, image_srcset: null, status: 'active', available: 0,
        allergens: ['mustard'], vegetarian: true, vegan: false, spice: 2,
      });
      await post(`/api/catalogue/dishes/${id}`, dish({ name: 'Dal Makhani', price: 595, category_id: 3 })).expect(200);
      expect((await menu()).products.find((product: { id: number }) => product.id === id)).toMatchObject({ name: 'Dal Makhani', price: 595, vat_rate: 'standard', category_id: 3 });
      await post(`/api/catalogue/dishes/${id}/archive`, {}).expect(200);
      expect((await menu()).products.map((product: { id: number }) => product.id)).not.toContain(id);
      expect((await editable()).products.map((product: { id: number }) => product.id)).not.toContain(id);
      expect(await eventsOf(productStream(id))).toEqual(['ProductAdded', 'ProductChanged', 'ProductArchived']);
      await post(`/api/catalogue/dishes/${id}`, dish()).expect(404);
      // An archived dish cannot be put in a basket.
      await request(server.baseUrl).post('/api/moveProductStockToBasket').set(sameOrigin(server)).send({ id, quantity: 1 }).expect((response) => expect(response.status).toBeGreaterThanOrEqual(400));
    });

    it('a dish archived while in a basket: saving the basket is refused clearly, its units go back, and the rest orders', async () => {
      const id = (await post('/api/catalogue/dishes', dish({ name: 'Lemon Rice' })).expect(200)).body.id as number;
      await post('/api/stock/level', { productId: id, variantId: null, units: 5 }).expect(200);
      const customer = shopper(server);
      await customer.add(id).expect(200);
      await customer.add(1).expect(200);

      await post(`/api/catalogue/dishes/${id}/archive`, {}).expect(200);
      const refused = await customer.save().expect(409);
      expect(refused.body.message).toBe('Sorry, a dish in your basket is no longer on the menu, so we have taken it out: please check your basket before you order');
      const stock = (await server.shop.store.read(`stock-${id}`)).events.map((event) => event.type);
      expect(stock.slice(-2)).toEqual(['StockReserved', 'StockReturned']);
      const basket = (await customer.post('/api/getCartFromSession').expect(200)).body;
      expect(basket.cartItems.map((item: { id: number }) => item.id)).toEqual([1]);
      await customer.save().expect(200);
    });

    it('a price change reaches a basket holding the dish, and not an order already saved (README, Prices)', async () => {
      const id = (await post('/api/catalogue/dishes', dish({ name: 'Jeera Rice', price: 450 })).expect(200)).body.id as number;
      await post('/api/stock/level', { productId: id, variantId: null, units: 5 }).expect(200);
      const customer = shopper(server);
      await customer.add(id).expect(200);
      const basketPrice = async () => (await customer.post('/api/getCartFromSession').expect(200)).body.cartItems.find((item: { id: number }) => item.id === id).price;
      expect(await basketPrice()).toBe(450);

      // Until the order is saved, the basket follows the menu.
      await post(`/api/catalogue/dishes/${id}`, dish({ name: 'Jeera Rice', price: 600 })).expect(200);
      expect(await basketPrice()).toBe(600);
      const saved = await customer.save().expect(200);
      expect(saved.body.order).toMatchObject({ items_total: 600, items: [{ id, price: 600 }] });

      // Saved, the order keeps the price it was saved at, through to its placing and after.
      await post(`/api/catalogue/dishes/${id}`, dish({ name: 'Jeera Rice', price: 800 })).expect(200);
      expect((await menu()).products.find((product: { id: number }) => product.id === id).price).toBe(800);
      await customer.method('COLLECT', -60, 540).expect(200);
      await customer.form({ email: 'jeera@example.com', full_name: 'Kim Lee', phone_number: '07911 123470' }).expect(200);
      await customer.payByPhone().expect(200);
      const placed = await customer.complete().expect(200);
      expect(placed.body.order).toMatchObject({ status: 'AWAITING-PAYMENT', items_total: 600, total_cost: 540, items: [{ id, price: 600 }] });
      expect((await customer.post('/api/fetchOrder').expect(200)).body.order).toMatchObject({ items_total: 600, items: [{ id, price: 600 }] });
    });

    it('refuses an empty name, a negative or broken price, a name the category has, an unknown category or VAT rate, and a photo not uploaded', async () => {
      const before = (await editable()).products.length;
      const refusals = [
        [dish({ name: '' }), 400, 'name: A dish needs a name'],
        [dish({ price: -1 }), 400, 'A price must be a whole number of pence, 0 or more'],
        [dish({ price: 4.5 }), 400, 'price: price must be a whole number of pence'],
        [dish({ price: '450' }), 400, 'price: price must be a whole number of pence'],
        [dish({ name: 'onion bhaji' }), 409, 'There is already a dish in this category named onion bhaji'],
        [dish({ category_id: 999 }), 404, 'There is no category 999'],
        [dish({ vat_rate: 'reduced' }), 400, "vat_rate: vat_rate must be 'standard' or 'zero'"],
        [dish({ image: 'https://elsewhere.example/x.jpg' }), 400, 'image: must be a photo uploaded here'],
        [dish({ image: `/uploads/${'a'.repeat(32)}-640.webp` }), 400, 'image: that photo was not uploaded here; upload it again'],
        [{ ...dish(), extra: 1 }, 400, expect.stringContaining('')],
        [dish({ allergens: ['milk', 'gravel'] }), 400, expect.stringMatching(/^allergens: allergens are celery, gluten/)],
        [dish({ allergens: ['milk', 'milk'] }), 400, 'allergens: name each allergen once'],
        [dish({ vegan: true, allergens: ['milk'] }), 400, 'A vegan dish cannot contain milk or eggs'],
        [dish({ spice: 4 }), 400, 'spice: spice is 0 (none) to 3'],
        // Issue 38 item 3: the opening stock, by the stock sheet's rule.
        [{ ...dish(), opening_stock: -1 }, 400, 'opening_stock: opening_stock must be at least 0'],
        [{ ...dish(), opening_stock: 'lots' }, 400, 'opening_stock: opening_stock must be a whole number of units'],
      ] as const;
      for (const [body, status, message] of refusals) {
        const response = await post('/api/catalogue/dishes', body);
        expect({ body, status: response.status, message: response.body.message }).toEqual({ body, status, message });
      }
      expect((await editable()).products).toHaveLength(before);
    });

    it('adds variants with zero and negative adjustments, refusing one that makes the dish negative or repeats a name', async () => {
      const id = (await post('/api/catalogue/dishes', dish({ name: 'Thali', price: 900 })).expect(200)).body.id as number;
      const regular = (await post(`/api/catalogue/dishes/${id}/variants`, { name: 'Regular', incremental_price: 0 }).expect(200)).body.id as number;
      const small = (await post(`/api/catalogue/dishes/${id}/variants`, { name: 'Small', incremental_price: -300, allergens: ['sesame'] }).expect(200)).body.id as number;
      expect((await post(`/api/catalogue/dishes/${id}/variants`, { name: 'Tiny', incremental_price: -901 }).expect(400)).body.message).toBe(
        'The variant Tiny would make the dish cost less than nothing',
      );
      expect((await post(`/api/catalogue/dishes/${id}/variants`, { name: 'small', incremental_price: 0 }).expect(409)).body.message).toBe('There is already a variant of this dish named small');
      expect((await post(`/api/catalogue/dishes/${id}/variants`, { name: ' ', incremental_price: 0 }).expect(400)).body.message).toBe('name: A variant needs a name');
      await post(`/api/catalogue/dishes/999/variants`, { name: 'Large', incremental_price: 0 }).expect(404);
      // Lowering the dish's price below what a variant takes off is refused too.
      expect((await post(`/api/catalogue/dishes/${id}`, dish({ name: 'Thali', price: 299 })).expect(400)).body.message).toMatch('Small would make the dish cost less');

      await post(`/api/catalogue/variants/${small}`, { name: 'Half', incremental_price: -450, weighting: 0 }).expect(200);
      await post(`/api/catalogue/variants/${regular}`, { name: 'Half', incremental_price: 0 }).expect(409);
      await post('/api/catalogue/variants/99999', { name: 'Large', incremental_price: 0 }).expect(404);
      const thali = (await menu()).products.find((product: { id: number }) => product.id === id);
      expect(thali.variants.map((variant: { id: number; name: string; incremental_price: number; allergens: string[] }) => [variant.id, variant.name, variant.incremental_price, variant.allergens])).toEqual([
        [small, 'Half', -450, []],
        [regular, 'Regular', 0, []],
      ]);
      expect(await eventsOf(productStream(id))).toEqual(['ProductAdded', 'VariantAdded', 'VariantAdded', 'VariantChanged']);

      // Archived as a dish is (issue 38 item 3): off the menu and the editor, once; its name free again.
      await post(`/api/catalogue/variants/${small}/archive`, {}).expect(200);
      expect((await post(`/api/catalogue/variants/${small}/archive`, {}).expect(404)).body.message).toBe(`There is no variant ${small}`);
      expect((await menu()).products.find((product: { id: number }) => product.id === id).variants.map((variant: { id: number }) => variant.id)).toEqual([regular]);
      expect((await editable()).products.find((product: { id: number }) => product.id === id).variants.map((variant: { id: number }) => variant.id)).toEqual([regular]);
      await post(`/api/catalogue/dishes/${id}/variants`, { name: 'Half', incremental_price: -100 }).expect(200);
      expect((await eventsOf(productStream(id))).slice(4, 6)).toEqual(['VariantArchived', 'VariantAdded']);
    });

    it('a new dish starts with the opening stock it is given (issue 38 item 3)', async () => {
      const id = (await post('/api/catalogue/dishes', { ...dish({ name: 'Pilau Rice' }), opening_stock: 15 }).expect(200)).body.id as number;
      expect((await menu()).products.find((product: { id: number }) => product.id === id)).toMatchObject({ name: 'Pilau Rice', available: 15 });
    });

    it('shows an uploaded photo with every stored width for srcset', async () => {
      const jpeg = await sharp({ create: { width: 900, height: 700, channels: 3, background: { r: 10, g: 120, b: 60 } } }).jpeg().toBuffer();
      const uploaded = await request(server.baseUrl).post('/api/uploadImage').set(sameOrigin(server)).set('Cookie', manager).attach('file', jpeg, { filename: 'dal.jpg', contentType: 'image/jpeg' }).expect(200);
      const id = (await post('/api/catalogue/dishes', dish({ name: 'Photo Dal', image: uploaded.body.filelink })).expect(200)).body.id as number;
      const shown = (await menu()).products.find((product: { id: number }) => product.id === id);
      expect(shown.image).toBe(uploaded.body.filelink);
      expect(shown.image_srcset).toBe(uploaded.body.srcset);
      expect(shown.image_srcset).toMatch(/-320\.webp 320w, .*-640\.webp 640w, .*-900\.webp 900w$/);
    });

    it('lets staff keep away from the catalogue', async () => {
      await post('/api/catalogue/dishes', dish({ name: 'Staff Dal' }), staff).expect(403);
    });
  });

  describe('allergens declared or not (issue 27)', () => {
    type Facts = { name: string; virtual?: boolean; allergens: string[]; allergens_declared: boolean };
    const DEMO_DISHES = DEMO_MENU.flatMap((category) => category.products).length;
    type Dish = Facts & { id: number; variants: Facts[] };

    it('the menu and the editor carry the state of every dish and variant; the demo declares every food dish', async () => {
      for (const products of [(await menu()).products, (await editable()).products] as Dish[][]) {
        const all = products.flatMap((product) => [product, ...product.variants]);
        expect(all.filter((entry) => typeof entry.allergens_declared !== 'boolean')).toEqual([]);
        const demo = products.filter((product) => product.id <= DEMO_DISHES);
        expect(demo.filter((product) => product.allergens_declared !== !product.virtual).map((product) => product.name)).toEqual([]);
        const variants = demo.filter((product) => !product.virtual).flatMap((product) => product.variants);
        expect(variants.length).toBeGreaterThan(0);
        expect(variants.filter((variant) => !variant.allergens_declared)).toEqual([]);
      }
      const korma = ((await menu()).products as Dish[]).find((product) => product.name === 'Chicken Korma');
      expect(korma).toMatchObject({ allergens: ['milk', 'nuts'], allergens_declared: true });
    });

    it('a new dish or variant starts not declared; declaring "none" is saved with who and when, and read back', async () => {
      const id = (await post('/api/catalogue/dishes', dish({ name: 'Unchecked Dal', allergens: [] })).expect(200)).body.id as number;
      const variant = (await post(`/api/catalogue/dishes/${id}/variants`, { name: 'Large', incremental_price: 100 }).expect(200)).body.id as number;
      const facts = async () =>
        [(await menu()).products, (await editable()).products].map((products: Dish[]) => {
          const found = products.find((product) => product.id === id)!;
          return [found.allergens_declared, found.variants[0].allergens_declared];
        });
      expect(await facts()).toEqual([[false, false], [false, false]]);

      await post(`/api/catalogue/dishes/${id}`, dish({ name: 'Unchecked Dal', allergens: [], allergens_declared: true })).expect(200);
      await post(`/api/catalogue/variants/${variant}`, { name: 'Large', incremental_price: 100, allergens_declared: true }).expect(200);
      expect(await facts()).toEqual([[true, true], [true, true]]);
      const { events } = await server.shop.store.read(productStream(id));
      const declaring = events.filter((event) => (event.data as { allergensDeclared?: boolean }).allergensDeclared === true);
      expect(declaring.map((event) => event.type)).toEqual(['ProductChanged', 'VariantChanged']);
      for (const event of declaring) {
        expect(event.metadata.actor).toMatch(/^[0-9a-f-]{36}$/);
        expect(Date.parse(event.metadata.at)).not.toBeNaN();
      }
      expect((await post(`/api/catalogue/dishes/${id}`, dish({ name: 'Unchecked Dal', allergens_declared: 'yes' })).expect(400)).body.message).toMatch(/^allergens_declared/);
    });
  });
});
