import { randomUUID } from 'node:crypto';
import { sql } from 'slonik';
import { menuProjection } from '../../projections/menu/projection';
import { ORIGIN, type NewEvent } from '../../src/eventstore/types';
import { EventNotValid } from '../../src/eventstore/versioned-store';
import { applyBatch } from '../../src/projections/runner';
import { versionedShops, type VersionedShop } from '../support/versioned-shops';
import { productDecider } from '../../modules/catalog/decider';
import type { ProductEvent } from '../../modules/catalog';
import { loadCatalogue } from '../../projections/menu/queries';

const at = '2026-07-20T18:00:00.000Z';
const event = (type: string, data: unknown): NewEvent => ({ id: randomUUID(), type, data, metadata: { actor: 'system', at, correlationId: 'c', causationId: 'c' } });
const category = { categoryId: 1, name: 'Starters', position: 1 };
const issue16Fields = { vatRate: 'standard', imageSrcset: null, allergens: [], allergensDeclared: false, vegetarian: false, vegan: false, spice: 0 };
/** Issue 39: the description is rich text, marked as such; a plain one written before reads as escaped paragraphs. */
const issue39Fields = { description: '<p>Crisp</p>', descriptionFormat: 'html' };
const dish = { productId: 1, categoryId: 1, name: 'Onion Bhaji', shortDescription: 'Four fritters', description: 'Crisp', pricePence: 395, image: null, virtual: false, position: 1 };

/** Issue 16: ProductAdded carries a VAT rate, a photo srcset, allergens and dietary tags; older dishes get the defaults. */
describe('ProductAdded without a VAT rate (written before issue 16)', () => {
  const shops = versionedShops();
  async function replayedDish(shop: VersionedShop): Promise<unknown> {
    await shop.pool.query(sql.unsafe`insert into projection_checkpoints (name, position) values ('menu', ${ORIGIN})`);
    await applyBatch(shop.pool, menuProjection, await shop.store.readAll({ after: ORIGIN, limit: 100 }), ORIGIN);
    return shop.pool.one(sql.unsafe`select name, price_pence, vat_rate, image_srcset, archived, allergens, vegetarian from menu_products where id = 1`);
  }

  it('reads as standard-rated with one picture, and replays to the same row as one written today', async () => {
    const before = await shops.open();
    await before.raw.append('categories-main', [event('CategoryAdded', category)], { expectedRevision: 'no_stream' });
    await before.raw.append('catalog-1', [event('ProductAdded', dish)], { expectedRevision: 'no_stream' });
    const today = await shops.open();
    await today.store.append('categories-main', [event('CategoryAdded', category)], { expectedRevision: 'no_stream' });
    await today.store.append('catalog-1', [event('ProductAdded', { ...dish, ...issue16Fields, ...issue39Fields })], { expectedRevision: 'no_stream' });

    const [read] = (await before.store.read('catalog-1')).events;
    expect(read.data).toEqual({ ...dish, ...issue16Fields, ...issue39Fields });
    const expected = { name: 'Onion Bhaji', price_pence: 395, vat_rate: 'standard', image_srcset: null, archived: false, allergens: [], vegetarian: false };
    expect(await replayedDish(before)).toEqual(expected);
    expect(await replayedDish(today)).toEqual(expected);
  });

  it('is refused when written today: the decider always says the rate', async () => {
    const shop = await shops.open();
    await expect(shop.store.append('catalog-1', [event('ProductAdded', dish)], { expectedRevision: 'no_stream' })).rejects.toThrow(EventNotValid);
  });
});

const allergenDish = (productId: number, name: string, allergens: string[]) => ({
  productId, categoryId: 1, name, shortDescription: '', description: '', pricePence: 950, image: null, imageSrcset: null, virtual: false, vatRate: 'standard',
  allergens, vegetarian: false, vegan: false, spice: 0, position: productId,
});
const large = { productId: 2, variantId: 1, name: 'Large', incrementalPricePence: 300, weighting: 1, allergens: [] as string[] };

/**
 * A store as issue 16 wrote it, before the declared state (issue 27): Korma with milk and nuts, a dish that said
 * "none" only because nobody filled it in, changed once, and its variant. The shape and order of events every
 * shop today has; `extra` is what today's events add.
 */
function history(extra: { allergensDeclared?: false }, dishExtra: { descriptionFormat?: 'html' } = {}): Array<[string, NewEvent]> {
  return [
    ['categories-main', event('CategoryAdded', { categoryId: 1, name: 'Curries', position: 1 })],
    ['catalog-1', event('ProductAdded', { ...allergenDish(1, 'Chicken Korma', ['milk', 'nuts']), ...extra, ...dishExtra })],
    ['catalog-2', event('ProductAdded', { ...allergenDish(2, 'Saag Paneer', []), ...extra, ...dishExtra })],
    ['catalog-2', event('ProductChanged', { ...allergenDish(2, 'Saag Paneer', []), pricePence: 850, ...extra, ...dishExtra })],
    ['catalog-2', event('VariantAdded', { ...large, ...extra })],
    ['catalog-2', event('VariantChanged', { ...large, allergens: ['mustard'], ...extra })],
  ];
}

async function write(store: VersionedShop['raw'] | VersionedShop['store'], events: Array<[string, NewEvent]>): Promise<void> {
  for (const [stream, stored] of events) await store.append(stream, [stored], { expectedRevision: 'any' });
}

/** What a replay of the menu projection from the start gives: the rows, and the menu's answer. */
async function replayed(shop: VersionedShop) {
  await shop.pool.query(sql.unsafe`insert into projection_checkpoints (name, position) values ('menu', ${ORIGIN})`);
  await applyBatch(shop.pool, menuProjection, await shop.store.readAll({ after: ORIGIN, limit: 100 }), ORIGIN);
  const rows = await shop.pool.any(sql.unsafe`
    select 'dish' as kind, id, allergens, allergens_declared from menu_products
    union all select 'variant', id, allergens, allergens_declared from menu_variants order by kind, id`);
  const answer = (await loadCatalogue(shop.pool)).products.map(({ name, allergens, allergens_declared, variants }) => ({
    name, allergens, allergens_declared, variants: variants.map((variant) => ({ name: variant.name, allergens: variant.allergens, allergens_declared: variant.allergens_declared })),
  }));
  return { rows, answer };
}

describe('dishes and variants stored before allergens were declared (issue 27)', () => {
  const shops = versionedShops();

  it('replays with every dish and variant not declared, keeping Korma’s milk and nuts, as a store written today', async () => {
    const before = await shops.open();
    await write(before.raw, history({}));
    const today = await shops.open();
    await write(today.store, history({ allergensDeclared: false }, { descriptionFormat: 'html' }));

    const expected = {
      rows: [
        { kind: 'dish', id: 1, allergens: ['milk', 'nuts'], allergens_declared: false },
        { kind: 'dish', id: 2, allergens: [], allergens_declared: false },
        { kind: 'variant', id: 1, allergens: ['mustard'], allergens_declared: false },
      ],
      answer: [
        { name: 'Chicken Korma', allergens: ['milk', 'nuts'], allergens_declared: false, variants: [] },
        { name: 'Saag Paneer', allergens: [], allergens_declared: false, variants: [{ name: 'Large', allergens: ['mustard'], allergens_declared: false }] },
      ],
    };
    expect(await replayed(before)).toEqual(expected);
    expect(await replayed(today)).toEqual(expected);

    // The decider folds the old stream to the same state as today's.
    const fold = async (shop: VersionedShop, stream: string) =>
      (await shop.store.read(stream)).events.reduce((state, stored) => productDecider.evolve(state, stored as unknown as ProductEvent), productDecider.initialState);
    for (const stream of ['catalog-1', 'catalog-2']) expect(await fold(before, stream)).toEqual(await fold(today, stream));
    expect(await fold(before, 'catalog-1')).toMatchObject({ product: { allergens: ['milk', 'nuts'], allergensDeclared: false } });

    // Written today, an event must say the state: the decider always does.
    await expect(today.store.append('catalog-3', [event('ProductAdded', { ...allergenDish(3, 'Chana Masala', []), descriptionFormat: 'html' })], { expectedRevision: 'no_stream' })).rejects.toThrow(EventNotValid);
    await expect(today.store.append('catalog-2', [event('VariantAdded', { ...large, variantId: 2 })], { expectedRevision: 'any' })).rejects.toThrow(EventNotValid);
  });
});
describe('descriptions stored before rich text (issue 39)', () => {
  const shops = versionedShops();

  it('replay as escaped paragraphs, the same row as the rich text written today', async () => {
    const plain = { ...dish, ...issue16Fields, description: 'Fish & chips\n<b>hot</b>' };
    const before = await shops.open();
    await write(before.raw, [['categories-main', event('CategoryAdded', category)], ['catalog-1', event('ProductAdded', plain)]]);
    const today = await shops.open();
    const html = '<p>Fish &amp; chips</p><p>&lt;b&gt;hot&lt;/b&gt;</p>';
    await write(today.store, [['categories-main', event('CategoryAdded', category)], ['catalog-1', event('ProductAdded', { ...plain, description: html, descriptionFormat: 'html' })]]);
    for (const shop of [before, today]) {
      await replayed(shop);
      expect(await shop.pool.oneFirst(sql.unsafe`select description from menu_products where id = 1`)).toBe(html);
    }
    await expect(today.store.append('catalog-2', [event('ProductAdded', { ...plain, productId: 2 })], { expectedRevision: 'no_stream' })).rejects.toThrow(EventNotValid);
  });
});
