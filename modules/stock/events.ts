import { z } from 'zod';

const productId = z.number().int().positive();
/** null for a product without variants. */
const variantId = z.number().int().positive().nullable();
const cartId = z.string().uuid();
const units = z.number().int().nonnegative();
const quantity = z.number().int().positive();
const instant = z.string().datetime();

export const StockLevelSet = z.object({
  type: z.literal('StockLevelSet'),
  data: z.object({ productId, variantId, units }),
});
/**
 * `reservedAt`: when these units went in. A hold's lifetime runs from its first unit (see the stock decider);
 * events stored before the field existed have none.
 */
export const StockReserved = z.object({
  type: z.literal('StockReserved'),
  data: z.object({ productId, variantId, cartId, quantity, holdUntil: instant, reservedAt: instant.optional() }),
});
export const StockReturned = z.object({
  type: z.literal('StockReturned'),
  data: z.object({ productId, variantId, cartId, quantity }),
});
export const StockHoldRenewed = z.object({
  type: z.literal('StockHoldRenewed'),
  data: z.object({ productId, variantId, cartId, holdUntil: instant }),
});
export const StockHoldExpired = z.object({
  type: z.literal('StockHoldExpired'),
  data: z.object({ productId, variantId, cartId, quantity }),
});
export const StockSold = z.object({
  type: z.literal('StockSold'),
  data: z.object({ productId, variantId, cartId, orderId: z.string(), quantity }),
});

/** A sale undone before the order was placed (another line of the same order could not be sold). */
export const StockSaleCancelled = z.object({
  type: z.literal('StockSaleCancelled'),
  data: z.object({ productId, variantId, orderId: z.string(), quantity }),
});

/** Units brought in (a delivery, the evening's cooking): added to what is on the shelf. */
export const StockRestocked = z.object({
  type: z.literal('StockRestocked'),
  data: z.object({ productId, variantId, units: quantity }),
});
/** The level each trading day starts with; null: none (the level stays as the day before left it). */
export const StockParLevelSet = z.object({
  type: z.literal('StockParLevelSet'),
  data: z.object({ productId, variantId, parLevel: units.nullable() }),
});
const tradingDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
/** A trading day began with the par level on the shelf (once per day and dish: see the dailyStock process). */
export const StockDayStarted = z.object({
  type: z.literal('StockDayStarted'),
  data: z.object({ productId, variantId, tradingDay, units }),
});
/** On the stream `stockdays-main`: the day whose start sets every par level, and when it starts. */
export const StockDayScheduled = z.object({
  type: z.literal('StockDayScheduled'),
  data: z.object({ tradingDay, startsAt: instant }),
});

export type StockLevelSet = z.infer<typeof StockLevelSet>;
export type StockRestocked = z.infer<typeof StockRestocked>;
export type StockParLevelSet = z.infer<typeof StockParLevelSet>;
export type StockDayStarted = z.infer<typeof StockDayStarted>;
export type StockDayScheduled = z.infer<typeof StockDayScheduled>;
export type StockReserved = z.infer<typeof StockReserved>;
export type StockReturned = z.infer<typeof StockReturned>;
export type StockHoldRenewed = z.infer<typeof StockHoldRenewed>;
export type StockHoldExpired = z.infer<typeof StockHoldExpired>;
export type StockSold = z.infer<typeof StockSold>;
export type StockSaleCancelled = z.infer<typeof StockSaleCancelled>;

export type StockEvent =
  | StockLevelSet
  | StockReserved
  | StockReturned
  | StockHoldRenewed
  | StockHoldExpired
  | StockSold
  | StockSaleCancelled
  | StockRestocked
  | StockParLevelSet
  | StockDayStarted;

export const STOCK_EVENT_TYPES = [
  'StockLevelSet',
  'StockReserved',
  'StockReturned',
  'StockHoldRenewed',
  'StockHoldExpired',
  'StockSold',
  'StockSaleCancelled',
  'StockRestocked',
  'StockParLevelSet',
  'StockDayStarted',
] as const;

export const STOCK_DAYS_STREAM = 'stockdays-main';

export const stockStream = (productId: number) => `stock-${productId}`;

/** Every event type's schema: appends are parsed against it (outside production). */
export const STOCK_EVENT_SCHEMAS = {
  StockLevelSet,
  StockReserved,
  StockReturned,
  StockHoldRenewed,
  StockHoldExpired,
  StockSold,
  StockSaleCancelled,
  StockRestocked,
  StockParLevelSet,
  StockDayStarted,
  StockDayScheduled,
} satisfies Record<(typeof STOCK_EVENT_TYPES)[number] | 'StockDayScheduled', z.ZodType>;
