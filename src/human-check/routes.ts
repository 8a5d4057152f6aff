import Router from '@koa/router';
import type { HumanCheck } from './verifier';

/** The challenge a browser fetches before a form that asks for a human check. */
export function humanCheckRoutes(deps: { humanCheck: HumanCheck }) {
  const router = new Router();
  router.get('/api/human-check', async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await deps.humanCheck.challenge();
  });
  return router;
}
