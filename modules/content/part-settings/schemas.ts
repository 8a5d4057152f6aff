import { z } from 'zod';
import { singleLineText } from '../../../src/shared/text';
import { PHOTO_LINK } from '../../../src/shared/media';
import {
  DEFAULT_RATIO,
  PART_SETTINGS_LIMITS as LIMITS,
  PICTURE_RATIOS,
  SLIDESHOW_EFFECTS,
  SLIDESHOW_INTERVALS,
  SNOW_DENSITIES,
  SNOW_SPEEDS,
  type PartSettingsByKind,
} from '../../../src/shared/part-settings';
import type { PartKind } from '../../../src/shared/content-pages';
import { DEFAULT_GALLERY_COLUMNS, MAX_GALLERY_COLUMNS } from '../../../src/shared/part-layout';

/** A picture of the media library: one of its stored versions, never a link elsewhere. */
const pic = z.string().regex(PHOTO_LINK, 'must be a picture of the media library');
const alt = singleLineText({ max: LIMITS.alt, min: 1, required: 'describe the picture for people who cannot see it' });
const caption = singleLineText({ max: LIMITS.caption }).default('');
const ratio = z.enum(PICTURE_RATIOS).default(DEFAULT_RATIO);
const picture = { pic, alt, caption };

/**
 * Where a video's player may come from: YouTube's privacy-enhanced domain, Vimeo's player, or a path of this
 * shop (a local file). The content pages' Content-Security-Policy allows the two hosts in frames, nothing else.
 */
export const VIDEO_HREF = /^(https:\/\/www\.youtube-nocookie\.com\/embed\/[A-Za-z0-9_-]{6,20}|https:\/\/player\.vimeo\.com\/video\/[0-9]{4,12}|\/(?!\/)[A-Za-z0-9._~/-]{1,200})$/;

const dish = z.number().int().positive().nullable().default(null);

/** Each kind's settings, strict: anything unknown is refused, never stored; what is left out takes its default. */
export const PART_SETTINGS = {
  text: z.strictObject({}),
  gallery: z.strictObject({
    columns: z.number().int().min(1).max(MAX_GALLERY_COLUMNS).default(DEFAULT_GALLERY_COLUMNS),
    images: z.array(z.strictObject({ ...picture, ratio })).max(LIMITS.items).default([]),
  }),
  slideshow: z.strictObject({
    interval: z.enum(Object.keys(SLIDESHOW_INTERVALS) as [keyof typeof SLIDESHOW_INTERVALS]).default('medium'),
    ratio,
    effect: z.enum(SLIDESHOW_EFFECTS).default('slide'),
    slides: z.array(z.strictObject(picture)).max(LIMITS.items).default([]),
  }),
  'video-gallery': z.strictObject({
    videos: z
      .array(
        z.strictObject({
          title: singleLineText({ max: LIMITS.videoTitle, min: 1, required: 'give the video a title' }),
          href: z.string().regex(VIDEO_HREF, 'must be a YouTube (youtube-nocookie.com/embed) or Vimeo (player.vimeo.com/video) player, or a path of this shop'),
          ratio: z.enum(PICTURE_RATIOS).default('16:9'),
          tag: singleLineText({ max: LIMITS.videoTag }).default(''),
          poster: pic,
        }),
      )
      .max(LIMITS.items)
      .default([]),
  }),
  'contact-form': z.strictObject({}),
  'category-filter': z.strictObject({}),
  'product-image': z.strictObject({ productId: dish }),
  'add-to-cart': z.strictObject({ productId: dish }),
  'product-modal': z.strictObject({ productId: dish }),
  'add-various-to-cart': z.strictObject({
    productIds: z.array(z.number().int().positive()).max(LIMITS.dishes).default([]),
    label: singleLineText({ max: 80 }).default(''),
  }),
  snowfall: z.strictObject({ speed: z.enum(SNOW_SPEEDS).default('medium'), density: z.enum(SNOW_DENSITIES).default('medium') }),
} satisfies { [K in PartKind]: z.ZodType<PartSettingsByKind[K], unknown> };
