import Router from '@koa/router';
import { z } from 'zod';
import { noInput } from '../../src/http/inputs';
import type { Clock } from '../../src/core/clock';
import { DomainError } from '../../src/core/errors';
import { commandContext } from '../../src/http/command-context';
import { requireRole } from '../../src/identity/auth';
import type { Services } from '../../src/services';
import type { CataloguePort } from './catalogue';
import { formatPence } from '../../src/shared/money';
import { productDecider } from './decider';
import { productStream } from './events';

const statusInput = z.strictObject({
  id: z.number().int().positive(),
  status: z.enum(['active', 'out-of-stock'], "status must be 'active' or 'out-of-stock'"),
});

/** The out-of-stock manager: staff take products and variants off the menu and put them back. */
export function stockStatusRoutes(deps: { services: Services; menu: CataloguePort; clock: Clock }) {
  const { services, menu, clock } = deps;
  const router = new Router();
  const staff = requireRole('staff');

  router.post('/api/oosProducts', staff, async (ctx) => {
    noInput.parse(ctx.request.body);
    const current = await menu.get();
    const products = current.products.map((product) => ({ id: product.id, name: product.name, price: product.price, stock: product.stock, status: product.status }));
    const variants = current.products.flatMap((product) =>
      product.variants.map((variant) => ({
        id: variant.id,
        name: variant.name,
        prod_name: product.name,
        combined_price: formatPence(product.price + variant.incremental_price),
        stock: variant.stock,
        status: variant.status,
      })),
    );
    // The spec's answer carries both lists as JSON strings.
    ctx.body = { status: true, products: JSON.stringify(products), variants: JSON.stringify(variants) };
  });

  router.post('/api/product/update_product_status', staff, async (ctx) => {
    const { id, status } = statusInput.parse(ctx.request.body);
    if (!(await menu.product(id))) throw new DomainError('not_found', `There is no product ${id}`);
    const result = await services.commands.handle(productStream(id), productDecider, { type: 'ChangeProductStatus', data: { productId: id, status } }, commandContext(ctx, clock));
    await services.readModels.waitFor('menu', result.position);
    ctx.body = { status: true, message: '' };
  });

  router.post('/api/productVariant/update_status', staff, async (ctx) => {
    const { id, status } = statusInput.parse(ctx.request.body);
    const owner = (await menu.get()).products.find((product) => product.variants.some((variant) => variant.id === id));
    if (!owner) throw new DomainError('not_found', `There is no product variant ${id}`);
    const result = await services.commands.handle(
      productStream(owner.id),
      productDecider,
      { type: 'ChangeVariantStatus', data: { productId: owner.id, variantId: id, status } },
      commandContext(ctx, clock),
    );
    await services.readModels.waitFor('menu', result.position);
    ctx.body = { status: true, message: '' };
  });

  router.get('/api/settings/product_categories', staff, async (ctx) => {
    ctx.body = { status: true, value: (await menu.get()).categories.map((category) => category.name).join('\n') };
  });

  return router;
}
