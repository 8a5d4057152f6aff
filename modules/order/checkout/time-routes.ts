import Router from '@koa/router';
import { z } from 'zod';
import type { Clock } from '../../../src/core/clock';
import { commandContext } from '../../../src/http/command-context';
import type { Checkout } from './checkout';
import { orderIdOf } from './routes';

/** A slot as the browser sends it back: any ISO instant, compared with the offered ones in their own spelling. */
const timeInput = z.strictObject({ scheduled_for: z.iso.datetime({ offset: true }).transform((at) => new Date(at).toISOString()).nullable() });

/**
 * When the order is for (issue 37): `GET /api/orderSlots` answers the wait for as soon as possible and the slots
 * with room now; `POST /api/orderTime` chooses one (null: as soon as possible) for the session's order.
 */
export function orderTimeRoutes(deps: { checkout: Checkout; clock: Clock }) {
  const { checkout, clock } = deps;
  const router = new Router();

  router.get('/api/orderSlots', async (ctx) => {
    const offer = await checkout.time.offer();
    ctx.body = { status: true, asap_minutes: offer.waitMinutes, slots: offer.slots };
  });

  router.post('/api/orderTime', async (ctx) => {
    const input = timeInput.parse(ctx.request.body);
    const orderId = orderIdOf(ctx);
    await checkout.time.choose(orderId, input.scheduled_for, commandContext(ctx, clock));
    ctx.body = { status: true, message: '', order: await checkout.fetch(orderId) };
  });

  return router;
}
