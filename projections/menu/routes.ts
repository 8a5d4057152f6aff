import Router from '@koa/router';
import { SharedAnswers } from '../../src/http/compression';
import type { Menu } from './queries';
import type { MenuCache } from './cache';

/** GET /api/menu: the whole menu in one answer, serialised and compressed once per menu version. */
export function menuRoutes(deps: { menu: MenuCache }) {
  const router = new Router();
  const answers = new SharedAnswers<Menu>();

  router.get('/api/menu', async (ctx) => {
    const menu = await deps.menu.get();
    answers.answerJson(ctx, menu, ({ categories, products }) => JSON.stringify({ status: true, categories, products }));
    ctx.set('Cache-Control', 'no-store');
  });

  return router;
}
