import { z } from 'zod';
import { HOLD_SHARE_DEFAULTS, HOLD_SHARE_NAMES, LIMIT_DEFAULTS, LIMIT_NAMES, limitVariable, type HoldShares, type LimitName, type LimitSettings } from './definitions';

const limitValue = z
  .string()
  .trim()
  .regex(/^\d{1,9}\/\d{1,9}$/, 'must be <max>/<seconds>, e.g. 30/60')
  .transform((value) => {
    const [max, windowSeconds] = value.split('/').map(Number);
    return { max, windowSeconds };
  })
  .refine((value) => value.windowSeconds > 0, 'needs a window of at least 1 second');

const shareValue = z
  .string()
  .trim()
  .regex(/^\d{1,3}%?$/, 'must be a percentage from 1 to 100, e.g. 25')
  .transform((value) => Number.parseInt(value, 10))
  .refine((percent) => percent >= 1 && percent <= 100, 'must be a percentage from 1 to 100, e.g. 25');

/** The zod fields for every limit's and share's variable, for the one configuration schema in src/config.ts. */
export const limitVariables = {
  ...Object.fromEntries(LIMIT_NAMES.map((name) => [limitVariable(name), limitValue.optional()])),
  ...Object.fromEntries(HOLD_SHARE_NAMES.map((name) => [limitVariable(name), shareValue.optional()])),
} as Record<string, z.ZodOptional<typeof limitValue> | z.ZodOptional<typeof shareValue>>;

/** Each limit's value: its variable when set, its default otherwise. */
export function limitSettings(parsed: Record<string, unknown>): LimitSettings {
  return Object.fromEntries(
    LIMIT_NAMES.map((name: LimitName) => [name, (parsed[limitVariable(name)] as LimitSettings[LimitName] | undefined) ?? LIMIT_DEFAULTS[name]]),
  ) as LimitSettings;
}

/** Each share's percentage: its variable when set, its default otherwise. */
export function holdShareSettings(parsed: Record<string, unknown>): HoldShares {
  return Object.fromEntries(HOLD_SHARE_NAMES.map((name) => [name, (parsed[limitVariable(name)] as number | undefined) ?? HOLD_SHARE_DEFAULTS[name]])) as HoldShares;
}
