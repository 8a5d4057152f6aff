import type sanitizeHtml from 'sanitize-html';
import { allowedStyle, modalLookOf, RICH_TEXT_ALLOW_LIST as ALLOW, styleDeclarations } from '../shared/rich-text-allow-list';

const options: sanitizeHtml.IOptions = {
  allowedTags: [...ALLOW.tags],
  allowedAttributes: ALLOW.attributes,
  allowedSchemes: [...ALLOW.linkSchemes],
  allowedSchemesByTag: {},
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  // Style is filtered by allowedStyle below, never parsed as CSS by sanitize-html (its postcss path is not used).
  parseStyleAttributes: false,
  disallowedTagsMode: 'discard',
  // The text of these is dropped with them; of any other refused tag, only the tag goes.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'title', 'template', 'xmp', 'iframe', 'noembed', 'noframes', 'plaintext', 'svg', 'math', 'object', 'embed'],
  enforceHtmlBoundary: false,
  // A picture stays only when it is one of the shop's own stored photos; its size only as whole pixels.
  exclusiveFilter: (frame) => frame.tag === 'img' && !ALLOW.imageSource.test(frame.attribs.src ?? ''),
  transformTags: {
    img: (tagName, attribs) => {
      const kept: Record<string, string> = {};
      for (const [name, value] of Object.entries(attribs)) {
        if (name === 'src' || name === 'alt') kept[name] = value;
        if ((name === 'width' || name === 'height') && /^[1-9]\d{0,3}$/.test(value)) kept[name] = value;
      }
      return { tagName, attribs: kept };
    },
    a: (tagName, attribs) => {
      // In the order they came (so the editor's own links read back unchanged), rel always the allow-list's.
      const kept: Record<string, string> = {};
      for (const [name, value] of Object.entries(attribs)) {
        if (name === 'href') kept.href = value;
        if (name === 'target' && value === ALLOW.linkTarget) kept.target = value;
        if (name === 'rel') kept.rel = ALLOW.linkRel;
        if (name === 'data-modal' && modalLookOf(value)) kept[name] = value;
      }
      // TipTap's link adds nofollow by default: kept, so the editor's own links read back unchanged.
      kept.rel = /(^|\s)nofollow(\s|$)/i.test(attribs.rel ?? '') ? `${ALLOW.linkRel} nofollow` : ALLOW.linkRel;
      return { tagName, attribs: kept };
    },
    '*': (tagName, attribs) => {
      if (attribs.style === undefined) return { tagName, attribs };
      const { style, ...rest } = attribs;
      const kept = allowedStyle(tagName, style);
      return { tagName, attribs: kept === '' ? rest : { ...rest, style: kept } };
    },
  },
};

/** A style attribute as the cleaning writes it: each declaration `property: value`, lower case, joined by '; '. */
function writtenStyle(style: string): string {
  return styleDeclarations(style)
    .map((declaration) => {
      const colon = declaration.indexOf(':');
      if (colon < 0) return declaration.toLowerCase();
      const property = declaration.slice(0, colon).trim().toLowerCase();
      const value = declaration.slice(colon + 1).trim().toLowerCase();
      return `${property}: ${property === 'font-size' ? value.replace(/\s+/g, '') : value}`;
    })
    .join('; ');
}

/**
 * Everything allowed: how sanitize-html writes the same HTML back (styles written as the cleaning writes them:
 * the editor's 'font-size: 24px;' is not a removal), to tell whether cleaning removed anything.
 */
const reserialise: sanitizeHtml.IOptions = {
  allowedTags: false,
  allowedAttributes: false,
  allowVulnerableTags: true,
  parseStyleAttributes: false,
  transformTags: { '*': (tagName, attribs) => ({ tagName, attribs: attribs.style === undefined ? attribs : { ...attribs, style: writtenStyle(attribs.style) } }) },
};

/**
 * The site's rich text, cleaned against the one allow-list (src/shared/rich-text-allow-list.ts). Never trust HTML
 * from a browser: every save of rich text (a page's part, a dish's description, the menu CSV) passes here.
 * Cleaning is stable: cleaning its own answer changes nothing (test/rich-text/clean.test.ts).
 */
export function cleanRichText(html: string): string {
  const sanitizeHtml = sanitizer();
  // Twice: one pass can leave something a second pass would read differently (mutation XSS).
  const once = sanitizeHtml(html, options);
  return sanitizeHtml(once, options);
}

/** The cleaned HTML and whether cleaning took away more than sanitize-html's own rewriting of the same HTML. */
export function richTextCleaning(html: string): { html: string; removed: boolean } {
  const cleaned = cleanRichText(html);
  return { html: cleaned, removed: cleaned !== sanitizer()(html, reserialise) };
}

/** sanitize-html (with its HTML and CSS parsers) is loaded at the first rich text cleaned, not at every start. */
const sanitizer = () => require('sanitize-html') as typeof sanitizeHtml;
