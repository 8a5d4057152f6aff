import Router from '@koa/router';
import type { Context } from 'koa';
import { z } from 'zod';
import type { Clock } from '../../src/core/clock';
import { DomainError } from '../../src/core/errors';
import { commandContext } from '../../src/http/command-context';
import { noInput } from '../../src/http/inputs';
import { requireRole } from '../../src/identity/auth';
import { RICH_TEXT_MAX_CHARS } from '../../src/shared/rich-text-allow-list';
import { multiLineText, singleLineText } from '../../src/shared/text';
import { VAT_RATES } from './events';
import { ALLERGENS, MAX_SPICE } from '../../src/shared/allergens';
import type { CatalogueCommands, DishInput, VariantInput } from './handlers';
import { DISH_IMAGE } from './image-links';
import { stockUnitsProblem } from '../stock';

const wholePence = (name: string) => z.number({ error: `${name} must be a whole number of pence` }).int(`${name} must be a whole number of pence`);

const allergenList = z
  .array(z.enum(ALLERGENS, `allergens are ${ALLERGENS.join(', ')}`))
  .max(ALLERGENS.length)
  .refine((list) => new Set(list).size === list.length, 'name each allergen once');
const categoryName = z.strictObject({ name: singleLineText({ max: 60, required: 'A category needs a name' }) });
const visibility = z.strictObject({ hidden: z.boolean() });
const order = z.strictObject({ categoryIds: z.array(z.number().int().positive()).min(1).max(500) });
const dishInput = z.strictObject({
  category_id: z.number().int().positive(),
  name: singleLineText({ max: 100, required: 'A dish needs a name' }),
  short_desc: singleLineText({ max: 200 }),
  description: multiLineText({ max: RICH_TEXT_MAX_CHARS }),
  price: wholePence('price'),
  image: singleLineText({ max: 200 }).refine((link) => DISH_IMAGE.test(link), 'must be a photo uploaded here').nullable(),
  virtual: z.boolean(),
  vat_rate: z.enum(VAT_RATES, "vat_rate must be 'standard' or 'zero'"),
  allergens: allergenList,
  /** Issue 27: false means nobody has checked; `allergens` then lists only what is known to be there. */
  allergens_declared: z.boolean().default(false),
  vegetarian: z.boolean(),
  vegan: z.boolean(),
  spice: z.number().int().min(0).max(MAX_SPICE, `spice is 0 (none) to ${MAX_SPICE}`),
});
/** A new dish's form also asks for its opening stock (issue 38 item 3); the stock sheet's rule for units. */
const newDishInput = dishInput.extend({
  opening_stock: z
    .number({ error: 'opening_stock must be a whole number of units' })
    .superRefine((units, context) => {
      const problem = stockUnitsProblem(units, 0, 'opening_stock');
      if (problem) context.addIssue({ code: 'custom', message: problem });
    })
    .optional(),
});
const variantInput = z.strictObject({
  name: singleLineText({ max: 60, required: 'A variant needs a name' }),
  incremental_price: wholePence('incremental_price'),
  weighting: z.number().int().min(0).max(10_000).optional(),
  allergens: allergenList.default([]),
  allergens_declared: z.boolean().default(false),
});

/** A numeric id in the path; anything else is no such thing. */
function idParameter(ctx: Context, name = 'id'): number {
  const value = ctx.params[name];
  if (!/^[1-9][0-9]{0,8}$/.test(value ?? '')) throw new DomainError('invalid', `${name}: must be a number`);
  return Number(value);
}

const toDish = (body: z.infer<typeof dishInput>): DishInput => ({
  categoryId: body.category_id,
  name: body.name,
  shortDescription: body.short_desc,
  description: body.description,
  pricePence: body.price,
  image: body.image,
  virtual: body.virtual,
  vatRate: body.vat_rate,
  allergens: body.allergens,
  allergensDeclared: body.allergens_declared,
  vegetarian: body.vegetarian,
  vegan: body.vegan,
  spice: body.spice,
});

const toVariant = (body: z.infer<typeof variantInput>): VariantInput => ({
  name: body.name,
  incrementalPricePence: body.incremental_price,
  weighting: body.weighting,
  allergens: body.allergens,
  allergensDeclared: body.allergens_declared,
});

/**
 * The catalogue for managers (issue 16 item 1): categories, dishes and variants. Bodies are parsed before the
 * path's id, so a field with bad text is named as that field.
 */
export function catalogueRoutes(deps: { catalogue: CatalogueCommands; clock: Clock }) {
  const { catalogue, clock } = deps;
  const router = new Router();
  const manager = requireRole('manager');
  const done = (ctx: Context, extra: Record<string, unknown> = {}) => {
    ctx.body = { status: true, message: '', ...extra };
  };

  router.get('/api/catalogue', manager, async (ctx) => {
    const { categories, products } = await catalogue.forEditing();
    ctx.body = { status: true, categories, products };
    ctx.set('Cache-Control', 'no-store');
  });

  router.post('/api/catalogue/categories', manager, async (ctx) => {
    const { name } = categoryName.parse(ctx.request.body);
    done(ctx, { id: await catalogue.addCategory(name, commandContext(ctx, clock)) });
  });

  router.post('/api/catalogue/categories/order', manager, async (ctx) => {
    const { categoryIds } = order.parse(ctx.request.body);
    await catalogue.reorderCategories(categoryIds, commandContext(ctx, clock));
    done(ctx);
  });

  router.post('/api/catalogue/categories/:id/rename', manager, async (ctx) => {
    const { name } = categoryName.parse(ctx.request.body);
    await catalogue.renameCategory(idParameter(ctx), name, commandContext(ctx, clock));
    done(ctx);
  });

  router.post('/api/catalogue/categories/:id/visibility', manager, async (ctx) => {
    const { hidden } = visibility.parse(ctx.request.body);
    await catalogue.setCategoryHidden(idParameter(ctx), hidden, commandContext(ctx, clock));
    done(ctx);
  });

  router.post('/api/catalogue/dishes', manager, async (ctx) => {
    const { opening_stock: openingStock, ...body } = newDishInput.parse(ctx.request.body);
    const context = commandContext(ctx, clock);
    const id = await catalogue.addDish(toDish(body), context);
    if (openingStock !== undefined) await catalogue.setOpeningStock(id, openingStock, context);
    done(ctx, { id });
  });

  router.post('/api/catalogue/dishes/:id', manager, async (ctx) => {
    const dish = toDish(dishInput.parse(ctx.request.body));
    await catalogue.changeDish(idParameter(ctx), dish, commandContext(ctx, clock));
    done(ctx);
  });

  router.post('/api/catalogue/dishes/:id/archive', manager, async (ctx) => {
    noInput.parse(ctx.request.body);
    await catalogue.archiveDish(idParameter(ctx), commandContext(ctx, clock));
    done(ctx);
  });

  router.post('/api/catalogue/dishes/:id/variants', manager, async (ctx) => {
    const variant = toVariant(variantInput.parse(ctx.request.body));
    const id = await catalogue.addVariant(idParameter(ctx), variant, commandContext(ctx, clock));
    done(ctx, { id });
  });

  router.post('/api/catalogue/variants/:id/archive', manager, async (ctx) => {
    noInput.parse(ctx.request.body);
    await catalogue.archiveVariant(idParameter(ctx), commandContext(ctx, clock));
    done(ctx);
  });

  router.post('/api/catalogue/variants/:id', manager, async (ctx) => {
    const variant = toVariant(variantInput.parse(ctx.request.body));
    await catalogue.changeVariant(idParameter(ctx), variant, commandContext(ctx, clock));
    done(ctx);
  });

  return router;
}
