import Router from '@koa/router';
import { z } from 'zod';
import type { Clock } from '../../src/core/clock';
import { commandContext } from '../../src/http/command-context';
import { requireRole } from '../../src/identity/auth';
import { requireRecentPassword } from '../../src/identity/step-up';
import { emailText, singleLineText } from '../../src/shared/text';
import type { ErasureTarget } from './erasure';
import type { Privacy } from './privacy';

const eraseInput = z
  .strictObject({
    email: emailText().optional(),
    phone: singleLineText({ max: 30, required: 'Enter the phone number' }).optional(),
    orderId: z.uuid({ message: 'No such order' }).optional(),
  })
  .refine((input) => Object.values(input).filter((value) => value !== undefined).length === 1, { error: 'Send one of email, phone or orderId' });

/** The one target the body names. */
function targetOf(input: z.infer<typeof eraseInput>): ErasureTarget {
  if (input.email !== undefined) return { email: input.email };
  if (input.phone !== undefined) return { phone: input.phone };
  return { orderId: input.orderId! };
}

/** Erasure on request (issue 15 item 5): admins only, after entering their password again. */
export function privacyRoutes(deps: { privacy: Privacy; clock: Clock }) {
  const router = new Router();
  router.post('/api/privacy/erase', requireRole('admin'), requireRecentPassword(deps.clock), async (ctx) => {
    const target = targetOf(eraseInput.parse(ctx.request.body));
    const { orderIds, subjects } = await deps.privacy.erase(target, commandContext(ctx, deps.clock));
    ctx.body = {
      status: true,
      message: subjects.length === 0 ? 'Nothing is stored about this person' : `Erased: ${orderIds.length} order(s), ${subjects.length} record(s) in all`,
      orders: orderIds.length,
      records: subjects.length,
    };
  });
  return router;
}
