import { escapeHtml } from './escape-html';
import { PHOTO_LINK } from './media';

/**
 * The one allow-list of the site's rich text (issue 39): what the TipTap editor produces (paragraphs, line
 * breaks, bold, italic, underline, strike, headings 2-4, lists, blockquotes, links, font sizes 8-150 px, text
 * alignment, and pictures of the shop's own media library inserted through the image picker) and nothing else. Data only, so the web app (the editor's toolbar) and the server share it; the
 * cleaning itself is `cleanRichText` in src/rich-text (sanitize-html, which the browser bundle must not carry).
 */
export const RICH_TEXT_ALLOW_LIST = {
  tags: ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'strike', 'h2', 'h3', 'h4', 'ul', 'ol', 'li', 'blockquote', 'a', 'span', 'img'],
  /** Per tag; `style` is allowed only with the properties below. */
  attributes: {
    a: ['href', 'target', 'rel', 'data-modal'],
    span: ['style'],
    p: ['style'],
    h2: ['style'],
    h3: ['style'],
    h4: ['style'],
    li: ['style'],
    blockquote: ['style'],
    img: ['src', 'alt', 'width', 'height'],
  } as Record<string, string[]>,
  linkSchemes: ['http', 'https', 'mailto'],
  /**
   * A link marked `data-modal` opens in the site's pop-up (issue 39 item 5, staff spec §2's generic modal) with
   * this look: plain, success (green) or error (red). The pop-up loads only this site's addresses.
   */
  modalLooks: ['plain', 'success', 'error'],
  /** The only target a link may have; every link gets this rel. */
  linkTarget: '_blank',
  linkRel: 'noopener noreferrer',
  /** Where each style property may appear. */
  fontSizeTags: ['span'],
  textAlignTags: ['p', 'h2', 'h3', 'h4', 'li', 'blockquote'],
  textAligns: ['left', 'right', 'center', 'justify'],
  /** A picture's only source: one of the shop's stored photos (`/uploads/<id>-<width>.webp`); any other picture goes. */
  imageSource: PHOTO_LINK,
} as const;

export type ModalLook = (typeof RICH_TEXT_ALLOW_LIST.modalLooks)[number];

/** A link's pop-up look, or undefined when the link does not open in the pop-up (or names no look the list allows). */
export function modalLookOf(value: string | null | undefined): ModalLook | undefined {
  return (RICH_TEXT_ALLOW_LIST.modalLooks as readonly string[]).includes(value ?? '') ? (value as ModalLook) : undefined;
}

/** The editor's font sizes (staff spec §2, §9), in px. */
export const RICH_TEXT_FONT_SIZES = { min: 8, max: 150 } as const;

/** The longest rich text one part or one dish's description may hold, in characters of HTML. */
export const RICH_TEXT_MAX_CHARS = 100_000;

export const RICH_TEXT_TEXTS = {
  removed: 'Some of what you typed was removed because it is not allowed on the site.',
  // Digits grouped by hand: dates, times and numbers are never formatted by the browser's locale (issue 38).
  tooLong: `That text is too long: it can be at most ${String(RICH_TEXT_MAX_CHARS).replace(/\B(?=(\d{3})+$)/g, ',')} characters of HTML.`,
} as const;

/** The one rule of a font size: a whole number of px from 8 to 150 (the editor's menu and the cleaner alike). */
export function isFontSizeInRange(px: number): boolean {
  return Number.isInteger(px) && px >= RICH_TEXT_FONT_SIZES.min && px <= RICH_TEXT_FONT_SIZES.max;
}

/** Whether a stored font-size value is one the editor offers: `<n>px`, n in range. */
export function isAllowedFontSize(value: string): boolean {
  const match = /^\s*(\d{1,3})px\s*$/.exec(value);
  return match !== null && isFontSizeInRange(Number(match[1]));
}

/**
 * Keeps only font-size (8-150 px, on spans) and text-align (one of four, on blocks) of a style attribute: the
 * server's cleaning and the pop-up's (in the browser) both keep exactly this.
 */
export function allowedStyle(tag: string, style: string): string {
  const kept: string[] = [];
  for (const declaration of styleDeclarations(style)) {
    const colon = declaration.indexOf(':');
    if (colon < 0) continue;
    const property = declaration.slice(0, colon).trim().toLowerCase();
    const value = declaration.slice(colon + 1).trim().toLowerCase();
    if (property === 'font-size' && (RICH_TEXT_ALLOW_LIST.fontSizeTags as readonly string[]).includes(tag) && isAllowedFontSize(value)) kept.push(`font-size: ${value.replace(/\s+/g, '')}`);
    if (property === 'text-align' && (RICH_TEXT_ALLOW_LIST.textAlignTags as readonly string[]).includes(tag) && (RICH_TEXT_ALLOW_LIST.textAligns as readonly string[]).includes(value)) kept.push(`text-align: ${value}`);
  }
  return kept.join('; ');
}

/** A style attribute's declarations, without the empty ones. */
export const styleDeclarations = (style: string): string[] =>
  style
    .split(';')
    .map((declaration) => declaration.trim())
    .filter((declaration) => declaration !== '');

/**
 * Plain text as rich text: escaped, each line a paragraph (blank lines dropped). How a dish's description
 * written before issue 39 (plain text) reads now.
 */
export function textAsRichText(text: string): string {
  return text
    .split(/\r\n|\r|\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .map((line) => `<p>${escapeHtml(line)}</p>`)
    .join('');
}
