import Router from '@koa/router';
import { z } from 'zod';
import type { Clock } from '../../src/core/clock';
import { writeCsv } from '../../src/csv';
import { commandContext } from '../../src/http/command-context';
import { requireRole } from '../../src/identity/auth';
import { singleLineText } from '../../src/shared/text';
import { VOUCHER_METHODS } from './events';
import type { Vouchers } from './vouchers';

const pence = z.number().int('must be whole pence').min(0).max(1_000_000);
const instant = z.iso.datetime({ offset: true }).nullable();
const termsInput = z
  .strictObject({
    description: singleLineText({ max: 120, min: 1, required: 'Please describe the voucher' }),
    benefit: z.discriminatedUnion('kind', [
      z.strictObject({ kind: z.literal('percent'), percent: z.number().int().min(1).max(100) }),
      z.strictObject({ kind: z.literal('fixed'), pence: pence.min(1) }),
      z.strictObject({ kind: z.literal('free_delivery') }),
    ]),
    minSpendPence: pence.default(0),
    validFrom: instant.default(null).transform((value) => (value ? new Date(value).toISOString() : null)),
    validUntil: instant.default(null).transform((value) => (value ? new Date(value).toISOString() : null)),
    method: z.enum(VOUCHER_METHODS).default('ANY'),
    firstOrderOnly: z.boolean().default(false),
    maxUses: z.number().int().min(1).max(1_000_000).nullable().default(null),
    maxUsesPerCustomer: z.number().int().min(1).max(1000).nullable().default(null),
  })
  .refine((terms) => !terms.validFrom || !terms.validUntil || terms.validFrom < terms.validUntil, 'validUntil must be after validFrom');
const codeText = singleLineText({ max: 40, min: 3, required: 'A code needs at least 3 characters' }).pipe(
  z.string().regex(/^[A-Za-z0-9-]+$/, 'A code may hold letters, digits and dashes only'),
);
const createInput = z
  .strictObject({ code: codeText.optional(), count: z.number().int().min(1).max(1000).optional(), terms: termsInput })
  .refine((input) => (input.code === undefined) !== (input.count === undefined), 'Give a code, or how many single-use codes to generate');
const editInput = z.strictObject({ terms: termsInput });
const enabledInput = z.strictObject({ enabled: z.boolean() });
const voucherId = z.string().uuid('not a voucher id');

/** The manager's voucher screen (issue 19 item 3): every route needs the manager role, checked here. */
export function voucherRoutes(deps: { vouchers: Vouchers; clock: Clock }) {
  const { vouchers, clock } = deps;
  const router = new Router({ prefix: '/api/vouchers' });
  router.use(requireRole('manager'));

  router.get('/', async (ctx) => {
    ctx.body = { status: true, vouchers: await vouchers.manager.list() };
  });

  router.post('/', async (ctx) => {
    const input = createInput.parse(ctx.request.body);
    const code = input.code ?? null;
    const count = input.count ?? null;
    const id = await vouchers.manager.create({ code, count, terms: input.terms }, commandContext(ctx, clock));
    ctx.body = { status: true, message: 'Voucher created', voucherId: id };
  });

  router.post('/:id', async (ctx) => {
    const { terms } = editInput.parse(ctx.request.body);
    await vouchers.manager.edit(voucherId.parse(ctx.params.id), terms, commandContext(ctx, clock));
    ctx.body = { status: true, message: 'Voucher saved' };
  });

  router.post('/:id/enabled', async (ctx) => {
    const { enabled } = enabledInput.parse(ctx.request.body);
    await vouchers.manager.setEnabled(voucherId.parse(ctx.params.id), enabled, commandContext(ctx, clock));
    ctx.body = { status: true, message: enabled ? 'Voucher enabled' : 'Voucher disabled' };
  });

  router.get('/:id/uses', async (ctx) => {
    const uses = await vouchers.manager.uses(voucherId.parse(ctx.params.id));
    const givenAwayPence = uses.filter((use) => use.status === 'confirmed').reduce((sum, use) => sum + use.deductionPence, 0);
    ctx.body = { status: true, uses, givenAwayPence };
  });

  router.get('/:id/uses.csv', async (ctx) => {
    const uses = await vouchers.manager.uses(voucherId.parse(ctx.params.id));
    const columns = ['order_ref', 'date', 'code', 'status', 'deduction_pence', 'customer'] as const;
    ctx.type = 'text/csv; charset=utf-8';
    ctx.attachment('voucher-uses.csv');
    ctx.body = writeCsv(columns, uses.map((use) => ({
      order_ref: use.orderRef, date: use.reservedAt, code: use.code, status: use.status, deduction_pence: use.deductionPence, customer: use.customer,
    })));
  });

  router.get('/:id/codes.csv', async (ctx) => {
    const codes = await vouchers.manager.codes(voucherId.parse(ctx.params.id));
    ctx.type = 'text/csv; charset=utf-8';
    ctx.attachment('voucher-codes.csv');
    ctx.body = writeCsv(['code'] as const, codes.map((code) => ({ code })));
  });

  return router;
}
