import Router from '@koa/router';
import { z } from 'zod';
import { requireCustomer } from '../../../src/identity/auth';
import type { User } from '../../../src/identity/users';
import { ACCOUNT_ORDERS_PAGE_SIZE, STAFF_HAVE_NO_ORDERS, type AccountOrdersAnswer, type ReorderAnswer } from '../../../src/shared/order-summary';
import type { Reorder } from './reorder';
import { orderSummaryOf, type AccountOrders } from './account-orders';

const orderIdParameter = z.strictObject({ id: z.uuid('must be an order id').transform((id) => id.toLowerCase()) });
const pageQuery = z.strictObject({
  page: z.coerce.number({ error: 'must be a page number' }).int('must be a page number').min(0, 'must be a page number').max(10_000, 'must be a page number').default(0),
});

/** The signed-in customer's own past orders, newest first, a page at a time (issue 33; the account page). */
export function accountOrderRoutes(deps: { orders: AccountOrders; reorder: Reorder }) {
  const router = new Router();

  router.get('/api/account/orders', requireCustomer(STAFF_HAVE_NO_ORDERS), async (ctx) => {
    const { page } = pageQuery.parse(ctx.query);
    const user = ctx.state.user as User;
    const rows = await deps.orders.page(user.id, page * ACCOUNT_ORDERS_PAGE_SIZE, ACCOUNT_ORDERS_PAGE_SIZE + 1);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = {
      status: true,
      orders: rows.slice(0, ACCOUNT_ORDERS_PAGE_SIZE).map(orderSummaryOf),
      page,
      hasMore: rows.length > ACCOUNT_ORDERS_PAGE_SIZE,
    } satisfies AccountOrdersAnswer;
  });

  // What ordering it again would add, and what changed since; the web app adds it through the basket's route.
  router.get('/api/account/orders/:id/reorder', requireCustomer(STAFF_HAVE_NO_ORDERS), async (ctx) => {
    const { id } = orderIdParameter.parse(ctx.params);
    const user = ctx.state.user as User;
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { status: true, lines: await deps.reorder.plan(id, user.id) } satisfies ReorderAnswer;
  });

  return router;
}
