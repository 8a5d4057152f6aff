import type { z } from 'zod';
import { DomainError } from '../../src/core/errors';
import type { PartKind } from '../../src/shared/content-pages';
import { PART_SETTINGS } from './part-settings/schemas';

/** A part's settings as its kind allows them (defaults for what is left out), or a refusal naming the field. */
export function partProps(kind: PartKind, props: Record<string, unknown>): Record<string, unknown> {
  const parsed = (PART_SETTINGS[kind] as z.ZodType<Record<string, unknown>>).safeParse(props);
  if (!parsed.success) {
    const [issue] = parsed.error.issues;
    const where = issue.path.length > 0 ? `props.${issue.path.join('.')}` : 'props';
    throw new DomainError('invalid', `${where}: ${issue.message} (the settings of a ${kind} part)`);
  }
  return parsed.data;
}
