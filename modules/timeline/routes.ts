import Router from '@koa/router';
import { z } from 'zod';
import type { Clock } from '../../src/core/clock';
import { requireRole } from '../../src/identity/auth';
import { requireRecentPassword } from '../../src/identity/step-up';
import { ORDER_REF_PATTERN } from '../../src/shared/order-timeline';
import type { StreamBrowser } from './stream-browser';
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

const category = z.string().regex(/^[a-z][a-zA-Z0-9]{0,39}$/, 'category must be a stream category, such as order');
const streamName = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_:.+-]{0,199}$/, 'stream must be a stream’s name');
const revision = z.coerce.number('from must be a revision').int('from must be a revision').min(0).max(Number.MAX_SAFE_INTEGER);
const limit = (max: number) => z.coerce.number('limit must be a number').int('limit must be whole').min(1, 'limit must be at least 1').max(max, `limit must be at most ${max}`);
const streamsQuery = z.object({ category, after: streamName.optional(), limit: limit(200).default(50) });
const pageQuery = z.object({
  direction: z.enum(['forwards', 'backwards'], 'direction must be forwards or backwards').default('forwards'),
  from: revision.optional(),
  limit: limit(200).default(20),
  type: z.string().regex(/^[A-Za-z][A-Za-z0-9]{0,79}$/, 'type must be an event type').optional(),
  since: z.iso.datetime({ offset: true, error: 'since must be an ISO date and time' }).optional(),
  until: z.iso.datetime({ offset: true, error: 'until must be an ISO date and time' }).optional(),
});

/** The stream browser (issue 40 item 2): admins only, read-only, personal fields masked. */
export function streamBrowserRoutes(deps: { browser: StreamBrowser }) {
  const router = new Router();
  router.get('/api/streams/categories', requireRole('admin'), async (ctx) => {
    ctx.body = { status: true, categories: await deps.browser.categories() };
  });
  router.get('/api/streams', requireRole('admin'), async (ctx) => {
    const query = streamsQuery.parse(ctx.query);
    ctx.body = { status: true, streams: await deps.browser.streams(query.category, query.after, query.limit) };
  });
  router.get('/api/streams/:stream/events', requireRole('admin'), async (ctx) => {
    const stream = streamName.parse(ctx.params.stream);
    ctx.body = { status: true, page: await deps.browser.page(stream, pageQuery.parse(ctx.query)) };
  });
  return router;
}
