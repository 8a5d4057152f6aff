import { sql } from 'slonik';
import type { StoredEvent } from '../../src/eventstore/types';
import type { Projection, ProjectionContext } from '../../src/projections/types';
import { CATALOG_EVENT_TYPES, type CatalogEvent } from '../../modules/catalog';
import { STOCK_EVENT_TYPES, type StockEvent } from '../../modules/stock';
import { announce, batchTime } from './announce';
import { applyStockEvents } from './stock';

const STOCK_TYPES = new Set<string>(STOCK_EVENT_TYPES);

/** The menu as customers and staff see it: catalogue plus units on the shelf and units held in baskets. */
export const menuProjection: Projection = {
  name: 'menu',
  eventTypes: [...CATALOG_EVENT_TYPES, ...STOCK_EVENT_TYPES],
  tables: ['menu_categories', 'menu_products', 'menu_variants', 'menu_stock_levels', 'menu_stock_holds'],
  applyAll: applyMenu,
  apply: (event, context) => applyMenu([event], context),
};

type Tx = ProjectionContext['tx'];

/**
 * Catalogue events one by one (they are rare); the stock events of the batch, a busy evening's basket moves,
 * folded per product with the stock module's own fold and written at once (projections/menu/stock.ts).
 */
async function applyMenu(events: StoredEvent[], { tx, publish }: ProjectionContext): Promise<void> {
  const stock: StockEvent[] = [];
  for (const stored of events) {
    if (STOCK_TYPES.has(stored.type)) stock.push({ type: stored.type, data: stored.data } as StockEvent);
    else await applyCatalogueEvent(stored, tx);
  }
  const labelChanged = await applyStockEvents(tx, stock, batchTime(events));
  await announce(events, labelChanged, publish);
}

async function applyCatalogueEvent(stored: StoredEvent, tx: Tx): Promise<void> {
    const event = { type: stored.type, data: stored.data } as CatalogEvent;
    switch (event.type) {
      case 'CategoryAdded': {
        const { categoryId, name, position } = event.data;
        await tx.query(sql.unsafe`insert into menu_categories (id, name, position) values (${categoryId}, ${name}, ${position})`);
        return;
      }
      case 'CategoryRenamed':
        await tx.query(sql.unsafe`update menu_categories set name = ${event.data.name} where id = ${event.data.categoryId}`);
        return;
      case 'CategoriesReordered':
        await tx.query(sql.unsafe`
          update menu_categories c set position = o.position
            from ${sql.unnest(event.data.categoryIds.map((id: number, index: number) => [id, index + 1]), ['int4', 'int4'])} as o(id, position)
           where c.id = o.id`);
        return;
      case 'CategoryVisibilityChanged':
        await tx.query(sql.unsafe`update menu_categories set hidden = ${event.data.hidden} where id = ${event.data.categoryId}`);
        return;
      case 'ProductAdded': {
        const p = event.data;
        await tx.query(sql.unsafe`
          insert into menu_products (id, category_id, name, short_desc, description, price_pence, image, image_srcset, virtual, vat_rate,
                                     allergens, allergens_declared, vegetarian, vegan, spice, position, status)
          values (${p.productId}, ${p.categoryId}, ${p.name}, ${p.shortDescription}, ${p.description}, ${p.pricePence},
                  ${p.image}, ${p.imageSrcset}, ${p.virtual}, ${p.vatRate}, ${sql.array(p.allergens, 'text')}, ${p.allergensDeclared},
                  ${p.vegetarian}, ${p.vegan},
                  ${p.spice}, ${p.position}, 'active')`);
        return;
      }
      case 'ProductChanged': {
        const p = event.data;
        await tx.query(sql.unsafe`
          update menu_products
             set category_id = ${p.categoryId}, name = ${p.name}, short_desc = ${p.shortDescription}, description = ${p.description},
                 price_pence = ${p.pricePence}, image = ${p.image}, image_srcset = ${p.imageSrcset}, virtual = ${p.virtual},
                 vat_rate = ${p.vatRate}, allergens = ${sql.array(p.allergens, 'text')}, allergens_declared = ${p.allergensDeclared}, vegetarian = ${p.vegetarian}, vegan = ${p.vegan},
                 spice = ${p.spice}, position = ${p.position}
           where id = ${p.productId}`);
        return;
      }
      case 'ProductArchived':
        await tx.query(sql.unsafe`update menu_products set archived = true where id = ${event.data.productId}`);
        return;
      case 'ProductStatusChanged':
        await tx.query(sql.unsafe`update menu_products set status = ${event.data.status} where id = ${event.data.productId}`);
        return;
      case 'VariantAdded': {
        const v = event.data;
        await tx.query(sql.unsafe`
          insert into menu_variants (id, product_id, name, incremental_price_pence, weighting, allergens, allergens_declared, status)
          values (${v.variantId}, ${v.productId}, ${v.name}, ${v.incrementalPricePence}, ${v.weighting}, ${sql.array(v.allergens, 'text')},
                  ${v.allergensDeclared}, 'active')`);
        return;
      }
      case 'VariantChanged': {
        const v = event.data;
        await tx.query(sql.unsafe`
          update menu_variants set name = ${v.name}, incremental_price_pence = ${v.incrementalPricePence}, weighting = ${v.weighting},
                 allergens = ${sql.array(v.allergens, 'text')}, allergens_declared = ${v.allergensDeclared}
           where id = ${v.variantId}`);
        return;
      }
      case 'VariantStatusChanged':
        await tx.query(sql.unsafe`update menu_variants set status = ${event.data.status} where id = ${event.data.variantId}`);
        return;
      case 'VariantArchived':
        await tx.query(sql.unsafe`update menu_variants set archived = true where id = ${event.data.variantId}`);
        return;
      default: {
        const never: never = event;
        return never;
      }
    }
}
