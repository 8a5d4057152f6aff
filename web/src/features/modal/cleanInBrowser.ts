import { PHOTO_LINK } from '../../../../src/shared/media';
import { allowedStyle, modalLookOf, RICH_TEXT_ALLOW_LIST as ALLOW } from '../../../../src/shared/rich-text-allow-list';

/** Refused with everything inside them, as the server's cleaning does (src/rich-text/clean.ts's nonTextTags). */
const DROPPED_WHOLE = new Set(['script', 'style', 'textarea', 'option', 'noscript', 'title', 'template', 'xmp', 'iframe', 'noembed', 'noframes', 'plaintext', 'svg', 'math', 'object', 'embed']);
const HTML_NAMESPACE = 'http://www.w3.org/1999/xhtml';
const WHOLE_PIXELS = /^[1-9]\d{0,3}$/;

/**
 * HTML fetched for the pop-up, kept to the site's one allow-list (src/shared/rich-text-allow-list.ts) in the
 * browser: the server's cleaner (sanitize-html) is not in the browser bundle, so this walks the HTML parsed in an
 * inert document (nothing in it runs or loads) and keeps only what the allow-list keeps: its tags (any other tag
 * goes, its text stays, except those refused whole), their allowed attributes, links of the allowed schemes,
 * pictures of the shop's library, the allowed styles. Browser only (DOMParser).
 */
export function cleanInBrowser(html: string): string {
  const document = new DOMParser().parseFromString(html, 'text/html');
  cleanChildren(document.body);
  return document.body.innerHTML;
}

function cleanChildren(parent: Element): void {
  for (const node of Array.from(parent.childNodes)) {
    if (node.nodeType === Node.TEXT_NODE) continue;
    if (node.nodeType !== Node.ELEMENT_NODE) {
      node.remove();
      continue;
    }
    const element = node as Element;
    const tag = element.localName.toLowerCase();
    if (element.namespaceURI !== HTML_NAMESPACE || DROPPED_WHOLE.has(tag)) {
      element.remove();
      continue;
    }
    cleanChildren(element);
    if (!(ALLOW.tags as readonly string[]).includes(tag)) {
      element.replaceWith(...Array.from(element.childNodes));
      continue;
    }
    if (tag === 'img' && !ALLOW.imageSource.test(element.getAttribute('src') ?? '')) {
      element.remove();
      continue;
    }
    cleanAttributes(element, tag);
  }
}

function cleanAttributes(element: Element, tag: string): void {
  const allowed = ALLOW.attributes[tag] ?? [];
  for (const { name, value } of Array.from(element.attributes)) {
    if (!allowed.includes(name) || !keeps(tag, name, value)) element.removeAttribute(name);
    else if (name === 'style') element.setAttribute('style', allowedStyle(tag, value));
  }
  if (tag === 'a') element.setAttribute('rel', /(^|\s)nofollow(\s|$)/i.test(element.getAttribute('rel') ?? '') ? `${ALLOW.linkRel} nofollow` : ALLOW.linkRel);
}

function keeps(tag: string, name: string, value: string): boolean {
  switch (name) {
    case 'href':
      return linkAllowed(value);
    case 'target':
      return value === ALLOW.linkTarget;
    case 'data-modal':
      return modalLookOf(value) !== undefined;
    case 'src':
      return PHOTO_LINK.test(value);
    case 'width':
    case 'height':
      return WHOLE_PIXELS.test(value);
    case 'style':
      return allowedStyle(tag, value) !== '';
    default:
      return true;
  }
}

/** A link of an allowed scheme (http, https, mailto), or a path on this site; never protocol-relative. */
function linkAllowed(href: string): boolean {
  // Browsers ignore control characters and spaces in a scheme ('java\tscript:'): so does this check.
  const squeezed = Array.from(href)
    .filter((character) => character.charCodeAt(0) > 0x20 && character.charCodeAt(0) !== 0x7f)
    .join('');
  if (squeezed.startsWith('//') || squeezed.startsWith('\\')) return false;
  try {
    const url = new URL(squeezed, window.location.href);
    return (ALLOW.linkSchemes as readonly string[]).includes(url.protocol.replace(/:$/, ''));
  } catch {
    return false;
  }
}
