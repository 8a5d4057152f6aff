import Router from '@koa/router';
import type { Context } from 'koa';
import { z } from 'zod';
import { noInput } from '../../../src/http/inputs';
import type { Clock } from '../../../src/core/clock';
import { DomainError } from '../../../src/core/errors';
import { containsCardNumber, NO_CARD_NUMBERS } from '../../../src/http/card-numbers';
import { commandContext } from '../../../src/http/command-context';
import { takeForWork, type Limits } from '../../../src/limits';
import type { DeliveryCheckCookie } from '../../delivery';
import { emailText, multiLineText, singleLineText, ukPhoneNumberText } from '../../../src/shared/text';
import type { Checkout } from './checkout';
import { orderIdFor } from './order-id';
import { ORDER_PAYMENT_METHODS } from '../core/events';

const pence = z.number().int('must be whole pence').min(-1_000_000).max(10_000_000);
const noCardNumber = (value: string) => !containsCardNumber(value);
const line = (max: number) => singleLineText({ max }).refine(noCardNumber, NO_CARD_NUMBERS);
const lines = (max: number) => multiLineText({ max }).refine(noCardNumber, NO_CARD_NUMBERS);

const saveInput = z.strictObject({ order_extra_info: lines(1000).optional() });

const methodInput = z.strictObject({
  ta_method: z.enum(['COLLECT', 'DELIVER']),
  postage: pence,
  total_cost: pence,
  postcode: singleLineText({ max: 20 }).nullable().optional(),
});

export const deliveryFormInput = z.strictObject({
  email: emailText(),
  full_name: singleLineText({ max: 100, required: 'Full name is required' }).refine(noCardNumber, NO_CARD_NUMBERS),
  address_1: line(100).default(''),
  address_2: line(100).default(''),
  address_3: line(100).default(''),
  town_city: line(60).default(''),
  postcode: line(10).default(''),
  phone_number: ukPhoneNumberText(),
  delivery_info: lines(500).default(''),
  /** 'Allergies or dietary needs' (issue 27): optional, boxed at the top of the kitchen ticket. */
  allergy_info: lines(300).default(''),
});

const formInput = z.strictObject({ deliveryForm: deliveryFormInput });
// Built once: zod compiles a schema on its first use, which would happen on every request if built inside one.
const updateInput = z.record(singleLineText({ max: 40 }), z.unknown(), { error: 'Send ta_method, deliveryForm or payment_method' });
const payInput = z.strictObject({ payment_method: z.enum(ORDER_PAYMENT_METHODS), status: z.literal('AWAITING-PAYMENT').optional() });
const payMethodInput = z.strictObject({ method: z.enum(['phone', 'card', 'paypal', 'PHONE', 'CARD', 'PAYPAL']) });
const completeInput = z.strictObject({
  payment_method: z.enum(ORDER_PAYMENT_METHODS),
  status: singleLineText({ max: 40 }).optional(),
  message: multiLineText({ max: 500 }).optional(),
  /** Spec §3 "payment completion payload": the payment's id (Stripe's intent, or PayPal's order) for a card or PayPal order. */
  id: singleLineText({ max: 100 }).optional(),
});

/** The phone orders placed from one address (src/limits): what a refusal by its cap says. */
const unpaidOrdersFrom = (address: string) => ({ name: 'unpaid_orders' as const, key: address, what: 'orders awaiting payment from your network' });

/**
 * The session's order: the one its basket became (the id derives from the basket's, so saving needs no
 * session write), or after completion, when the basket is gone from the session, the order just placed.
 */
export function orderIdOf(ctx: Context): string | undefined {
  if (typeof ctx.session?.cartId === 'string') return orderIdFor(ctx.session.cartId);
  return typeof ctx.session?.orderId === 'string' ? ctx.session.orderId : undefined;
}

/** Why a card payment the customer completed placed no order: the provider's message, or what happened. */
function cardNotPlaced(result: 'ended' | 'given back', providerMessage: string, method: 'CARD' | 'PAYPAL'): string {
  if (result === 'given back') return 'Your order changed while you were paying: the payment is being refunded. Please check your order and pay again';
  // The provider's reason is a sentence of its own ('Your card was declined.'): one full stop, not two.
  const reason = providerMessage.trim().replace(/\.+$/, '');
  return `Your ${paymentWord(method)} did not go through${reason ? `: ${reason}` : ''}. You can try again, or choose another payment method`;
}

const paymentWord = (method: 'CARD' | 'PAYPAL') => (method === 'PAYPAL' ? 'PayPal payment' : 'card payment');

/** How many of the session's placed orders it remembers, for the cap on unpaid phone orders. */
const SESSION_ORDERS_KEPT = 10;

export function placedOrderIds(ctx: Context): string[] {
  const ids = ctx.session?.placedOrderIds;
  return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : [];
}

function userOf(ctx: Context): { id: string; email: string } | undefined {
  return ctx.state.user as { id: string; email: string } | undefined;
}

export function checkoutRoutes(deps: { checkout: Checkout; clock: Clock; limits: Limits; checks: DeliveryCheckCookie }) {
  const { checkout, clock, limits, checks } = deps;
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
        allergyInfo: form.allergy_info,
      }, context);
    } else if ('ta_method' in body) {
      const input = methodInput.parse(body);
      await checkout.chooseMethod(
        orderId,
        { method: input.ta_method, postcode: input.postcode ?? null, postagePence: input.postage, totalPence: input.total_cost },
        checks.last(ctx),
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
    const placedBefore = placedOrderIds(ctx);
    let order;
    if (input.payment_method === 'CARD' || input.payment_method === 'PAYPAL') {
      // The browser's word is only which payment to ask about: the provider's answer decides (for PayPal, the
      // server captures the order the payer approved).
      const settled = await checkout.settleCardPayment(orderIdOf(ctx), input.id ?? '', commandContext(ctx, clock), input.payment_method);
      if (settled.result === 'pending') {
        ctx.status = 202;
        ctx.body = { status: true, pending: true, message: 'Your order is being processed' };
        return;
      }
      if (settled.result !== 'placed') throw new DomainError('conflict', cardNotPlaced(settled.result, settled.message, input.payment_method));
      order = settled.order;
    } else {
      const complete = () => checkout.complete(orderIdOf(ctx), input.payment_method, commandContext(ctx, clock), { placedOrderIds: placedBefore });
      // Customers behind one carrier address share it: this cap is high; the cap per customer is the order decider's.
      // It counts phone orders placed: a refused call, or a repeat of an order this session placed, takes nothing.
      order = input.payment_method === 'PHONE'
        ? await takeForWork(limits, unpaidOrdersFrom(ctx.ip), clock, complete, (placed) => !placedBefore.includes(placed.id))
        : await complete();
    }
    // The basket became this order: the next one starts empty. The order stays readable on /order-complete.
    delete ctx.session!.cartId;
    checks.forget(ctx);
    ctx.session!.orderId = order.id;
    if (!placedBefore.includes(order.id)) ctx.session!.placedOrderIds = [...placedBefore, order.id].slice(-SESSION_ORDERS_KEPT);
    const message =
      order.payment_method === 'PHONE'
        ? `Thank you! Your order ${order.ref} is placed: please call us to pay and we will start cooking.`
        : `Thank you! Your ${paymentWord(order.payment_method === 'PAYPAL' ? 'PAYPAL' : 'CARD')} went through and your order ${order.ref} is placed.`;
    ctx.body = { status: true, message, order };
  });

  return router;
}
