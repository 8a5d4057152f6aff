import { z } from 'zod';
import { LIMIT_DEFAULTS, LIMIT_NAMES, limitVariable, type LimitName, type LimitSettings } from './definitions';

const limitValue = z
  .string()
  .trim()
  .regex(/^\d{1,9}\/\d{1,9}$/, 'must be <max>/<seconds>, e.g. 30/60')
  .transform((value) => {
    const [max, windowSeconds] = value.split('/').map(Number);
    return { max, windowSeconds };
  })
  .refine((value) => value.windowSeconds > 0, 'needs a window of at least 1 second');

/** The zod fields for every limit's variable, for the one configuration schema in src/config.ts. */
export const limitVariables = Object.fromEntries(LIMIT_NAMES.map((name) => [limitVariable(name), limitValue.optional()])) as Record<
  string,
  z.ZodOptional<typeof limitValue>
>;

/** Each limit's value: its variable when set, its default otherwise. */
export function limitSettings(parsed: Record<string, unknown>): LimitSettings {
  return Object.fromEntries(
    LIMIT_NAMES.map((name: LimitName) => [name, (parsed[limitVariable(name)] as LimitSettings[LimitName] | undefined) ?? LIMIT_DEFAULTS[name]]),
  ) as LimitSettings;
}
