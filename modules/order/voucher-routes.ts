import Router from '@koa/router';
import type { Context } from 'koa';
import { z } from 'zod';
import type { Clock } from '../../src/core/clock';
import { DomainError } from '../../src/core/errors';
import { commandContext } from '../../src/http/command-context';
import { refuseWhenOver, type Limits } from '../../src/limits';
import { emailText, singleLineText } from '../../src/shared/text';
import { normaliseVoucherCode } from '../../src/shared/voucher';
import { VOUCHER_REFUSED, type Vouchers } from '../voucher';
import type { Checkout } from './checkout';
import { orderIdOf } from './routes';

const orderIdInput = z.string().uuid('orderId must be an order id');
const applyInput = z.strictObject({
  code: singleLineText({ max: 40, min: 1, required: 'Please enter a voucher code' }),
  email: emailText(),
  orderId: orderIdInput,
});
const deleteInput = z.strictObject({ orderId: orderIdInput });

export const NO_SUCH_ORDER = 'There is no such order in this session';
/** Distinct failed codes a session remembers, so that the same code sent again is not counted twice. */
const FAILED_CODES_KEPT = 20;

/** Only the session's own order: someone else's order id is refused and nothing changes. */
function ownOrder(ctx: Context, orderId: string): string {
  if (orderIdOf(ctx) !== orderId) throw new DomainError('not_found', NO_SUCH_ORDER);
  return orderId;
}

/**
 * Customer spec §7: the three voucher calls, at the root as the spec writes them. A code the voucher rules refuse
 * is answered `status: false` with the reason, for the box's 'NOT applied' dialog; guessing is throttled
 * (issue 19 item 5): 10 distinct failed codes per session's order, 30 per address, in 15 minutes.
 */
export function voucherUseRoutes(deps: { checkout: Checkout; vouchers: Vouchers; clock: Clock; limits: Limits }) {
  const { checkout, vouchers, clock, limits } = deps;
  const router = new Router();

  router.get('/vouchers-status', async (ctx) => {
    ctx.body = { status: true, value: await vouchers.enabled() };
  });

  router.post('/try-to-apply-voucher', async (ctx) => {
    const input = applyInput.parse(ctx.request.body);
    const orderId = ownOrder(ctx, input.orderId);
    const now = clock();
    const what = 'voucher codes tried';
    refuseWhenOver(limits.peek('voucher_guesses', orderId, now), what);
    refuseWhenOver(limits.peek('voucher_address_guesses', ctx.ip, now), what);
    try {
      const order = await checkout.applyVoucher(orderId, input.code, input.email, commandContext(ctx, clock));
      ctx.body = { status: true, message: `Voucher '${order.voucher!.code}' has been added to your order`, voucherUse: order.voucher, order };
    } catch (error) {
      // Only the voucher rules' refusals are the box's 'NOT applied' and count as guesses; an order already
      // placed, say, is an error of the request.
      if (!(error instanceof DomainError) || error.code !== VOUCHER_REFUSED) throw error;
      countFailure(ctx, orderId, normaliseVoucherCode(input.code), now);
      ctx.body = { status: false, message: error.message, voucherUse: null, order: await checkout.fetch(orderId) };
    }
  });

  router.post('/deleteVoucherUse', async (ctx) => {
    const { orderId } = deleteInput.parse(ctx.request.body);
    const order = await checkout.removeVoucher(ownOrder(ctx, orderId), commandContext(ctx, clock));
    ctx.body = { status: true, message: 'Voucher has been removed from this order', voucherUse: null, order };
  });

  /** A slow typist whose pauses send the same code again is counted once. */
  function countFailure(ctx: Context, orderId: string, code: string, now: Date) {
    const failed: string[] = Array.isArray(ctx.session!.failedVoucherCodes) ? ctx.session!.failedVoucherCodes : [];
    if (failed.includes(code)) return;
    ctx.session!.failedVoucherCodes = [...failed, code].slice(-FAILED_CODES_KEPT);
    limits.take('voucher_guesses', orderId, now);
    limits.take('voucher_address_guesses', ctx.ip, now);
  }

  return router;
}
