import Router from '@koa/router';
import { refuseWhenOver, type Limits } from '../limits';
import type { HumanCheck } from './verifier';

/** The challenge a browser fetches before a form that asks for a human check. */
export function humanCheckRoutes(deps: { humanCheck: HumanCheck; limits: Limits; now: () => Date }) {
  const router = new Router();
  router.get('/api/human-check', async (ctx) => {
    refuseWhenOver(await deps.limits.take('human_check_challenges', ctx.ip, deps.now()), 'human checks');
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await deps.humanCheck.challenge();
  });
  return router;
}
