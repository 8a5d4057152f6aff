import Router from '@koa/router';
import { z } from 'zod';
import type { Clock } from '../../src/core/clock';
import { requireRole } from '../../src/identity/auth';
import { requireRecentPassword } from '../../src/identity/step-up';
import { ORDER_REF_PATTERN } from '../../src/shared/order-timeline';
import type { Timeline } from './timeline';

const orderId = z.uuid('This is not an order id');
const refQuery = z.object({ ref: z.string().trim().regex(ORDER_REF_PATTERN, 'Type the order’s reference: eight letters and digits, as on the ticket') });

/**
 * An order's timeline (issue 40 item 1): managers see it with personal fields masked; an admin who entered their
 * password in the last few minutes (step-up) sees them at `/personal`. Staff below a manager get a 403 on both.
 */
export function timelineRoutes(deps: { timeline: Timeline; clock: Clock }) {
  const router = new Router();
  router.get('/api/order-search', requireRole('manager'), async (ctx) => {
    const { ref } = refQuery.parse(ctx.query);
    ctx.body = { status: true, orders: await deps.timeline.find(ref) };
  });
  router.get('/api/orders/:orderId/timeline', requireRole('manager'), async (ctx) => {
    ctx.body = { status: true, timeline: await deps.timeline.of(orderId.parse(ctx.params.orderId), { showPersonal: false }) };
  });
  router.get('/api/orders/:orderId/timeline/personal', requireRole('admin'), requireRecentPassword(deps.clock), async (ctx) => {
    ctx.body = { status: true, timeline: await deps.timeline.of(orderId.parse(ctx.params.orderId), { showPersonal: true }) };
  });
  return router;
}
