import Router from '@koa/router';
import type { Context } from 'koa';
import { z } from 'zod';
import type { Clock } from '../../../src/core/clock';
import { DomainError } from '../../../src/core/errors';
import { commandContext, guestId } from '../../../src/http/command-context';
import { countItem, giveBackItem, refuseWhenOver, takeItem, type LimitName, type Limits } from '../../../src/limits';
import { emailText, singleLineText } from '../../../src/shared/text';
import { normaliseVoucherCode } from '../../../src/shared/voucher';
import { VOUCHER_REFUSED, type Vouchers } from '../../voucher';
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

/** Only the session's own order: someone else's order id is refused and nothing changes. */
function ownOrder(ctx: Context, orderId: string): string {
  if (orderIdOf(ctx) !== orderId) throw new DomainError('not_found', NO_SUCH_ORDER);
  return orderId;
}

/**
 * Customer spec §7: the three voucher calls, at the root as the spec writes them. A code the voucher rules refuse
 * is answered `status: false` with the reason, for the box's 'NOT applied' dialog; guessing is throttled
 * (issue 19 item 5): 10 distinct failed codes per session (whichever of its orders), 30 per address, in 15 minutes.
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
    const code = normaliseVoucherCode(input.code);
    const guesses: Array<[LimitName, string]> = [
      ['voucher_guesses', guestId(ctx)],
      ['voucher_address_guesses', ctx.ip],
    ];
    // Each distinct code is counted once per session and window (a slow typist's pause sends it again): a new
    // code is remembered and counted before it is checked, with the address's count, all or none, each step one
    // statement on Postgres shared by every instance, so tries sent side by side (the same code or not) cannot
    // slip past or count twice. A code already counted is only refused when the session or its address is over. The count
    // is given back unless the rules refuse the code.
    const { decision, counted } = await takeItem(limits, guesses, code, now);
    refuseWhenOver(decision, 'voucher codes tried');
    try {
      const order = await checkout.applyVoucher(orderId, input.code, input.email, commandContext(ctx, clock));
      if (counted) await giveBackItem(limits, guesses, code, now);
      ctx.body = { status: true, message: `Voucher '${order.voucher!.code}' has been added to your order`, voucherUse: order.voucher, order };
    } catch (error) {
      // Only the voucher rules' refusals are the box's 'NOT applied' and count as guesses; an order already
      // placed, say, is an error of the request.
      if (!(error instanceof DomainError) || error.code !== VOUCHER_REFUSED) {
        if (counted) await giveBackItem(limits, guesses, code, now);
        throw error;
      }
      // A repeat whose first try gave its count back meanwhile (that one failed otherwise) is counted now, so
      // no code is ever checked without being counted once.
      if (!counted) await countItem(limits, guesses, code, now);
      ctx.body = { status: false, message: error.message, voucherUse: null, order: await checkout.fetch(orderId) };
    }
  });

  router.post('/deleteVoucherUse', async (ctx) => {
    const { orderId } = deleteInput.parse(ctx.request.body);
    const order = await checkout.removeVoucher(ownOrder(ctx, orderId), commandContext(ctx, clock));
    ctx.body = { status: true, message: 'Voucher has been removed from this order', voucherUse: null, order };
  });

  return router;
}
