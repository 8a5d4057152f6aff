import Router from '@koa/router';
import { z } from 'zod';
import type { Clock } from '../../../src/core/clock';
import { commandContext } from '../../../src/http/command-context';
import { TICKET_CSP } from '../../../src/http/security-headers';
import { linkIsValid, signLink } from '../../../src/http/signed-links';
import { requireRole } from '../../../src/identity/auth';
import { dishAllergens, type CataloguePort } from '../../catalog';
import type { KitchenOrders } from './kitchen-orders';
import type { SettingsSource } from '../../../src/services';
import { readSettings } from '../../store';
import type { Kitchen } from './kitchen';
import { ticketCopy, ticketHtml, ticketIsDuplicate, ticketPrintData, type TicketOptions } from './ticket';

const orderId = z.string().uuid('orderId must be an order id');
const printInput = z.strictObject({ orderId, status: z.literal('PRINTED').optional(), via: z.enum(['browser', 'bluetooth', 'marked']).default('browser') });
const idInput = z.strictObject({ id: orderId });
const orderIdInput = z.strictObject({ orderId });
/** A ticket page may name the printed copy it shows (the print answers with it), so a first print is not a reprint. */
const ticketQuery = z.object({ copy: z.coerce.number('copy must be a number').int().min(1, 'copy must be 1 or more').max(10_000).optional() });

/** The live-orders screen's calls; staff and above only. */
/** How long a printer app may fetch a ticket through its signed link. */
const PRINT_LINK_MINUTES = 10;

export function kitchenRoutes(deps: { kitchen: Kitchen; orders: KitchenOrders; settings: SettingsSource; clock: Clock; menu: CataloguePort; linkKey: string }) {
  const { kitchen, clock } = deps;
  const router = new Router();
  const staff = requireRole('staff');

  async function ticketOptions(duplicate: boolean): Promise<TicketOptions> {
    const settings = await readSettings(deps.settings, ['site_name', 'bt_print_logo', 'ta_print_categories']);
    const [menu, catalogue] = await Promise.all([deps.menu.get(), deps.menu.catalogue()]);
    const categories = new Map(menu.categories.map((category) => [category.id, category.name]));
    const productCategory = new Map(menu.products.map((product) => [product.id, categories.get(product.category_id)]));
    return {
      siteName: settings.site_name as string,
      logo: (settings.bt_print_logo as string) || null,
      categories: String(settings.ta_print_categories ?? '').split('\n').map((name) => name.trim()).filter(Boolean),
      categoryOf: (productId) => productCategory.get(productId),
      allergensOf: (productId, variantId) => dishAllergens(catalogue, productId, variantId),
      duplicate,
    };
  }

  router.get('/api/todaysOrders', staff, async (ctx) => {
    ctx.body = await deps.orders.today(clock());
  });

  router.get('/api/todaysOrderTally', staff, async (ctx) => {
    ctx.body = await deps.orders.tally(clock());
  });

  router.get('/api/fetchOrder/:id', staff, async (ctx) => {
    const order = await kitchen.order(orderId.parse(ctx.params.id));
    ctx.body = { status: true, order, items: order.order_items };
  });

  router.post('/api/ta/markPaid', staff, async (ctx) => {
    const input = orderIdInput.parse(ctx.request.body);
    ctx.body = { status: true, order: await kitchen.markPaid(input.orderId, commandContext(ctx, clock)) };
  });

  router.post('/api/ta/cancelUnpaid', staff, async (ctx) => {
    const input = orderIdInput.parse(ctx.request.body);
    ctx.body = { status: true, order: await kitchen.cancelUnpaid(input.orderId, commandContext(ctx, clock)) };
  });

  router.post('/takeaway/printOrder', staff, async (ctx) => {
    const input = printInput.parse(ctx.request.body);
    const order = await kitchen.print(input.orderId, input.via, commandContext(ctx, clock));
    const copy = String(order.printed_copies);
    const expiresAt = new Date(clock().getTime() + PRINT_LINK_MINUTES * 60_000);
    const btPrintUrl = signLink(`/takeaway/${order.id}/bt-print`, deps.linkKey, expiresAt, { copy });
    ctx.body = { status: true, order, bt_print_url: btPrintUrl, preview_url: `/takeaway/${order.id}/preview?copy=${copy}` };
  });

  router.post('/api/ta/notifyCustomer', staff, async (ctx) => {
    const { id } = idInput.parse(ctx.request.body);
    const order = await kitchen.notify(id, commandContext(ctx, clock));
    ctx.body = { status: true, notified_at: order.notified_at, order };
  });

  router.post('/takeaway/orderComplete', staff, async (ctx) => {
    const input = orderIdInput.parse(ctx.request.body);
    ctx.body = { status: true, order: await kitchen.complete(input.orderId, commandContext(ctx, clock)) };
  });

  router.get('/takeaway/:id/preview', staff, async (ctx) => {
    const order = await kitchen.order(orderId.parse(ctx.params.id));
    const { copy } = ticketQuery.parse(ctx.query);
    ctx.set('Content-Security-Policy', TICKET_CSP);
    ctx.type = 'text/html; charset=utf-8';
    ctx.body = ticketHtml(order, await ticketOptions(ticketIsDuplicate(ticketCopy(order.printed_copies, copy))));
  });

  // Staff in the browser, or a printer app holding the signed link from printOrder.
  router.get('/takeaway/:id/bt-print', async (ctx, next) => {
    if (linkIsValid(ctx.path, ctx.query, deps.linkKey, clock(), ['copy'])) return next();
    return staff(ctx, next);
  }, async (ctx) => {
    const order = await kitchen.order(orderId.parse(ctx.params.id));
    const { copy } = ticketQuery.parse({ copy: ctx.query.copy });
    ctx.body = ticketPrintData(order, await ticketOptions(ticketIsDuplicate(ticketCopy(order.printed_copies, copy))));
  });

  return router;
}
