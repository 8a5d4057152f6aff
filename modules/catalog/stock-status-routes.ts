import Router from '@koa/router';
import { z } from 'zod';
import { noInput } from '../../src/http/inputs';
import type { Clock } from '../../src/core/clock';
import { commandContext } from '../../src/http/command-context';
import { requireRole } from '../../src/identity/auth';
import type { Services } from '../../src/services';
import type { CataloguePort } from './catalogue';
import { formatPence } from '../../src/shared/money';
import { stockStatusSwitches } from './stock-status';

const statusInput = z.strictObject({
  id: z.number().int().positive(),
  status: z.enum(['active', 'out-of-stock'], "status must be 'active' or 'out-of-stock'"),
});

/** The out-of-stock manager: staff take products and variants off the menu and put them back. */
export function stockStatusRoutes(deps: { services: Services; menu: CataloguePort; clock: Clock }) {
  const { menu, clock } = deps;
  const router = new Router();
  const staff = requireRole('staff');
  const switches = stockStatusSwitches(deps);

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
    await switches.setProductStatus(id, status, commandContext(ctx, clock));
    ctx.body = { status: true, message: '' };
  });

  router.post('/api/productVariant/update_status', staff, async (ctx) => {
    const { id, status } = statusInput.parse(ctx.request.body);
    await switches.setVariantStatus(id, status, commandContext(ctx, clock));
    ctx.body = { status: true, message: '' };
  });

  router.get('/api/settings/product_categories', staff, async (ctx) => {
    ctx.body = { status: true, value: (await menu.get()).categories.map((category) => category.name).join('\n') };
  });

  return router;
}
