import Router from '@koa/router';
import type { Context } from 'koa';
import { z } from 'zod';
import type { Clock } from '../core/clock';
import { DomainError } from '../core/errors';
import { requireRole } from '../identity/auth';
import { singleLineText } from '../shared/text';
import { orderIdOfChannel } from '../shared/order-channel';
import { channelOfToken } from './channel-token';
import type { LiveHub } from './hub';

/** Streams must not touch the session: koa-session would try to set a cookie after the headers went out. */
function stream(hub: LiveHub, channel: string, audienceOf?: (ctx: Context) => string) {
  return async (ctx: Context) => {
    const audience = audienceOf?.(ctx);
    ctx.respond = false;
    await hub.attach(channel, ctx.req, ctx.res, (ctx.state.user as { id: string } | undefined)?.id, audience);
  };
}

// Not strict: the browser's EventSource polyfills may add their own Last-Event-ID parameter.
const orderStreamQuery = z.object({ auth: singleLineText({ max: 500, required: 'is missing' }) });
export const TOKEN_REFUSED = 'This live channel needs a fresh authorisation: ask /broadcasting/auth again';

export function liveRoutes(deps: { hub: LiveHub; linkKey: string; clock: Clock }) {
  const router = new Router();
  router.get('/events/store', stream(deps.hub, 'store'));
  // The customers' menu (issue 16): catalogue changes and dishes selling out, coming back or running low.
  router.get('/events/menu', stream(deps.hub, 'menu'));
  router.get('/events/orders', requireRole('staff'), stream(deps.hub, 'orders'));
  // The checkout's own order (issue 17): the token from /broadcasting/auth is the credential, checked before any
  // stream opens; the session is not read, so the stream never touches it.
  router.get(
    '/events/order',
    stream(deps.hub, 'order', (ctx) => {
      const { auth } = orderStreamQuery.parse(ctx.query);
      const channel = channelOfToken(auth, deps.linkKey, deps.clock());
      const orderId = channel === undefined ? undefined : orderIdOfChannel(channel);
      if (!orderId) throw new DomainError('forbidden', TOKEN_REFUSED);
      return orderId;
    }),
  );
  return router;
}
