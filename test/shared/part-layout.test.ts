import fs from 'node:fs';
import path from 'node:path';
import {
  GALLERY_BATCH,
  galleryColumns,
  galleryShown,
  gallerySizes,
  partLayoutCss,
  ratioClass,
  slideshowIntervalMs,
  videoGalleryColumns,
  videoPosterSizes,
} from '../../src/shared/part-layout';
import { srcsetOfLink } from '../../src/shared/media';

describe('the content parts layout rules (customer spec §9)', () => {
  it('gives a gallery its wanted columns (3 by default), at most 1 below 370 px, 2 below 560 px, 3 below 768 px', () => {
    const widths = [320, 369, 370, 559, 560, 767, 768, 1280];
    expect(widths.map((width) => galleryColumns(undefined, width))).toEqual([1, 1, 2, 2, 3, 3, 3, 3]);
    expect(widths.map((width) => galleryColumns(4, width))).toEqual([1, 1, 2, 2, 3, 3, 4, 4]);
    expect(widths.map((width) => galleryColumns(2, width))).toEqual([1, 1, 2, 2, 2, 2, 2, 2]);
    expect(widths.map((width) => galleryColumns(1, width))).toEqual([1, 1, 1, 1, 1, 1, 1, 1]);
    expect([galleryColumns(0, 1280), galleryColumns(9, 1280), galleryColumns(2.7, 1280)]).toEqual([1, 4, 2]);
  });

  it('gives a video gallery 1 column below 768 px, else up to 4 and never more than its videos', () => {
    expect([1, 2, 3, 4, 5, 9].map((videos) => videoGalleryColumns(videos, 767))).toEqual([1, 1, 1, 1, 1, 1]);
    expect([0, 1, 2, 3, 4, 5, 9].map((videos) => videoGalleryColumns(videos, 768))).toEqual([1, 1, 2, 3, 4, 4, 4]);
  });

  it("tells the browser how wide a gallery's pictures and a video gallery's posters show, for the srcset", () => {
    expect(gallerySizes(undefined)).toBe('(max-width: 369.98px) 100vw, (max-width: 559.98px) 50vw, (max-width: 767.98px) 34vw, 34vw');
    expect(gallerySizes(1)).toBe('(max-width: 369.98px) 100vw, (max-width: 559.98px) 100vw, (max-width: 767.98px) 100vw, 100vw');
    expect(videoPosterSizes(2)).toBe('(max-width: 767.98px) 100vw, 50vw');
    expect(srcsetOfLink('/uploads/0123456789abcdef0123456789abcdef-640.webp')).toBe(
      '/uploads/0123456789abcdef0123456789abcdef-320.webp 320w, /uploads/0123456789abcdef0123456789abcdef-640.webp 640w',
    );
    expect(srcsetOfLink('/uploads/0123456789abcdef0123456789abcdef-800.webp')).toBe(
      '/uploads/0123456789abcdef0123456789abcdef-320.webp 320w, /uploads/0123456789abcdef0123456789abcdef-640.webp 640w, /uploads/0123456789abcdef0123456789abcdef-800.webp 800w',
    );
    expect(srcsetOfLink('https://elsewhere.example/a.webp')).toBeUndefined();
  });

  it("reads a slideshow's pace as ms, medium (5 s) when unset", () => {
    expect((['v.slow', 'slow', 'medium', 'fast', 'v.fast'] as const).map(slideshowIntervalMs)).toEqual([9000, 7000, 5000, 3000, 1000]);
    expect(slideshowIntervalMs(undefined)).toBe(5000);
    expect(slideshowIntervalMs('toString' as never)).toBe(5000);
  });

  it('shows a first batch of a gallery, then a batch more each time its bottom comes into view', () => {
    expect([0, 1, 2, 3].map((loads) => galleryShown(GALLERY_BATCH * 2 + 1, loads))).toEqual([GALLERY_BATCH, GALLERY_BATCH * 2, GALLERY_BATCH * 2 + 1, GALLERY_BATCH * 2 + 1]);
    expect(galleryShown(2, 0)).toBe(2);
  });

  it("is the web app's stylesheet word for word, so the CSS and the rules cannot drift apart", () => {
    const css = fs.readFileSync(path.join(__dirname, '../../web/src/features/content/parts/part-layout.css'), 'utf8');
    expect(css).toBe(partLayoutCss());
    const narrowest = css.split('@media (max-width: 369.98px) {')[1].split('\n}')[0];
    expect(narrowest).toContain('.part-gallery[data-columns="2"], .part-gallery[data-columns="3"], .part-gallery[data-columns="4"] { --part-columns: 1; }');
    expect(css).toContain(`.${ratioClass('16:9')} { aspect-ratio: 16 / 9; }`);
  });
});
