import { sql } from 'slonik';
import type { StoredEvent } from '../../src/eventstore/types';
import type { Projection } from '../../src/projections/types';
import { CATALOG_EVENT_TYPES, type CatalogEvent } from '../../modules/catalog';
import { STOCK_EVENT_TYPES, variantKey, type StockEvent } from '../../modules/stock';
import { applyAndAnnounce } from './announce';
import { applyMenuBatch, setParLevel } from './batch';

type MenuEvent = CatalogEvent | StockEvent;

/** The menu as customers and staff see it: catalogue plus units on the shelf and units held in baskets. */
export const menuProjection: Projection = {
  name: 'menu',
  eventTypes: [...CATALOG_EVENT_TYPES, ...STOCK_EVENT_TYPES],
  tables: ['menu_categories', 'menu_products', 'menu_variants', 'menu_stock_levels', 'menu_stock_holds'],
  applyAll: (events, context) => applyAndAnnounce(events, context, () => applyMenuBatch(events, context.tx, (event) => applyEvent(event, context.tx))),
  apply: (event, context) => applyAndAnnounce([event], context, () => applyEvent(event, context.tx)),
};

type Tx = Parameters<Projection['apply']>[1]['tx'];

async function applyEvent(stored: StoredEvent, tx: Tx): Promise<void> {
    const event = { type: stored.type, data: stored.data } as MenuEvent;
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
      case 'StockLevelSet':
        await tx.query(sql.unsafe`
          insert into menu_stock_levels (product_id, variant_key, units)
          values (${event.data.productId}, ${variantKey(event.data.variantId)}, ${event.data.units})
          on conflict (product_id, variant_key) do update set units = excluded.units`);
        return;
      case 'StockReserved':
        await tx.query(sql.unsafe`
          insert into menu_stock_holds (product_id, variant_key, cart_id, quantity, hold_until)
          values (${event.data.productId}, ${variantKey(event.data.variantId)}, ${event.data.cartId}, ${event.data.quantity},
                  ${event.data.holdUntil})
          on conflict (product_id, variant_key, cart_id)
          do update set quantity = menu_stock_holds.quantity + excluded.quantity, hold_until = excluded.hold_until`);
        return;
      case 'StockHoldRenewed':
        await tx.query(sql.unsafe`
          update menu_stock_holds set hold_until = ${event.data.holdUntil}
           where product_id = ${event.data.productId} and variant_key = ${variantKey(event.data.variantId)}
             and cart_id = ${event.data.cartId}`);
        return;
      case 'StockReturned':
      case 'StockHoldExpired':
        await reduceHold(tx, event.data.productId, event.data.variantId, event.data.cartId, event.data.quantity);
        return;
      case 'StockSold':
        await reduceHold(tx, event.data.productId, event.data.variantId, event.data.cartId, event.data.quantity);
        await tx.query(sql.unsafe`
          update menu_stock_levels set units = greatest(0, units - ${event.data.quantity})
           where product_id = ${event.data.productId} and variant_key = ${variantKey(event.data.variantId)}`);
        return;
      case 'StockRestocked':
        await tx.query(sql.unsafe`
          insert into menu_stock_levels (product_id, variant_key, units)
          values (${event.data.productId}, ${variantKey(event.data.variantId)}, ${event.data.units})
          on conflict (product_id, variant_key) do update set units = menu_stock_levels.units + excluded.units`);
        return;
      case 'StockDayStarted':
        await tx.query(sql.unsafe`
          insert into menu_stock_levels (product_id, variant_key, units)
          values (${event.data.productId}, ${variantKey(event.data.variantId)}, ${event.data.units})
          on conflict (product_id, variant_key) do update set units = excluded.units`);
        return;
      case 'StockParLevelSet':
        await setParLevel(tx, event.data);
        return;
      case 'StockSaleCancelled':
        await tx.query(sql.unsafe`
          update menu_stock_levels set units = units + ${event.data.quantity}
           where product_id = ${event.data.productId} and variant_key = ${variantKey(event.data.variantId)}`);
        return;
      default: {
        const never: never = event;
        return never;
      }
    }
}

async function reduceHold(tx: Tx, productId: number, variantId: number | null, cartId: string, quantity: number) {
  const key = variantKey(variantId);
  await tx.query(sql.unsafe`
    update menu_stock_holds set quantity = quantity - ${quantity}
     where product_id = ${productId} and variant_key = ${key} and cart_id = ${cartId}`);
  await tx.query(sql.unsafe`
    delete from menu_stock_holds
     where product_id = ${productId} and variant_key = ${key} and cart_id = ${cartId} and quantity <= 0`);
}
