/**
 * The media library (issue 39 item 4): what the server answers about an image, the words both sides use, and
 * the message the image picker sends its opener (the in-place editor). Zod-free: the web app imports it.
 */

/** One stored width of an image (the photo pipeline's srcset versions). */
export interface MediaWidth {
  width: number;
  height: number;
}

/** An image of the library as `GET /api/media` answers it; `url` is its largest version, `uses` how many dishes and page parts show it. */
export interface MediaImage {
  id: string;
  name: string;
  alt: string;
  url: string;
  widths: MediaWidth[];
  uses: number;
}

/** What "Insert" hands the editor that opened the picker. */
export interface PickedImage {
  url: string;
  alt: string;
  width: number;
  height: number;
}

/** The message type the picker posts to `window.opener`; the editor listens for it. */
export const MEDIA_PICKED = 'media-picked';

/** `window.opener.postMessage(message, location.origin)`: the editor checks `event.origin` and `type`. */
export interface MediaPickedMessage {
  type: typeof MEDIA_PICKED;
  editorId: string;
  image: PickedImage;
}

/** The picker's address (staff spec §2), for an editor id; the editor opens it 70 % wide, 50 % tall. */
export const IMAGE_PICKER_PATH = '/admin/elfinder/popup/:editorId';
export const imagePickerPath = (editorId: string) => `/admin/elfinder/popup/${encodeURIComponent(editorId)}`;
/** An editor id: what an editor may call itself (it comes back in the message). */
export const EDITOR_ID = /^[A-Za-z0-9_-]{1,64}$/;
/** The window the editor opens for the picker (staff spec §2). */
export const IMAGE_PICKER_WINDOW = { widthShare: 0.7, heightShare: 0.5 } as const;

export const MEDIA_LIMITS = {
  /** An image's name (its file's name without the extension). */
  name: 120,
  /** Alt text: a sentence or two, as screen readers read it. */
  alt: 250,
  /** The search box. */
  search: 120,
} as const;

/** An image's id is its content's digest (the photo store's file names): the same picture uploaded twice is one image. */
export const MEDIA_ID = /^[0-9a-f]{32}$/;

/** A link to a stored photo (src/uploads serves them): its digest (an image's id) and width. */
export const PHOTO_LINK = /^\/uploads\/([0-9a-f]{32})-([1-9][0-9]{0,3})\.webp$/;

/** The widths the photo pipeline stores of every upload, for srcset (src/uploads re-encodes at these). */
export const PHOTO_WIDTHS = [320, 640, 1280] as const;

/** The widths stored of a photo `width` px wide: the standard ones below its own width, and its own (capped at the largest). */
export function versionWidths(width: number): number[] {
  const largest = PHOTO_WIDTHS[PHOTO_WIDTHS.length - 1];
  const own = Math.min(width, largest);
  return [...PHOTO_WIDTHS.filter((standard) => standard < own), own];
}

/**
 * The srcset of a stored version's link: it and the library's narrower versions of the same image (which the
 * pipeline always stores, `versionWidths`); undefined for any other link.
 */
export function srcsetOfLink(link: string): string | undefined {
  const match = PHOTO_LINK.exec(link);
  if (!match) return undefined;
  return versionWidths(Number(match[2]))
    .map((width) => `${mediaUrl(match[1], width)} ${width}w`)
    .join(', ');
}

/** A stored version's link; the photo store serves it. */
export const mediaUrl = (id: string, width: number) => `/uploads/${id}-${width}.webp`;

/** The image a link to one of its versions names (`/uploads/<id>-<width>.webp`), or null. */
export function mediaIdOfLink(link: string): string | null {
  const match = PHOTO_LINK.exec(link);
  return match ? match[1] : null;
}

/** The name the library gives an uploaded file: its file name without the extension. */
export function mediaNameOf(fileName: string): string {
  const base = fileName.replace(/^.*[\\/]/, '');
  const dot = base.lastIndexOf('.');
  return (dot > 0 ? base.slice(0, dot) : base).trim();
}

export const MEDIA_TEXTS = {
  /** Staff spec §8: the upload's alert, followed by the server's reason. */
  uploadFailed: 'there was an error uploading your file',
  altRequired: 'Describe the image (its alt text) before inserting it',
  altSaved: 'Alt text saved',
  notFound: 'There is no such image in the library',
  deleted: 'Image deleted',
} as const;
