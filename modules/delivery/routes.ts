import Router from '@koa/router';
import type { Context } from 'koa';
import type { SettingsSource } from '../../src/services';
import { noInput } from '../../src/http/inputs';
import { singleLineText } from '../../src/shared/text';
import { DomainError } from '../../src/core/errors';
import { chargeBandsSummary } from './charges';
import { deliverySettings, type DeliveryService } from './service';
import type { DeliveryCheckCookie } from './last-check';

const postcodeParam = singleLineText({ max: 20, name: 'postcode' });

/**
 * The basket in this request's session, as postage needs it. The cart module owns baskets and imports nothing of
 * delivery's, so the composition root passes this in (delivery importing the cart closed a cycle through the store).
 */
export type SessionBasketTotals = (ctx: Context) => Promise<{ itemsTotalPence: number; allVirtual: boolean; empty: boolean }>;

export function deliveryRoutes(deps: { delivery: DeliveryService; basketTotals: SessionBasketTotals; settings: SettingsSource; checks: DeliveryCheckCookie }) {
  const router = new Router();

  router.get('/api/postcode-distance/:postcode', async (ctx) => {
    const postcode = postcodeParam.parse(ctx.params.postcode);
    const check = await deps.delivery.distance(postcode);
    const settings = await deliverySettings(deps.settings);
    deps.checks.remember(ctx, check);
    ctx.body = { status: true, miles: check.miles, postcode: check.postcode, inside_area: check.miles <= settings.radiusMiles, message: '' };
  });

  router.get('/api/calc_delivery', async (ctx) => {
    const totals = await deps.basketTotals(ctx);
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
