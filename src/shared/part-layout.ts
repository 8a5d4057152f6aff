/**
 * How the picture parts of a content page lay out (customer spec §9): a gallery's columns by screen width, a video
 * gallery's, a slideshow's pace. Pure and zod-free: the web app lays the parts out by CSS media queries written
 * from these same constants (`partLayoutCss`, checked against web/src/features/content/parts/part-layout.css by
 * test/shared/part-layout.test.ts), so the server's first render is right at any width.
 */
import { PICTURE_RATIOS, SLIDESHOW_INTERVALS, type PictureRatio, type SlideshowInterval } from './part-settings';

/** §9: a gallery has 3 columns unless its settings say otherwise. */
export const DEFAULT_GALLERY_COLUMNS = 3;
/** The most columns a gallery's settings may ask for (the server's schema keeps to it). */
export const MAX_GALLERY_COLUMNS = 4;
/** §9: at most 1 column below 370 px, 2 below 560 px, 3 below 768 px, from the narrowest up. */
export const GALLERY_WIDTH_CAPS = [
  { below: 370, columns: 1 },
  { below: 560, columns: 2 },
  { below: 768, columns: 3 },
] as const;

/** §9: a video gallery has 1 column below 768 px, else up to 4 (never more than it has videos). */
export const VIDEO_GALLERY_BREAK = 768;
export const MAX_VIDEO_COLUMNS = 4;

/** How many of a gallery's pictures the page shows at first; each time its bottom scrolls into view, as many more. */
export const GALLERY_BATCH = 6;

/** The columns a gallery shows on a screen `width` px wide, when its settings want `wanted` (3 when unset). */
export function galleryColumns(wanted: number | undefined, width: number): number {
  const asked = Math.min(MAX_GALLERY_COLUMNS, Math.max(1, Math.floor(wanted ?? DEFAULT_GALLERY_COLUMNS)));
  const cap = GALLERY_WIDTH_CAPS.find((step) => width < step.below)?.columns ?? MAX_GALLERY_COLUMNS;
  return Math.min(asked, cap);
}

/** The columns a video gallery of `videos` videos shows on a screen `width` px wide (at least 1). */
export function videoGalleryColumns(videos: number, width: number): number {
  if (width < VIDEO_GALLERY_BREAK) return 1;
  return Math.max(1, Math.min(MAX_VIDEO_COLUMNS, videos));
}

/** How long each slide shows, in ms, for a slideshow's pace (§9: medium, 5 s, when unset or unknown). */
export function slideshowIntervalMs(interval: SlideshowInterval | undefined): number {
  return interval !== undefined && Object.prototype.hasOwnProperty.call(SLIDESHOW_INTERVALS, interval) ? SLIDESHOW_INTERVALS[interval] : SLIDESHOW_INTERVALS.medium;
}

/** How many pictures of a gallery show once its bottom has come into view `loads` times (0: the first render). */
export function galleryShown(total: number, loads: number): number {
  return Math.min(total, GALLERY_BATCH * (1 + Math.max(0, loads)));
}

/** A ratio's class name ('4:3' -> 'part-ratio-4x3'). */
export const ratioClass = (ratio: PictureRatio) => `part-ratio-${ratio.replace(':', 'x')}`;

/**
 * The stylesheet of these rules: the columns as media queries (`data-columns` is the gallery's wanted columns,
 * `data-count` a video gallery's videos, at most 4) and each ratio as a class. Generated, so the CSS and the rules
 * above cannot drift apart.
 */
export function partLayoutCss(): string {
  const lines = ['/* Generated from src/shared/part-layout.ts (partLayoutCss); test/shared/part-layout.test.ts keeps them equal. */'];
  const columns = (count: number) => `repeat(${count}, minmax(0, 1fr))`;
  const wanted = Array.from({ length: MAX_GALLERY_COLUMNS }, (_, index) => index + 1);
  for (const want of wanted) lines.push(`.part-gallery[data-columns="${want}"] { grid-template-columns: ${columns(galleryColumns(want, 10_000))}; }`);
  for (const step of [...GALLERY_WIDTH_CAPS].reverse()) {
    lines.push(`@media (max-width: ${step.below - 0.02}px) {`);
    for (const want of wanted) lines.push(`  .part-gallery[data-columns="${want}"] { grid-template-columns: ${columns(galleryColumns(want, step.below - 1))}; }`);
    lines.push('}');
  }
  for (let count = 1; count <= MAX_VIDEO_COLUMNS; count += 1) {
    lines.push(`.part-videos[data-count="${count}"] { grid-template-columns: ${columns(videoGalleryColumns(count, VIDEO_GALLERY_BREAK))}; }`);
  }
  lines.push(`@media (max-width: ${VIDEO_GALLERY_BREAK - 0.02}px) {`);
  lines.push(`  .part-videos[data-count] { grid-template-columns: ${columns(videoGalleryColumns(MAX_VIDEO_COLUMNS, VIDEO_GALLERY_BREAK - 1))}; }`);
  lines.push('}');
  for (const ratio of PICTURE_RATIOS) {
    const [width, height] = ratio.split(':');
    lines.push(`.${ratioClass(ratio)} { aspect-ratio: ${width} / ${height}; }`);
  }
  return `${lines.join('\n')}\n`;
}
