import { z } from 'zod';

/** One stored width of the image (the photo pipeline's versions). */
const StoredWidth = z.object({ width: z.number().int().positive(), height: z.number().int().positive() });

/**
 * An image added to the media library (issue 39 item 4): its id is the digest of the uploaded bytes (the photo
 * store's file names), so the same picture uploaded again is the same image. Name, alt text and widths as
 * stored, who (the admin's login id) and when.
 */
export const MediaImageUploaded = z.object({
  type: z.literal('MediaImageUploaded'),
  data: z.object({
    imageId: z.string().regex(/^[0-9a-f]{32}$/),
    name: z.string(),
    alt: z.string(),
    widths: z.array(StoredWidth).min(1),
    uploadedBy: z.string(),
    uploadedAt: z.iso.datetime(),
  }),
});
export type MediaImageUploaded = z.infer<typeof MediaImageUploaded>;

/** The image's alt text changed: the new text, who and when. */
export const MediaAltChanged = z.object({
  type: z.literal('MediaAltChanged'),
  data: z.object({ imageId: z.string(), alt: z.string(), changedBy: z.string(), changedAt: z.iso.datetime() }),
});
export type MediaAltChanged = z.infer<typeof MediaAltChanged>;

/** The image left the library (its files stay: they are named by content and may be shown elsewhere). */
export const MediaImageDeleted = z.object({
  type: z.literal('MediaImageDeleted'),
  data: z.object({ imageId: z.string(), deletedBy: z.string(), deletedAt: z.iso.datetime() }),
});
export type MediaImageDeleted = z.infer<typeof MediaImageDeleted>;

export type MediaEvent = MediaImageUploaded | MediaAltChanged | MediaImageDeleted;

export const MEDIA_EVENT_SCHEMAS = { MediaImageUploaded, MediaAltChanged, MediaImageDeleted } satisfies Record<MediaEvent['type'], z.ZodType>;
export const MEDIA_EVENT_TYPES = Object.keys(MEDIA_EVENT_SCHEMAS) as MediaEvent['type'][];

export const MEDIA_STREAM_PREFIX = 'media-';
export const mediaStream = (imageId: string) => `${MEDIA_STREAM_PREFIX}${imageId}`;
