import { z } from 'zod';

export const ERASURE_REASONS = ['request', 'retention'] as const;
export type ErasureReason = (typeof ERASURE_REASONS)[number];

/**
 * A subject's key was destroyed (`guest_order:<id>`, `cart:<id>` or `customer:<id>`): read models show
 * "[erased]" in its personal fields. Events sealed under the key already read as erased; this event also
 * reaches fields stored in clear before sealing existed, in a replay too.
 */
export const PersonalDataErased = z.object({
  type: z.literal('PersonalDataErased'),
  data: z.object({ subject: z.string(), reason: z.enum(ERASURE_REASONS) }),
});
export type PersonalDataErased = z.infer<typeof PersonalDataErased>;

/**
 * The daily retention job ran (or was first scheduled): `nextRunAt` starts the process of the next run, so the
 * job runs once a day, exactly once, across restarts and crashes.
 */
export const GuestRetentionScheduled = z.object({
  type: z.literal('GuestRetentionScheduled'),
  data: z.object({ runAt: z.iso.datetime(), erasedOrders: z.number().int().nonnegative() }),
});
export type GuestRetentionScheduled = z.infer<typeof GuestRetentionScheduled>;

export type PrivacyEvent = PersonalDataErased | GuestRetentionScheduled;

export const PRIVACY_EVENT_SCHEMAS = { PersonalDataErased, GuestRetentionScheduled } satisfies Record<PrivacyEvent['type'], z.ZodType>;
export const PRIVACY_EVENT_TYPES = Object.keys(PRIVACY_EVENT_SCHEMAS) as PrivacyEvent['type'][];

export const erasureStream = (subject: string) => `privacy-${subject}`;
export const RETENTION_STREAM = 'privacy-retention';
