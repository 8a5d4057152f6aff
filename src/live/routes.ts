import Router from '@koa/router';
import type { Context } from 'koa';
import { requireRole } from '../identity/auth';
import type { LiveHub } from './hub';

/** Streams must not touch the session: koa-session would try to set a cookie after the headers went out. */
function stream(hub: LiveHub, channel: string) {
  return async (ctx: Context) => {
    ctx.respond = false;
    await hub.attach(channel, ctx.req, ctx.res, (ctx.state.user as { id: string } | undefined)?.id);
  };
}

export function liveRoutes(deps: { hub: LiveHub }) {
  const router = new Router();
  router.get('/events/store', stream(deps.hub, 'store'));
  // The customers' menu (issue 16): catalogue changes and dishes selling out, coming back or running low.
  router.get('/events/menu', stream(deps.hub, 'menu'));
  router.get('/events/orders', requireRole('staff'), stream(deps.hub, 'orders'));
  return router;
}
