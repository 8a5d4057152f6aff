import Router from '@koa/router';
import type { Menu } from './queries';
import type { MenuCache } from './cache';

/** GET /api/menu: the whole menu in one answer, serialised once per menu version. */
export function menuRoutes(deps: { menu: MenuCache }) {
  const router = new Router();
  const serialised = new WeakMap<Menu, string>();

  router.get('/api/menu', async (ctx) => {
    const menu = await deps.menu.get();
    let body = serialised.get(menu);
    if (body === undefined) {
      body = JSON.stringify({ status: true, categories: menu.categories, products: menu.products });
      serialised.set(menu, body);
    }
    ctx.type = 'application/json';
    ctx.set('Cache-Control', 'no-store');
    ctx.body = body;
  });

  return router;
}
