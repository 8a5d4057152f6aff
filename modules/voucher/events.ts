import { z } from 'zod';

export const VOUCHER_METHODS = ['ANY', 'COLLECT', 'DELIVER'] as const;
export type VoucherMethod = (typeof VOUCHER_METHODS)[number];

export const voucherBenefitSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('percent'), percent: z.number().int().min(1).max(100) }),
  z.object({ kind: z.literal('fixed'), pence: z.number().int().min(1).max(1_000_000) }),
  z.object({ kind: z.literal('free_delivery') }),
]);

/** The rules a manager sets for a voucher; every one may be edited later except its codes. */
export const voucherTermsSchema = z.object({
  description: z.string(),
  benefit: voucherBenefitSchema,
  /** On the items total; 0 for none. */
  minSpendPence: z.number().int().min(0),
  validFrom: z.string().nullable(),
  validUntil: z.string().nullable(),
  method: z.enum(VOUCHER_METHODS),
  firstOrderOnly: z.boolean(),
  /** Uses reserved or confirmed, all codes together; null for no cap. */
  maxUses: z.number().int().positive().nullable(),
  maxUsesPerCustomer: z.number().int().positive().nullable(),
});
export type VoucherTerms = z.infer<typeof voucherTermsSchema>;

/** A shared code, or a batch of single-use codes (each code once, whatever the caps say). Codes in capitals. */
export const VoucherCreated = z.object({
  type: z.literal('VoucherCreated'),
  data: z.object({ voucherId: z.string().uuid(), codes: z.array(z.string()).min(1), singleUse: z.boolean(), terms: voucherTermsSchema, createdAt: z.string() }),
});
export const VoucherEdited = z.object({
  type: z.literal('VoucherEdited'),
  data: z.object({ voucherId: z.string().uuid(), terms: voucherTermsSchema, editedAt: z.string() }),
});
export const VoucherDisabled = z.object({
  type: z.literal('VoucherDisabled'),
  data: z.object({ voucherId: z.string().uuid(), disabledAt: z.string() }),
});
export const VoucherEnabled = z.object({
  type: z.literal('VoucherEnabled'),
  data: z.object({ voucherId: z.string().uuid(), enabledAt: z.string() }),
});
/**
 * A use held for an order while it is paid for: it counts against the caps from now on. Names the order, never
 * the customer (their email's keyed hash lives in the voucher_customers table, outside the streams).
 */
export const VoucherUseReserved = z.object({
  type: z.literal('VoucherUseReserved'),
  data: z.object({ voucherId: z.string().uuid(), orderId: z.string().uuid(), code: z.string(), deductionPence: z.number().int().min(0), reservedAt: z.string() }),
});
export const VoucherUseConfirmed = z.object({
  type: z.literal('VoucherUseConfirmed'),
  data: z.object({ voucherId: z.string().uuid(), orderId: z.string().uuid(), confirmedAt: z.string() }),
});
/**
 * Why a held use went back. `refunded` (issue 35): staff gave all of a paid order's money back. The card path's own
 * refunds are of money for an order that no longer awaited it, whose use went back when its attempt ended.
 * `abandoned` (issue 28): a checkout cut off after the use was reserved, its order never placed. A reason added
 * leaves every stored event valid: no upcaster.
 */
export const RELEASE_REASONS = ['cancelled', 'lapsed', 'failed', 'abandoned', 'refunded'] as const;
export const VoucherUseReleased = z.object({
  type: z.literal('VoucherUseReleased'),
  data: z.object({ voucherId: z.string().uuid(), orderId: z.string().uuid(), releasedAt: z.string(), reason: z.enum(RELEASE_REASONS) }),
});

export type VoucherCreated = z.infer<typeof VoucherCreated>;
export type VoucherEdited = z.infer<typeof VoucherEdited>;
export type VoucherDisabled = z.infer<typeof VoucherDisabled>;
export type VoucherEnabled = z.infer<typeof VoucherEnabled>;
export type VoucherUseReserved = z.infer<typeof VoucherUseReserved>;
export type VoucherUseConfirmed = z.infer<typeof VoucherUseConfirmed>;
export type VoucherUseReleased = z.infer<typeof VoucherUseReleased>;
export type ReleaseReason = (typeof RELEASE_REASONS)[number];

export type VoucherEvent =
  | VoucherCreated
  | VoucherEdited
  | VoucherDisabled
  | VoucherEnabled
  | VoucherUseReserved
  | VoucherUseConfirmed
  | VoucherUseReleased;

export const VOUCHER_EVENT_TYPES = [
  'VoucherCreated',
  'VoucherEdited',
  'VoucherDisabled',
  'VoucherEnabled',
  'VoucherUseReserved',
  'VoucherUseConfirmed',
  'VoucherUseReleased',
] as const;

export const VOUCHER_EVENT_SCHEMAS = {
  VoucherCreated,
  VoucherEdited,
  VoucherDisabled,
  VoucherEnabled,
  VoucherUseReserved,
  VoucherUseConfirmed,
  VoucherUseReleased,
} satisfies Record<(typeof VOUCHER_EVENT_TYPES)[number], z.ZodType>;

export const voucherStream = (voucherId: string) => `voucher-${voucherId}`;
export const voucherIdOf = (stream: string) => stream.slice('voucher-'.length);
