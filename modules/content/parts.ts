import { z } from 'zod';
import { DomainError } from '../../src/core/errors';
import type { PartKind } from '../../src/shared/content-pages';

/**
 * Each kind of part's settings, validated (issue 39): empty for now; the gallery, slideshow, video and snowfall
 * parts add theirs here as they are built, each a strict zod object, so nothing unknown is ever stored.
 */
export const PART_PROPS = {
  text: z.strictObject({}),
  gallery: z.strictObject({}),
  slideshow: z.strictObject({}),
  'video-gallery': z.strictObject({}),
  'contact-form': z.strictObject({}),
  'category-filter': z.strictObject({}),
  'product-image': z.strictObject({}),
  'add-to-cart': z.strictObject({}),
  'product-modal': z.strictObject({}),
  'add-various-to-cart': z.strictObject({}),
  snowfall: z.strictObject({}),
} satisfies Record<PartKind, z.ZodType>;

/** A part's settings as its kind allows them, or a refusal naming the kind. */
export function partProps(kind: PartKind, props: Record<string, unknown>): Record<string, unknown> {
  const parsed = PART_PROPS[kind].safeParse(props);
  if (!parsed.success) throw new DomainError('invalid', `props: not the settings of a ${kind} part`);
  return parsed.data;
}
