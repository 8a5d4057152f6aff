import fs from 'node:fs';
import type { Logger } from 'pino';
import type { FirstScreenEntry, FirstScreenQuery, FirstScreenRenderer } from '../shared/first-screen';
import type { ContentPage } from '../shared/content-pages';
import type { MenuView } from '../shared/menu';
import type { Shift } from '../shared/shifts';
import type { StoreBanner } from '../shared/store-status';
import { publicUser } from '../identity/routes';
import type { User } from '../identity/users';
import { serverBuildOf } from './static-web';

/** What the first screen's queries are answered from: the read models the API routes answer from. */
export interface FirstScreenSources {
  /** POST /api/settings's values. */
  settings(keys: readonly string[]): Promise<Record<string, unknown>>;
  /** GET /api/menu's menu. */
  menu(): Promise<MenuView>;
  /** GET /api/opening-hours/week's week. */
  openingWeek(): Promise<{ today: string; days: Array<{ date: string; shifts: readonly Shift[]; special: string | null }> }>;
  /** The customer banner, as the browser makes it from GET /store-status, order_status and /api/minsToCloseTime. */
  storeBanner(): Promise<StoreBanner>;
  /** GET /api/pages/{slug}'s page as this visitor may see it (a draft: admins only), or null. */
  contentPage(slug: string, user: User | undefined): Promise<ContentPage | null>;
}

/**
 * Each query answered as its route answers it, in the shape the web app caches (after its transformResponse);
 * null when the web app asks for one this does not know, and the page is then sent unrendered.
 */
async function answer(query: FirstScreenQuery, sources: FirstScreenSources, user: User | undefined): Promise<FirstScreenEntry | null> {
  const entry = (value: unknown): FirstScreenEntry => ({ ...query, value });
  switch (query.endpointName) {
    case 'getSettings':
      return Array.isArray(query.arg) ? entry(await sources.settings(query.arg as string[])) : null;
    case 'getMenu': {
      const { categories, products } = await sources.menu();
      return entry({ categories, products });
    }
    case 'openingWeek':
      return entry({ status: true, ...(await sources.openingWeek()) });
    case 'me':
      return entry(user ? publicUser(user) : null);
    case 'storeStatus':
      return entry(await sources.storeBanner());
    case 'contentPage': {
      // A page not there (or not for this visitor) is not rendered: the page's answer is the 404's.
      const page = typeof query.arg === 'string' ? await sources.contentPage(query.arg, user) : null;
      return page ? entry(page) : null;
    }
    default:
      return null;
  }
}

export interface RenderedFirstScreen {
  /** The markup for #root. */
  markup: string;
  /** The answers it was rendered from, for the browser's first render, as JSON (made once: also the cache's key). */
  entriesJson: string;
}

/**
 * The menu's and /about's first screen rendered on the server (issue 32 item 5), by the web app's server build
 * (web/src/entry-server.tsx): the largest paint then needs no script. Rendered from the read models at each
 * request, so a changed dish or setting is in the next page; the last page rendered is kept and reused only
 * while the answers it was made from are the same. Without a server build (a web app not built yet), or if
 * rendering fails, pages go out unrendered and the browser renders them, as before.
 */
export function firstScreen(options: { webRoot: string; sources: FirstScreenSources }) {
  let renderer: FirstScreenRenderer | null | undefined;
  const load = (): FirstScreenRenderer | null => {
    if (renderer !== undefined) return renderer;
    const file = serverBuildOf(options.webRoot);
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- the web build's module, named at run time
    renderer = fs.existsSync(file) ? (require(file) as FirstScreenRenderer) : null;
    return renderer;
  };
  let last: { key: string; markup: string } | undefined;

  return async (pathname: string, user: User | undefined, log: Logger): Promise<RenderedFirstScreen | null> => {
    const render = load();
    const queries = render?.queriesFor(pathname);
    if (!render || !queries) return null;
    try {
      const ask = (asked: readonly FirstScreenQuery[]) => Promise.all(asked.map((query) => answer(query, options.sources, user)));
      const first = await ask(queries);
      const entries = first.some((entry) => entry === null) ? first : [...first, ...(await ask(render.thenQueriesFor(first as FirstScreenEntry[])))];
      if (entries.some((entry) => entry === null)) {
        log.warn({ pathname, queries: queries.map((query) => query.endpointName) }, 'the first screen asks for a query the server does not answer');
        return null;
      }
      const answered = entries as FirstScreenEntry[];
      const entriesJson = JSON.stringify(answered);
      const key = `${pathname} ${entriesJson}`;
      let markup = last?.key === key ? last.markup : undefined;
      if (markup === undefined) {
        markup = await render.render(pathname, answered);
        last = { key, markup };
      }
      return { markup, entriesJson };
    } catch (error) {
      log.error({ err: error, pathname }, 'the first screen could not be rendered on the server');
      return null;
    }
  };
}

export type FirstScreen = ReturnType<typeof firstScreen>;
