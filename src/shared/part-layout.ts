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

/**
 * The `sizes` of a gallery's pictures (how wide each shows, for the browser's choice from the srcset): the screen
 * shared among the columns of each band.
 */
export function gallerySizes(wanted: number | undefined): string {
  const bands = GALLERY_WIDTH_CAPS.map((step) => `(max-width: ${step.below - 0.02}px) ${Math.ceil(100 / galleryColumns(wanted, step.below - 1))}vw`);
  return [...bands, `${Math.ceil(100 / galleryColumns(wanted, Number.MAX_SAFE_INTEGER))}vw`].join(', ');
}

/** The `sizes` of a video gallery's posters. */
export function videoPosterSizes(videos: number): string {
  return `(max-width: ${VIDEO_GALLERY_BREAK - 0.02}px) 100vw, ${Math.ceil(100 / videoGalleryColumns(videos, VIDEO_GALLERY_BREAK))}vw`;
}

/** How many pictures of a gallery show once its bottom has come into view `loads` times (0: the first render). */
export function galleryShown(total: number, loads: number): number {
  return Math.min(total, GALLERY_BATCH * (1 + Math.max(0, loads)));
}

/** A ratio's class name ('4:3' -> 'part-ratio-4x3'). */
export const ratioClass = (ratio: PictureRatio) => `part-ratio-${ratio.replace(':', 'x')}`;

/**
 * The stylesheet of these rules: the columns as media queries (`data-columns` is the gallery's wanted columns,
 * `data-count` a video gallery's videos, at most 4; each narrower band names only what changes there) and each
 * ratio as a class. Generated, so the CSS and the rules above cannot drift apart; short, as it is in every
 * page's first stylesheet.
 */
export function partLayoutCss(): string {
  const lines = ['/* Generated from src/shared/part-layout.ts (partLayoutCss); test/shared/part-layout.test.ts keeps them equal. */'];
  const grid = 'grid-template-columns: repeat(var(--part-columns), minmax(0, 1fr));';
  lines.push(`.part-gallery, .part-videos { ${grid} }`);
  const wanted = Array.from({ length: MAX_GALLERY_COLUMNS }, (_, index) => index + 1);
  const set = (selectors: string[], columns: number) => `${selectors.join(', ')} { --part-columns: ${columns}; }`;
  for (const want of wanted) lines.push(set([`.part-gallery[data-columns="${want}"]`], galleryColumns(want, Number.MAX_SAFE_INTEGER)));
  let wider = Number.MAX_SAFE_INTEGER;
  for (const step of [...GALLERY_WIDTH_CAPS].reverse()) {
    const changed = wanted.filter((want) => galleryColumns(want, step.below - 1) !== galleryColumns(want, wider));
    const byColumns = new Map<number, string[]>();
    for (const want of changed) {
      const columns = galleryColumns(want, step.below - 1);
      byColumns.set(columns, [...(byColumns.get(columns) ?? []), `.part-gallery[data-columns="${want}"]`]);
    }
    lines.push(`@media (max-width: ${step.below - 0.02}px) {`, ...[...byColumns].map(([columns, selectors]) => `  ${set(selectors, columns)}`), '}');
    wider = step.below - 1;
  }
  for (let count = 1; count <= MAX_VIDEO_COLUMNS; count += 1) lines.push(set([`.part-videos[data-count="${count}"]`], videoGalleryColumns(count, VIDEO_GALLERY_BREAK)));
  lines.push(`@media (max-width: ${VIDEO_GALLERY_BREAK - 0.02}px) {`, `  ${set(['.part-videos[data-count]'], videoGalleryColumns(MAX_VIDEO_COLUMNS, VIDEO_GALLERY_BREAK - 1))}`, '}');
  for (const ratio of PICTURE_RATIOS) {
    const [width, height] = ratio.split(':');
    lines.push(`.${ratioClass(ratio)} { aspect-ratio: ${width} / ${height}; }`);
  }
  return `${lines.join('\n')}\n`;
}
