import { z } from 'zod';
import { CONTAINER_TYPES, PART_KINDS } from '../../src/shared/content-pages';

/**
 * A content page's events (issue 39), one stream per page: the page, its parts, and every edit of a part's text
 * with who, when, the text before and the text after. `by` is the staff login's id (`system` for the seed).
 */
const who = { by: z.string(), at: z.iso.datetime() };
const slug = z.string();
const partId = z.uuid();

export const PageCreated = z.object({
  type: z.literal('PageCreated'),
  data: z.object({ slug, title: z.string(), description: z.string(), ...who }),
});
export const PageRetitled = z.object({
  type: z.literal('PageRetitled'),
  data: z.object({ slug, title: z.string(), description: z.string(), ...who }),
});
export const PagePublished = z.object({ type: z.literal('PagePublished'), data: z.object({ slug, ...who }) });
export const PageUnpublished = z.object({ type: z.literal('PageUnpublished'), data: z.object({ slug, ...who }) });

/** `position` counts from 1 within the part's container; the parts after it there move down one. */
export const PagePartAdded = z.object({
  type: z.literal('PagePartAdded'),
  data: z.object({
    slug,
    partId,
    compId: z.string(),
    kind: z.enum(PART_KINDS),
    containerType: z.enum(CONTAINER_TYPES),
    container: z.string(),
    position: z.number().int().positive(),
    html: z.string(),
    props: z.record(z.string(), z.unknown()),
    ...who,
  }),
});
export const PagePartRemoved = z.object({ type: z.literal('PagePartRemoved'), data: z.object({ slug, partId, ...who }) });

/** A text part's rich text changed (an edit, or a restore of an older version): cleaned HTML, before and after. */
export const PagePartEdited = z.object({
  type: z.literal('PagePartEdited'),
  data: z.object({ slug, partId, before: z.string(), after: z.string(), ...who }),
});

/** A part's settings changed (a gallery's pictures, a slideshow's pace): the whole settings, before and after. */
export const PagePartSettingsChanged = z.object({
  type: z.literal('PagePartSettingsChanged'),
  data: z.object({ slug, partId, before: z.record(z.string(), z.unknown()), after: z.record(z.string(), z.unknown()), ...who }),
});

export type PageCreated = z.infer<typeof PageCreated>;
export type PageRetitled = z.infer<typeof PageRetitled>;
export type PagePublished = z.infer<typeof PagePublished>;
export type PageUnpublished = z.infer<typeof PageUnpublished>;
export type PagePartAdded = z.infer<typeof PagePartAdded>;
export type PagePartRemoved = z.infer<typeof PagePartRemoved>;
export type PagePartEdited = z.infer<typeof PagePartEdited>;
export type PagePartSettingsChanged = z.infer<typeof PagePartSettingsChanged>;
export type ContentEvent = PageCreated | PageRetitled | PagePublished | PageUnpublished | PagePartAdded | PagePartRemoved | PagePartEdited | PagePartSettingsChanged;

export const CONTENT_EVENT_SCHEMAS = {
  PageCreated,
  PageRetitled,
  PagePublished,
  PageUnpublished,
  PagePartAdded,
  PagePartRemoved,
  PagePartEdited,
  PagePartSettingsChanged,
} satisfies Record<ContentEvent['type'], z.ZodType>;
export const CONTENT_EVENT_TYPES = Object.keys(CONTENT_EVENT_SCHEMAS) as ContentEvent['type'][];

export const pageStream = (slug: string) => `page-${slug}`;
