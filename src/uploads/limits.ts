import { PHOTO_WIDTHS } from '../shared/media';

/** What a photo upload may be, in one place: the route, the image checks and docs/menu.md ("Photos") quote these. */
export const UPLOAD_LIMITS = {
  /** Bytes of one uploaded file: a phone's full-size JPEG fits; anything bigger is refused with a 413. */
  maxBytes: 5 * 1024 * 1024,
  /** Declared pixels, checked from the header before any decoding, so a decompression bomb never unpacks. */
  maxPixels: 40_000_000,
  /** The widths stored for srcset; a smaller photo is never enlarged, so its own width is its largest. */
  widths: PHOTO_WIDTHS,
  /** Formats read from the file's own bytes; anything else (SVG, PDF, TIFF, an executable) is refused. */
  formats: ['jpeg', 'png', 'webp', 'gif'] as const,
  /** Uploads waiting their turn (beyond the one being processed) before the next is asked to try again. */
  maxWaiting: 4,
};

export const UPLOAD_PATH = '/api/uploadImage';
export const UPLOADS_URL = '/uploads';

/** Where a shop keeps its uploads: DATA_DIR/uploads (the photo store serves it; a backup takes it). */
export const uploadsFolder = (dataDir: string): string => `${dataDir.replace(/\/+$/, '')}/uploads`;
