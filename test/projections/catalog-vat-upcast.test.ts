import { randomUUID } from 'node:crypto';
import { sql } from 'slonik';
import { menuProjection } from '../../projections/menu/projection';
import { ORIGIN, type NewEvent } from '../../src/eventstore/types';
import { EventNotValid } from '../../src/eventstore/versioned-store';
import { applyBatch } from '../../src/projections/runner';
import { versionedShops, type VersionedShop } from '../support/versioned-shops';

const at = '2026-07-20T18:00:00.000Z';
const event = (type: string, data: unknown): NewEvent => ({ id: randomUUID(), type, data, metadata: { actor: 'system', at, correlationId: 'c', causationId: 'c' } });
const category = { categoryId: 1, name: 'Starters', position: 1 };
const issue16Fields = { vatRate: 'standard', imageSrcset: null, allergens: [], allergensDeclared: false, vegetarian: false, vegan: false, spice: 0 };
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
    await today.store.append('catalog-1', [event('ProductAdded', { ...dish, ...issue16Fields })], { expectedRevision: 'no_stream' });

    const [read] = (await before.store.read('catalog-1')).events;
    expect(read.data).toEqual({ ...dish, ...issue16Fields });
    const expected = { name: 'Onion Bhaji', price_pence: 395, vat_rate: 'standard', image_srcset: null, archived: false, allergens: [], vegetarian: false };
    expect(await replayedDish(before)).toEqual(expected);
    expect(await replayedDish(today)).toEqual(expected);
  });

  it('is refused when written today: the decider always says the rate', async () => {
    const shop = await shops.open();
    await expect(shop.store.append('catalog-1', [event('ProductAdded', dish)], { expectedRevision: 'no_stream' })).rejects.toThrow(EventNotValid);
  });
});
