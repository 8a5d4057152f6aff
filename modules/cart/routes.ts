import type { CommandContext } from '../../src/core/decider';
import Router from '@koa/router';
import type { Context } from 'koa';
import { z } from 'zod';
import { noInput } from '../../src/http/inputs';
import type { Clock } from '../../src/core/clock';
import { DomainError } from '../../src/core/errors';
import { commandContext } from '../../src/http/command-context';
import { containsCardNumber, NO_CARD_NUMBERS } from '../../src/http/card-numbers';
import type { SettingsSource } from '../../src/services';
import { refuseWhenOver, type Limits } from '../../src/limits';
import { CLOSED_REFUSAL, isOrderingClosed, readSettings } from '../store';
import { multiLineText } from '../../src/shared/text';
import type { Basket } from './basket';
import { cartIdOf } from './session-basket';

const productId = z.number().int().positive().max(2_147_483_647);
/** The web app sends null (or '' as the original client did) for "no variant". */
const variantId = z
  .union([productId, z.null(), z.literal('')])
  .optional()
  .transform((value) => (value === '' || value === undefined ? null : value));

const MAX_GIVE_BACK = 10_000;

export const moveStockInput = z.strictObject({
  id: productId,
  variant: variantId,
  // Spec §4: each add is one unit. Giving back may name more than the line holds (removing a line sends all
  // of it): the stock decider returns at most what the basket holds.
  quantity: z
    .number()
    .int('quantity must be a whole number')
    .refine((quantity) => quantity !== 0, 'quantity must not be 0')
    .refine((quantity) => quantity <= 1, 'quantity must be 1 to add one, or negative to give back')
    .refine((quantity) => quantity >= -MAX_GIVE_BACK, `quantity can give back at most ${MAX_GIVE_BACK} units`),
  returnToStock: z.boolean().optional(),
});

const cartItemInput = z.object({ id: productId, variant: variantId, quantity: z.number().int().min(0).max(99) });

export const updateCartInput = z.strictObject({
  items: z.array(cartItemInput).max(100).optional(),
  order_extra: multiLineText({ max: 1000 })
    .refine((note) => !containsCardNumber(note), NO_CARD_NUMBERS)
    .optional(),
});

const stockQueryInput = z.strictObject({ productId: productId });


function userId(ctx: Context): string | null {
  return (ctx.state.user as { id: string } | undefined)?.id ?? null;
}

export function basketRoutes(deps: {
  basket: Basket;
  settings: SettingsSource;
  clock: Clock;
  limits: Limits;
  /** Before a basket saved as an order opens again: the order's card payment still open is cancelled (issue 17). */
  beforeReopen?: (cartId: string, context: CommandContext) => Promise<unknown>;
}) {
  const { basket, clock } = deps;
  const router = new Router();

  async function refuseWhenClosed(): Promise<void> {
    const settings = await readSettings(deps.settings, ['is_takeaway', 'order_status']);
    if (isOrderingClosed({ isTakeaway: settings.is_takeaway, orderStatus: settings.order_status })) throw new DomainError('conflict', CLOSED_REFUSAL);
  }

  /** Each basket holds units off the menu: one address may open only so many (issue 13, `baskets_opened`). */
  const mayOpenBasket = (ctx: Context) => async () => refuseWhenOver(await deps.limits.take('baskets_opened', ctx.ip, clock()), 'baskets opened');

  async function openCart(ctx: Context): Promise<string> {
    const cartId = await basket.ensureCart(cartIdOf(ctx), userId(ctx), commandContext(ctx, clock), mayOpenBasket(ctx));
    ctx.session!.cartId = cartId;
    return cartId;
  }

  router.post('/api/moveProductStockToBasket', async (ctx) => {
    const input = moveStockInput.parse(ctx.request.body);
    if (input.quantity > 0) await refuseWhenClosed();
    const product = await basket.check(input.id, input.variant, input.quantity > 0);
    const existing = cartIdOf(ctx);
    if (input.quantity < 0 && !existing) throw new DomainError('not_found', 'Failed to locate item in cart to reduce qty ');
    const context = commandContext(ctx, clock);
    let cartId: string;
    let moved: Awaited<ReturnType<Basket['move']>>;
    if (existing === undefined) {
      // A first add: the basket opens while the units move into it, so both appends can share a round trip.
      await mayOpenBasket(ctx)();
      cartId = basket.newCartId();
      ctx.session!.cartId = cartId;
      [, moved] = await Promise.all([
        basket.openNew(cartId, userId(ctx), context),
        basket.move(cartId, product, input.variant, input.quantity, context, { opening: true, address: ctx.ip }),
      ]);
    } else {
      cartId = input.quantity > 0 ? await openCart(ctx) : existing;
      moved = await basket.move(cartId, product, input.variant, input.quantity, context, { address: ctx.ip });
    }
    const cart = await basket.view(cartId, userId(ctx), moved.position, moved);
    ctx.body = { status: true, message: '', product: moved.figures, cart };
  });

  router.post('/api/product/getAvailableStock', async (ctx) => {
    const { productId } = stockQueryInput.parse(ctx.request.body);
    ctx.body = { status: true, message: '', ...(await basket.availableStock(productId)) };
  });

  router.post('/api/getCartFromSession', async (ctx) => {
    noInput.parse(ctx.request.body);
    ctx.body = { status: true, ...(await basket.view(cartIdOf(ctx), userId(ctx))) };
  });

  router.post('/api/updateCartInSession', async (ctx) => {
    const input = updateCartInput.parse(ctx.request.body);
    let position;
    if (input.order_extra !== undefined && (cartIdOf(ctx) || input.order_extra !== '')) {
      const cartId = await openCart(ctx);
      position = await basket.changeNote(cartId, input.order_extra, commandContext(ctx, clock));
    }
    // Quantities are never taken from the client: the answer is the basket the server holds.
    ctx.body = { status: true, ...(await basket.view(cartIdOf(ctx), userId(ctx), position)) };
  });

  // Issue 13 ("two tabs"): the basket page calls this as it opens. A basket saved as an order is frozen until
  // then; back on the basket page the customer may change it again, and saving it again refreshes the order.
  router.post('/api/reopenCart', async (ctx) => {
    noInput.parse(ctx.request.body);
    const cartId = cartIdOf(ctx);
    if (cartId && deps.beforeReopen) await deps.beforeReopen(cartId, commandContext(ctx, clock));
    const position = cartId ? await basket.reopen(cartId, commandContext(ctx, clock)) : undefined;
    ctx.body = { status: true, ...(await basket.view(cartId, userId(ctx), position)) };
  });

  router.post('/api/clearCart', async (ctx) => {
    noInput.parse(ctx.request.body);
    const cartId = cartIdOf(ctx);
    const position = cartId ? await basket.clear(cartId, commandContext(ctx, clock)) : undefined;
    ctx.body = { status: true, ...(await basket.view(cartId, userId(ctx), position)) };
  });

  router.get('/api/orderExtra', async (ctx) => {
    const cart = await basket.view(cartIdOf(ctx), userId(ctx));
    ctx.body = { status: true, order_extra: cart.order_extra, message: '' };
  });

  return router;
}
