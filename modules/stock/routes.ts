import type { Position } from '../../src/eventstore/types';
import Router from '@koa/router';
import { z } from 'zod';
import type { Clock } from '../../src/core/clock';
import { DomainError } from '../../src/core/errors';
import { commandContext } from '../../src/http/command-context';
import { requireRole } from '../../src/identity/auth';
import type { Services } from '../../src/services';
import { dishName } from '../../src/shared/menu';
import { stockUnitsProblem } from '../../src/shared/stock-units';
import type { DailyStock } from './daily-stock';
import { variantKey } from './decider';
import { createStockHandlers } from './handlers';

// The sheet checks what was typed with the same rule (src/shared/stock-units.ts).
const units = (name: string, min: number) =>
  z.number({ error: `${name} must be a whole number of units` }).superRefine((value, context) => {
    const problem = stockUnitsProblem(value, min, name);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  });
const dish = { productId: z.number().int().positive(), variantId: z.number().int().positive().nullable() };
const levelInput = z.strictObject({ ...dish, units: units('units', 0) });
const restockInput = z.strictObject({ ...dish, units: units('units', 1) });
const parInput = z.strictObject({ ...dish, parLevel: units('parLevel', 0).nullable() });

/** The dishes stock is kept for (the catalogue's editable list: the menu read model implements it). */
export interface StockDishes {
  forEditing(): Promise<{ products: Array<{ id: number; name: string; variants: Array<{ id: number; name: string }> }> }>;
}

/**
 * Stock is kept per variant for a dish that has them, else for the dish: why this dish or variant has no shelf row
 * of its own, or null when it has one.
 */
export function stockRowProblem(product: { name: string; variants: ReadonlyArray<{ id: number }> }, variantId: number | null): string | null {
  if (product.variants.length > 0 && !product.variants.some((variant) => variant.id === variantId)) return `${product.name} has variants: name the variant whose stock this is`;
  if (product.variants.length === 0 && variantId !== null) return `${product.name} has no variant ${variantId}`;
  return null;
}

/** Each shelf row of the menu read model: units and the par level, by product and variant key. */
export type StockLevels = () => Promise<Array<{ productId: number; variantKey: string; units: number; parLevel: number | null }>>;

/**
 * Stock for staff and managers (issue 16 item 2, the staff spec gives stock to both): the sheet of every dish
 * (and variant) with its units and par level, set a level, restock, and set or clear a daily par level.
 */
export function stockRoutes(deps: { services: Services; dishes: StockDishes; levels: StockLevels; daily: DailyStock; clock: Clock }) {
  const { services, dishes, levels, daily, clock } = deps;
  const stock = createStockHandlers(services.commands);
  const router = new Router();
  const staff = requireRole('staff');

  async function checkDish(productId: number, variantId: number | null) {
    const product = (await dishes.forEditing()).products.find((candidate) => candidate.id === productId);
    if (!product) throw new DomainError('not_found', `There is no dish ${productId}`);
    const problem = stockRowProblem(product, variantId);
    if (problem) throw new DomainError('invalid', problem);
  }

  router.get('/api/stock', staff, async (ctx) => {
    const [catalogue, rows] = await Promise.all([dishes.forEditing(), levels()]);
    const shelf = new Map(rows.map((row) => [`${row.productId}|${row.variantKey}`, row]));
    const items = catalogue.products.flatMap((product) =>
      (product.variants.length > 0 ? product.variants : [null]).map((variant) => {
        const row = shelf.get(`${product.id}|${variantKey(variant?.id ?? null)}`);
        return { productId: product.id, variantId: variant?.id ?? null, name: dishName(product.name, variant?.name), units: row?.units ?? 0, parLevel: row?.parLevel ?? null };
      }),
    );
    ctx.body = { status: true, items };
    ctx.set('Cache-Control', 'no-store');
  });

  /** A stock change for one dish or variant: parsed, checked against the catalogue, then read back on the menu. */
  const stockChange = <Input extends { productId: number; variantId: number | null }>(
    path: string,
    input: { parse(body: unknown): Input },
    change: (input: Input, context: ReturnType<typeof commandContext>) => Promise<{ position?: Position }>,
  ) =>
    router.post(path, staff, async (ctx) => {
      const parsed = input.parse(ctx.request.body);
      await checkDish(parsed.productId, parsed.variantId);
      const result = await change(parsed, commandContext(ctx, clock));
      await services.readModels.waitFor('menu', result.position);
      ctx.body = { status: true, message: '' };
    });

  stockChange('/api/stock/level', levelInput, (input, context) => stock.setLevel(input.productId, input.variantId, input.units, context));
  stockChange('/api/stock/restock', restockInput, (input, context) => stock.restock(input.productId, input.variantId, input.units, context));
  stockChange('/api/stock/par', parInput, (input, context) => daily.setParLevel(input.productId, input.variantId, input.parLevel, context));

  return router;
}
