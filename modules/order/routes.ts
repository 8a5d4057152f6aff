import Router from '@koa/router';
import type { Context } from 'koa';
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { z } from 'zod';
import { noInput } from '../../src/http/inputs';
import type { Clock } from '../../src/core/clock';
import { DomainError } from '../../src/core/errors';
import { containsCardNumber, NO_CARD_NUMBERS } from '../../src/http/card-numbers';
import { commandContext } from '../../src/http/command-context';
import { forgetDeliveryCheck, lastDeliveryCheck } from '../delivery';
import { isEmailAddress, looksLikeUkPhone } from '../../src/shared/contact';
import { orderIdFor, type Checkout } from './checkout';
import { ORDER_PAYMENT_METHODS } from './events';

const pence = z.number().int('must be whole pence').min(-1_000_000).max(10_000_000);
const text = (max: number) =>
  z
    .string()
    .max(max, `can be at most ${max} characters`)
    .transform((value) => value.trim())
    .refine((value) => !containsCardNumber(value), NO_CARD_NUMBERS);

const saveInput = z.strictObject({ order_extra_info: text(1000).optional() });

const methodInput = z.strictObject({
  ta_method: z.enum(['COLLECT', 'DELIVER']),
  postage: pence,
  total_cost: pence,
  postcode: z.string().max(20).nullable().optional(),
});

/** Spec §5: a valid UK number, written nationally or with +44 (a number abroad is refused); libphonenumber has the last word. */
function isUkPhoneNumber(value: string): boolean {
  if (!looksLikeUkPhone(value)) return false;
  const phone = parsePhoneNumberFromString(value, 'GB');
  return phone !== undefined && phone.countryCallingCode === '44' && phone.isValid();
}

export const deliveryFormInput = z.strictObject({
  email: text(254).refine(isEmailAddress, 'Not a valid email address'),
  full_name: text(100).refine((value) => value.length > 0, 'Full name is required'),
  address_1: text(100).default(''),
  address_2: text(100).default(''),
  address_3: text(100).default(''),
  town_city: text(60).default(''),
  postcode: text(10).default(''),
  phone_number: text(30).refine(isUkPhoneNumber, 'Not a valid phone No'),
  delivery_info: text(500).default(''),
});

const formInput = z.strictObject({ deliveryForm: deliveryFormInput });
// Built once: zod compiles a schema on its first use, which would happen on every request if built inside one.
const updateInput = z.record(z.string(), z.unknown(), { error: 'Send ta_method, deliveryForm or payment_method' });
const payInput = z.strictObject({ payment_method: z.enum(ORDER_PAYMENT_METHODS), status: z.literal('AWAITING-PAYMENT').optional() });
const payMethodInput = z.strictObject({ method: z.enum(['phone', 'card', 'paypal', 'PHONE', 'CARD', 'PAYPAL']) });
const completeInput = z.strictObject({
  payment_method: z.enum(ORDER_PAYMENT_METHODS),
  status: z.string().max(40).optional(),
  message: z.string().max(500).optional(),
});

/**
 * The session's order: the one its basket became (the id derives from the basket's, so saving needs no
 * session write), or after completion, when the basket is gone from the session, the order just placed.
 */
function orderIdOf(ctx: Context): string | undefined {
  if (typeof ctx.session?.cartId === 'string') return orderIdFor(ctx.session.cartId);
  return typeof ctx.session?.orderId === 'string' ? ctx.session.orderId : undefined;
}

function userOf(ctx: Context): { id: string; email: string } | undefined {
  return ctx.state.user as { id: string; email: string } | undefined;
}

export function checkoutRoutes(deps: { checkout: Checkout; clock: Clock }) {
  const { checkout, clock } = deps;
  const router = new Router();

  router.post('/api/saveCartAsOrder', async (ctx) => {
    const input = saveInput.parse(ctx.request.body);
    const user = userOf(ctx);
    const cartId = typeof ctx.session?.cartId === 'string' ? ctx.session.cartId : undefined;
    const orderId = await checkout.saveCartAsOrder(
      cartId,
      user?.id ?? null,
      user?.email ?? null,
      input.order_extra_info,
      commandContext(ctx, clock),
    );
    ctx.body = { status: true, message: '', order: await checkout.fetch(orderId) };
  });

  router.post('/api/updateOrder', async (ctx) => {
    const body = updateInput.parse(ctx.request.body);
    const context = commandContext(ctx, clock);
    const orderId = orderIdOf(ctx);
    if ('deliveryForm' in body) {
      const form = formInput.parse(body).deliveryForm;
      await checkout.giveDetails(orderId, {
        email: form.email,
        fullName: form.full_name,
        address1: form.address_1,
        address2: form.address_2,
        address3: form.address_3,
        townCity: form.town_city,
        postcode: form.postcode,
        phone: form.phone_number,
        deliveryInfo: form.delivery_info,
      }, context);
    } else if ('ta_method' in body) {
      const input = methodInput.parse(body);
      await checkout.chooseMethod(
        orderId,
        { method: input.ta_method, postcode: input.postcode ?? null, postagePence: input.postage, totalPence: input.total_cost },
        lastDeliveryCheck(ctx),
        context,
      );
    } else if ('payment_method' in body) {
      await checkout.choosePaymentMethod(orderId, payInput.parse(body).payment_method, context);
    } else {
      throw new DomainError('invalid', 'Send ta_method, deliveryForm or payment_method');
    }
    ctx.body = { status: true, message: '', order: await checkout.fetch(orderId) };
  });

  router.post('/api/fetchOrder', async (ctx) => {
    noInput.parse(ctx.request.body);
    const order = await checkout.fetch(orderIdOf(ctx));
    if (!order) throw new DomainError('not_found', 'There was a PROBLEM fetching the order');
    ctx.body = { status: true, order, message: '' };
  });

  router.get('/api/available_payment_methods', async (ctx) => {
    ctx.body = { status: true, payment_methods: await checkout.availablePaymentMethods(), message: '' };
  });

  router.get('/api/can_pay', async (ctx) => {
    ctx.body = { status: true, value: await checkout.canPay() };
  });

  router.post('/api/updatePayMethod', async (ctx) => {
    const { method } = payMethodInput.parse(ctx.request.body);
    await checkout.choosePaymentMethod(orderIdOf(ctx), method.toUpperCase() as (typeof ORDER_PAYMENT_METHODS)[number], commandContext(ctx, clock));
    ctx.body = { status: true, message: '' };
  });

  router.post('/complete-order', async (ctx) => {
    const input = completeInput.parse(ctx.request.body);
    const order = await checkout.complete(orderIdOf(ctx), input.payment_method, commandContext(ctx, clock));
    // The basket became this order: the next one starts empty. The order stays readable on /order-complete.
    delete ctx.session!.cartId;
    forgetDeliveryCheck(ctx);
    ctx.session!.orderId = order.id;
    const message =
      order.payment_method === 'PHONE'
        ? `Thank you! Your order ${order.ref} is placed: please call us to pay and we will start cooking.`
        : `Thank you! Your order ${order.ref} is placed.`;
    ctx.body = { status: true, message, order };
  });

  return router;
}
