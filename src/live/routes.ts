import Router from '@koa/router';
import type { Context } from 'koa';
import { z } from 'zod';
import { DomainError } from '../core/errors';
import { requireRole } from '../identity/auth';
import { refuseWhenFull, type LiveStreamLimits } from '../limits';
import { singleLineText } from '../shared/text';
import { liveChannelPath, type LiveChannel } from '../shared/live-contract';
import { orderIdOfChannel } from '../shared/order-channel';
import { STAFF_ORDERS_CHANNEL } from '../shared/staff-channel';
import type { LiveKeyRing } from './live-keys';
import type { LiveHub } from './hub';

interface StreamDeps {
  hub: LiveHub;
  /** The caps on streams held open per client address and per session, on every instance (src/limits). */
  streams: LiveStreamLimits;
  /** The id of the session the request carries, if any: read from its cookie, the session itself left alone. */
  sessionOf: (ctx: Context) => string | undefined;
}

/**
 * Streams must not touch the session: koa-session would try to set a cookie after the headers went out. A stream
 * over its address's or session's cap is refused with a 429 before it opens; an open one counts until it closes.
 */
/** `authorise` checks a private channel's credential before any stream opens, and names the audience of one with audiences. */
function stream(deps: StreamDeps, channel: LiveChannel, authorise?: (ctx: Context) => Promise<string | undefined>) {
  return async (ctx: Context) => {
    const audience = await authorise?.(ctx);
    const slot = await deps.streams.open({ address: ctx.ip, session: deps.sessionOf(ctx) });
    refuseWhenFull(slot);
    if (ctx.res.closed) void slot.close();
    else ctx.res.once('close', () => void slot.close());
    ctx.respond = false;
    await deps.hub.attach(channel, ctx.req, ctx.res, (ctx.state.user as { id: string } | undefined)?.id, audience);
  };
}

// Not strict: the browser's EventSource polyfills may add their own Last-Event-ID parameter.
const privateStreamQuery = z.object({ auth: singleLineText({ max: 500, required: 'is missing' }) });
export const TOKEN_REFUSED = 'This live channel needs a fresh authorisation: ask /broadcasting/auth again';

export function liveRoutes(deps: StreamDeps & { keys: LiveKeyRing }) {
  const router = new Router();
  router.get(liveChannelPath('store'), stream(deps, 'store'));
  // The customers' menu (issue 16): catalogue changes and dishes selling out, coming back or running low.
  router.get(liveChannelPath('menu'), stream(deps, 'menu'));
  // The staff screens' orders (issue 30 item 1): a staff session, and a token from /broadcasting/auth signed with the
  // live channel's keys, so without keys no staff screen follows orders (and the store cannot open).
  router.get(
    liveChannelPath('orders'),
    requireRole('staff'),
    stream(deps, 'orders', async (ctx) => {
      const { auth } = privateStreamQuery.parse(ctx.query);
      if ((await deps.keys.channelOf(auth)) !== STAFF_ORDERS_CHANNEL) throw new DomainError('forbidden', TOKEN_REFUSED);
      return undefined;
    }),
  );
  // The checkout's own order (issue 17): the token from /broadcasting/auth is the credential, checked before any
  // stream opens; the session is not read, so the stream never touches it.
  router.get(
    liveChannelPath('order'),
    stream(deps, 'order', async (ctx) => {
      const { auth } = privateStreamQuery.parse(ctx.query);
      const channel = await deps.keys.channelOf(auth);
      const orderId = channel === undefined ? undefined : orderIdOfChannel(channel);
      if (!orderId) throw new DomainError('forbidden', TOKEN_REFUSED);
      return orderId;
    }),
  );
  return router;
}
