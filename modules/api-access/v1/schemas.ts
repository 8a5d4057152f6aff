import { z } from 'zod';
import type { MenuView } from '../../../src/shared/menu';
import type { KitchenOrder } from '../../../src/shared/order';
import { STORE_STATUSES } from '../../../src/shared/store-status';
import type { OrderCursor } from './ports';

/**
 * The public API's shapes (issue 41 item 4), one zod schema each: the routes parse their inputs with them and the
 * OpenAPI document is generated from the same ones (openapi.ts), so the two cannot drift.
 *
 * Every answer is `{ status: true, data }` (a list also has `next_cursor`); every failure `{ status: false, message }`
 * with its HTTP status, as everywhere in the shop.
 */
export const ApiError = z.object({ status: z.literal(false), message: z.string(), code: z.string().optional() });

const StockStatusSchema = z.enum(['active', 'out-of-stock']);
const ApiVariant = z.object({
  id: z.number().int(),
  name: z.string(),
  price: z.number().int().describe('pence, the dish and this size together'),
  status: StockStatusSchema,
  stock: z.number().int(),
  available: z.number().int().describe('stock less what baskets hold'),
});
const ApiProduct = z.object({
  id: z.number().int(),
  category_id: z.number().int(),
  name: z.string(),
  price: z.number().int().describe('pence'),
  status: StockStatusSchema,
  stock: z.number().int(),
  available: z.number().int(),
  variants: z.array(ApiVariant),
});
export const ApiMenu = z.object({ categories: z.array(z.object({ id: z.number().int(), name: z.string() })), products: z.array(ApiProduct) });
export type ApiMenu = z.infer<typeof ApiMenu>;

const ApiCustomer = z.object({
  full_name: z.string(),
  email: z.string(),
  phone_number: z.string(),
  address_1: z.string(),
  address_2: z.string(),
  address_3: z.string(),
  town_city: z.string(),
  postcode: z.string(),
  delivery_info: z.string(),
  allergy_info: z.string(),
  extra_info: z.string(),
});
export const ApiOrder = z.object({
  id: z.uuid(),
  ref: z.string(),
  status: z.string().describe('AWAITING-PAYMENT, NEW, PRINTED, NOTIFIED, COMPLETE, LAPSED, CANCELLED'),
  method: z.string().nullable().describe('COLLECT or DELIVER'),
  payment_method: z.string().nullable(),
  placed_at: z.string().nullable(),
  paid_at: z.string().nullable(),
  due_by: z.string().nullable(),
  notified_at: z.string().nullable(),
  completed_at: z.string().nullable(),
  scheduled_for: z.string().nullable(),
  items_total: z.number().int().describe('pence'),
  postage: z.number().int().nullable(),
  voucher_deduction: z.number().int(),
  total: z.number().int().describe('pence'),
  refunded: z.number().int(),
  items: z.array(z.object({ product_id: z.number().int(), variant_id: z.number().int().nullable(), name: z.string(), quantity: z.number().int(), price: z.number().int() })),
  customer: ApiCustomer.nullable().describe('null unless the token has the orders:read:personal scope'),
});
export type ApiOrder = z.infer<typeof ApiOrder>;

export const answerOf = <T extends z.ZodType>(data: T) => z.object({ status: z.literal(true), data });
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ status: z.literal(true), data: z.array(item), next_cursor: z.string().nullable().describe('pass as cursor for the next page; null on the last') });
export const Done = z.object({ status: z.literal(true) });

export const OrderParams = z.object({ id: z.uuid('id must be an order id') });
export const ItemParams = z.object({ id: z.coerce.number('id must be a number').int('id must be a whole number').positive('id must be 1 or more').max(2_147_483_647) });
export const OrdersQuery = z.object({
  day: z.iso.date('day must be a date, YYYY-MM-DD').optional().describe('a trading day; all days when left out'),
  cursor: z.string().regex(/^[A-Za-z0-9_-]{1,200}$/, 'cursor must be one the API gave').optional(),
  limit: z.coerce.number('limit must be a number').int('limit must be a whole number').min(1, 'limit must be 1 or more').max(100, 'limit must be at most 100').default(50),
});
export const StoreStatusInput = z.strictObject({ status: z.enum(STORE_STATUSES, `status must be one of ${STORE_STATUSES.join(', ')}`) });
export const DeliveryInput = z.strictObject({ delivering: z.boolean('delivering must be true or false') });
export const AvailabilityInput = z.strictObject({ status: StockStatusSchema });

export function apiMenuOf(menu: MenuView): ApiMenu {
  return {
    categories: menu.categories.map((category) => ({ id: category.id, name: category.name })),
    products: menu.products.map((product) => ({
      id: product.id,
      category_id: product.category_id,
      name: product.name,
      price: product.price,
      status: product.status,
      stock: product.stock,
      available: product.available,
      variants: product.variants.map((variant) => ({
        id: variant.id,
        name: variant.name,
        price: product.price + variant.incremental_price,
        status: variant.status,
        stock: variant.stock,
        available: variant.available,
      })),
    })),
  };
}

/** An order for the API; the customer's details only with `personal` (the orders:read:personal scope). */
export function apiOrderOf(order: KitchenOrder, personal: boolean): ApiOrder {
  return {
    id: order.id,
    ref: order.ref,
    status: order.status,
    method: order.ta_method,
    payment_method: order.payment_method,
    placed_at: order.updated_at,
    paid_at: order.paid_at,
    due_by: order.due_by,
    notified_at: order.notified_at,
    completed_at: order.completed_at,
    scheduled_for: order.scheduled_for,
    items_total: order.items_total,
    postage: order.postage,
    voucher_deduction: order.voucher_deduction,
    total: order.total_cost,
    refunded: order.refunded,
    items: order.order_items.map((item) => ({ product_id: item.product_id, variant_id: item.variant_id, name: item.name, quantity: item.quantity, price: item.price })),
    customer: personal
      ? {
          full_name: order.full_name,
          email: order.email,
          phone_number: order.phone_number,
          address_1: order.address_1,
          address_2: order.address_2,
          address_3: order.address_3,
          town_city: order.town_city,
          postcode: order.postcode,
          delivery_info: order.delivery_info,
          allergy_info: order.allergy_info,
          extra_info: order.extra_info,
        }
      : null,
  };
}

/** The cursor is the last order's place in the list, opaque to the caller. */
export const cursorText = (cursor: OrderCursor) => Buffer.from(JSON.stringify([cursor.at, cursor.id])).toString('base64url');
const CursorShape = z.tuple([z.iso.datetime(), z.uuid()]);
export function cursorOf(text: string): OrderCursor | null {
  try {
    const [at, id] = CursorShape.parse(JSON.parse(Buffer.from(text, 'base64url').toString('utf8')));
    return { at, id };
  } catch {
    return null;
  }
}
