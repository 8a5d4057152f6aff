/**
 * Each kind of content part's settings (issue 39 item 1; customer spec §3 "Gallery image", "Slide", "Video",
 * "Snow settings" and §9's constants), as the server stores them and the web app shows them. Zod-free: the web
 * app imports it; the server's schemas are `modules/content/part-settings/`. A picture is a link to one of the
 * media library's stored versions (`PHOTO_LINK`), with the alt text the library requires.
 */

/** Customer spec §9: a slideshow's and a gallery picture's shapes; 4:3 by default. */
export const PICTURE_RATIOS = ['16:9', '4:3', '9:16', '3:4'] as const;
export type PictureRatio = (typeof PICTURE_RATIOS)[number];
export const DEFAULT_RATIO: PictureRatio = '4:3';

/** Customer spec §9: a slideshow's pace, and how long each slide shows. */
export const SLIDESHOW_INTERVALS = { 'v.slow': 9000, slow: 7000, medium: 5000, fast: 3000, 'v.fast': 1000 } as const;
export type SlideshowInterval = keyof typeof SLIDESHOW_INTERVALS;
export const SLIDESHOW_EFFECTS = ['slide', 'fade'] as const;
export type SlideshowEffect = (typeof SLIDESHOW_EFFECTS)[number];

/** Customer spec §3 "Snow settings". */
export const SNOW_SPEEDS = ['very-slow', 'slow', 'medium', 'heavy', 'snowstorm'] as const;
export type SnowSpeed = (typeof SNOW_SPEEDS)[number];
export const SNOW_DENSITIES = ['light', 'medium', 'heavy'] as const;
export type SnowDensity = (typeof SNOW_DENSITIES)[number];

export const PART_SETTINGS_LIMITS = {
  /** Pictures in one gallery, slides in one slideshow, videos in one video gallery. */
  items: 60,
  caption: 200,
  alt: 250,
  videoTitle: 120,
  videoTag: 40,
  /** Dishes one "add several" button puts in the basket. */
  dishes: 20,
} as const;

export interface PartPicture {
  /** A stored version's link, `/uploads/<id>-<width>.webp`. */
  pic: string;
  alt: string;
  caption: string;
}

export interface GallerySettings {
  /** Columns on a wide screen (§9: 3 by default), fewer as the screen narrows. */
  columns: number;
  images: Array<PartPicture & { ratio: PictureRatio }>;
}

export interface SlideshowSettings {
  interval: SlideshowInterval;
  ratio: PictureRatio;
  effect: SlideshowEffect;
  slides: PartPicture[];
}

export interface VideoSettings {
  title: string;
  /** The hosted player's address (YouTube's nocookie domain or Vimeo), or a path of this shop. */
  href: string;
  ratio: PictureRatio;
  tag: string;
  /** The local picture shown until the visitor asks for the player. */
  poster: string;
}

export interface VideoGallerySettings {
  videos: VideoSettings[];
}

export interface SnowfallSettings {
  speed: SnowSpeed;
  density: SnowDensity;
}

/** A dish's picture, its add-to-basket button, or its details in a modal: the dish by id. */
export interface DishPartSettings {
  productId: number | null;
}

export interface AddVariousSettings {
  productIds: number[];
  /** The button's words, e.g. 'Add the family meal'. */
  label: string;
}

/** What a part of each kind holds besides its rich text ('text') or nothing (a contact form, a category filter). */
export interface PartSettingsByKind {
  text: Record<string, never>;
  gallery: GallerySettings;
  slideshow: SlideshowSettings;
  'video-gallery': VideoGallerySettings;
  'contact-form': Record<string, never>;
  'category-filter': Record<string, never>;
  'product-image': DishPartSettings;
  'add-to-cart': DishPartSettings;
  'product-modal': DishPartSettings;
  'add-various-to-cart': AddVariousSettings;
  snowfall: SnowfallSettings;
}
