import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Context, Next } from 'koa';
import { escapeHtml } from '../shared/escape-html';
import { MENU_CARD_IMAGE_SIZES } from '../shared/menu';
import { pageAt, pageHead, type HeadProduct, type PageHead } from '../shared/page-head';
import { WEEKDAYS, type SpecialDay, type Week } from '../shared/shifts';
import { FIRST_SCREEN_DATA_ID } from '../shared/first-screen';
import type { User } from '../identity/users';
import { firstScreen, type FirstScreenSources, type RenderedFirstScreen } from './first-screen';
import { pageScriptPolicy, withNonce } from './script-inventory';
import { withContentPageFrames } from './security-headers';

/** The shop's facts a page's head tells crawlers and link previews, from the settings. */
export interface ShopFacts {
  siteName: string;
  address: string;
  phone: string;
  /** The week's shifts and the special days (the store's opening hours). */
  week: Week;
  specialDays: readonly SpecialDay[];
}

export interface PageSources extends FirstScreenSources {
  shop(): Promise<ShopFacts>;
  /** The product a /product/{id} page shows, or null when the catalogue has no such product. */
  product(id: number): Promise<(HeadProduct & { image: string | null }) | null>;
  /** The picture of the menu's first card, the menu page's largest paint; null when it has none. */
  firstDishImage(): Promise<{ src: string; srcset: string | null } | null>;
}

/**
 * What the menu page fetches first, asked for by its head: the menu and the first card's picture then load
 * while the script does, rather than after it has run and rendered (issue 18: the largest paint waited 2.4 s
 * for its picture's request to start). `withMenu`: false when the page carries the menu already (its first
 * screen rendered on the server), where a preload nobody reads would only cost bytes and a console warning.
 */
export function menuPreloads(image: { src: string; srcset: string | null } | null, withMenu = true): string[] {
  const links = withMenu ? ['<link rel="preload" href="/api/menu" as="fetch" crossorigin="anonymous" />'] : [];
  if (image) {
    const srcset = image.srcset ? ` imagesrcset="${escapeHtml(image.srcset)}" imagesizes="${escapeHtml(MENU_CARD_IMAGE_SIZES)}"` : '';
    links.push(`<link rel="preload" as="image" href="${escapeHtml(image.src)}"${srcset} fetchpriority="high" />`);
  }
  return links;
}

const DAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/**
 * schema.org's opening hours: one entry per distinct shift with the days it runs (a closing time before the
 * opening time runs past midnight, as schema.org reads it), and a special day valid on its date alone
 * (00:00-00:00 for closed, as search engines read it).
 */
function openingHoursSpecification(week: Week, specialDays: readonly SpecialDay[]): object[] {
  const byShift = new Map<string, { opens: string; closes: string; dayOfWeek: string[] }>();
  for (const [index, day] of WEEKDAYS.entries()) {
    for (const shift of week[day]) {
      const entry = byShift.get(`${shift.open}-${shift.close}`) ?? { opens: shift.open, closes: shift.close, dayOfWeek: [] };
      entry.dayOfWeek.push(DAY_NAMES[index]);
      byShift.set(`${shift.open}-${shift.close}`, entry);
    }
  }
  const special = specialDays.flatMap((day) =>
    (day.shifts.length > 0 ? day.shifts : [{ open: '00:00', close: '00:00' }]).map((shift) => ({ opens: shift.open, closes: shift.close, validFrom: day.date, validThrough: day.date })),
  );
  return [...byShift.values(), ...special].map((entry) => ({ '@type': 'OpeningHoursSpecification', ...entry }));
}

/** schema.org Restaurant data, for search engines' local results. */
export function restaurantData(shop: ShopFacts, origin: string): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'Restaurant',
    name: shop.siteName,
    url: `${origin}/`,
    ...(shop.address ? { address: shop.address } : {}),
    ...(shop.phone ? { telephone: shop.phone } : {}),
    hasMenu: `${origin}/`,
    openingHoursSpecification: openingHoursSpecification(shop.week, shop.specialDays),
  };
}

/** JSON inside a script element: `<` escaped so no text of a setting can close the element. */
function scriptJson(value: object): string {
  return inScript(JSON.stringify(value));
}

const inScript = (json: string) => json.replace(/</g, '\\u003c');

export function headElements(head: PageHead, options: { shop: ShopFacts; origin: string; pathname: string; image?: string | null }): string {
  const url = `${options.origin}${options.pathname}`;
  const meta = (attribute: 'name' | 'property', key: string, content: string) =>
    `<meta ${attribute}="${key}" content="${escapeHtml(content)}" />`;
  return [
    `<title>${escapeHtml(head.title)}</title>`,
    meta('name', 'description', head.description),
    head.indexable ? `<link rel="canonical" href="${escapeHtml(url)}" />` : meta('name', 'robots', 'noindex'),
    meta('property', 'og:type', 'website'),
    meta('property', 'og:site_name', options.shop.siteName),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    meta('property', 'og:url', url),
    ...(options.image ? [meta('property', 'og:image', new URL(options.image, options.origin).href)] : []),
    `<script type="application/ld+json">${scriptJson(restaurantData(options.shop, options.origin))}</script>`,
  ].join('\n    ');
}

/**
 * Answers a page of the web app: its index.html with the page's own head, and 404 for a page that does not
 * exist (an unknown path, or a product the catalogue does not have). The React app shows the friendly page.
 * Its scripts run by this answer's nonce only (script-inventory.ts).
 */
export function servePages(options: { root: string; origin: string; sources: PageSources }) {
  const renderFirstScreen = firstScreen({ webRoot: options.root, sources: options.sources });
  let template: string | undefined;
  const readTemplate = () => {
    const file = path.join(options.root, 'index.html');
    if (!fs.existsSync(file)) return undefined;
    template ??= fs.readFileSync(file, 'utf8');
    return template;
  };

  return async (ctx: Context, next: Next): Promise<void> => {
    await next();
    if (ctx.body !== undefined || ctx.status !== 404 || !['GET', 'HEAD'].includes(ctx.method)) return;
    if (!isPagePath(ctx.path)) return;
    const html = readTemplate();
    if (html === undefined) {
      ctx.status = 503;
      ctx.body = 'The web app has not been built yet: run npm run build';
      return;
    }
    const { page, productId, slug } = pageAt(ctx.path);
    const user = ctx.state.user as User | undefined;
    const product = productId === undefined ? null : await options.sources.product(productId);
    const content = slug === undefined ? null : await options.sources.contentPage(slug, user);
    const found = page !== 'notFound' && (productId === undefined || product !== null) && (slug === undefined || content !== null);
    const shop = await options.sources.shop();
    const head = pageHead(found ? page : 'notFound', shop.siteName, product ?? undefined, content ?? undefined);
    const rendered = found ? await renderFirstScreen(ctx.path, user, ctx.log) : null;
    const preloads = found && page === 'menu' ? menuPreloads(await options.sources.firstDishImage(), rendered === null) : [];
    const elements = [headElements(head, { shop, origin: options.origin, pathname: ctx.path, image: product?.image }), ...preloads].join('\n    ');
    ctx.status = found ? 200 : 404;
    ctx.type = 'text/html';
    ctx.set('Cache-Control', 'no-cache');
    // A fresh nonce per answer, in a second policy beside the one every answer has: a script must pass both.
    const nonce = randomBytes(16).toString('base64');
    // A content page (one of the restaurant's own, /about among them) may frame the hosted video players.
    const policy = ctx.response.get('Content-Security-Policy');
    if (found && (page === 'content' || page === 'about') && typeof policy === 'string' && policy) ctx.set('Content-Security-Policy', withContentPageFrames(policy));
    ctx.append('Content-Security-Policy', pageScriptPolicy(nonce));
    ctx.body = withFirstScreen(withNonce(html, nonce).replace(/<title>[^<]*<\/title>/, () => elements), rendered);
  };
}

/**
 * The page with its first screen in #root, and the answers it was rendered from beside it as data (a JSON
 * script element runs nothing, so the Content-Security-Policy stays as it is). Both pages rendered on the
 * server are customer pages: the body has their theme's class from the first paint (useBrandTheme keeps it).
 */
function withFirstScreen(html: string, rendered: RenderedFirstScreen | null): string {
  if (!rendered) return html;
  const data = `<script type="application/json" id="${FIRST_SCREEN_DATA_ID}">${inScript(rendered.entriesJson)}</script>`;
  return lowPriorityScripts(html)
    .replace('<body>', '<body class="shop-themed">')
    .replace('<div id="root"></div>', () => `<div id="root">${rendered.markup}</div>\n    ${data}`);
}

/**
 * A page painted from its HTML needs its script only to become interactive: the app's entry and its preloaded
 * modules come after the stylesheet and the pictures, rather than beside them at high priority (a phone's
 * bandwidth goes to what paints first, and Lighthouse counts a high-priority script asked for before the first
 * paint as holding it up).
 */
function lowPriorityScripts(html: string): string {
  return html.replace(/<(script type="module"|link rel="modulepreload")(?![^>]*fetchpriority)/g, '<$1 fetchpriority="low"');
}

/**
 * API paths of the spec that are not under /api/; a miss there is answered in JSON, never with a page. One page
 * lives among them: the OAuth consent screen, `/oauth/authorize`, where clients send people (issue 41).
 */
export const API_PATH =
  /^(?!\/oauth\/authorize$)\/(api|events|oauth|takeaway)\/|^\/(api|events|oauth|complete-order|store-status|send_contact|deleteVoucherUse|try-to-apply-voucher|snowflakeImages|vouchers-status|healthz|readyz|metrics)$/;

/** A path a browser may open as a page: not an API path and not a file (a name with an extension). */
export function isPagePath(pathname: string): boolean {
  return !API_PATH.test(pathname) && path.extname(pathname) === '';
}
