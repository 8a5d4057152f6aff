import Router from '@koa/router';
import type { Context } from 'koa';
import type { SettingsSource } from '../../src/services';
import { noInput } from '../../src/http/inputs';
import { singleLineText } from '../../src/shared/text';
import { DomainError } from '../../src/core/errors';
import type { Basket } from '../cart';
import { chargeBandsSummary } from './charges';
import { isAllVirtual, itemsTotalPence } from '../../src/shared/order';
import { deliverySettings, type DeliveryService } from './service';
import type { DeliveryCheckCookie } from './last-check';

const postcodeParam = singleLineText({ max: 20, name: 'postcode' });

/** Items total and whether everything is virtual, for the basket in this session. */
export async function basketTotals(basket: Basket, ctx: Context) {
  const cartId = typeof ctx.session?.cartId === 'string' ? ctx.session.cartId : undefined;
  const cart = await basket.view(cartId, null);
  const lines = cart.cartItems.filter((item) => !item.released && item.quantity > 0);
  return {
    itemsTotalPence: itemsTotalPence(lines.map((item) => ({ unitPricePence: item.price + item.incremental_price, quantity: item.quantity }))),
    allVirtual: isAllVirtual(lines),
    empty: lines.length === 0,
  };
}

export function deliveryRoutes(deps: { delivery: DeliveryService; basket: Basket; settings: SettingsSource; checks: DeliveryCheckCookie }) {
  const router = new Router();

  router.get('/api/postcode-distance/:postcode', async (ctx) => {
    const postcode = postcodeParam.parse(ctx.params.postcode);
    const check = await deps.delivery.distance(postcode);
    const settings = await deliverySettings(deps.settings);
    deps.checks.remember(ctx, check);
    ctx.body = { status: true, miles: check.miles, postcode: check.postcode, inside_area: check.miles <= settings.radiusMiles, message: '' };
  });

  router.get('/api/calc_delivery', async (ctx) => {
    const totals = await basketTotals(deps.basket, ctx);
    if (totals.empty) throw new DomainError('invalid', 'Cart is Empty');
    const charge = await deps.delivery.postage('DELIVER', totals, deps.checks.last(ctx));
    ctx.body = { status: true, delivery_charge: charge, message: '' };
  });

  router.get('/api/takeawayDiscountSettings', async (ctx) => {
    const { discount } = await deliverySettings(deps.settings);
    ctx.body = {
      status: true,
      offer_takeaway_collect_discount: discount.offer,
      takeaway_collect_discount_type: discount.type,
      takeaway_collect_discount_amount_or_percent: discount.amountOrPercent,
      message: '',
    };
  });

  router.post('/api/deliveryChargesSummary', async (ctx) => {
    noInput.parse(ctx.request.body);
    const settings = await deliverySettings(deps.settings);
    ctx.body = { status: true, summary: chargeBandsSummary(settings.bands, settings.minimumOrderPence, settings.radiusMiles) };
  });

  return router;
}
