import Router from '@koa/router';
import { z } from 'zod';
import type { Clock } from '../../../src/core/clock';
import { commandContext } from '../../../src/http/command-context';
import { requireRole } from '../../../src/identity/auth';
import { requireRecentPassword } from '../../../src/identity/step-up';
import { multiLineText } from '../../../src/shared/text';
import { STAFF_REFUND_REASONS } from '../core/events';
import type { StaffRefunds } from './staff-refunds';

const refundInput = z
  .strictObject({
    requestId: z.uuid('requestId must be a key made for this refund'),
    lines: z.array(z.number().int().nonnegative().max(999), 'lines must be a list of the order’s line numbers').max(200).optional(),
    amountPence: z.number('amountPence must be a number of pence').int('amountPence must be whole pence').positive('Refund an amount of at least 1p').max(10_000_000).optional(),
    reason: z.enum(STAFF_REFUND_REASONS, 'Choose why the money goes back'),
    note: multiLineText({ max: 500, name: 'note' }).default(''),
    /** A card order's money given back another way (cash at the counter): the card is not refunded. */
    byHand: z.boolean('byHand must be true or false').default(false),
  })
  .refine((input) => (input.lines === undefined) !== (input.amountPence === undefined), 'Choose the dishes to refund, or an amount, not both');

/** Staff refunds (issue 35): a manager, who entered their password in the last few minutes (step-up). */
export function refundRoutes(deps: { refunds: StaffRefunds; clock: Clock }) {
  const router = new Router();
  router.post('/api/orders/:id/refunds', requireRole('manager'), requireRecentPassword(deps.clock), async (ctx) => {
    const orderId = z.uuid('This is not an order id').parse(ctx.params.id);
    const { requestId, lines, amountPence, reason, note, byHand } = refundInput.parse(ctx.request.body);
    const part = lines !== undefined ? { lines } : { amountPence: amountPence as number };
    ctx.body = { status: true, order: await deps.refunds.refund(orderId, { requestId, part, reason, note, byHand }, commandContext(ctx, deps.clock)) };
  });
  return router;
}
