import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import type { FirstScreenEntry, FirstScreenQuery, FirstScreenRenderer } from '../../src/shared/first-screen';
import type { ContentPage, PartKind } from '../../src/shared/content-pages';
import { pageAt } from '../../src/shared/page-head';
import { api } from './app/api';
import { AppRoutes } from './app/router';
import { ShopApp } from './app/ShopApp';
import { createShopStore } from './app/store';
import { SHOP_SETTING_KEYS } from './features/settings/useShopSettings';
import { ABOUT_KEYS } from './features/brand/aboutKeys';
import { CONTACT_SHOWN_KEYS } from './features/contact/ContactForm';

/**
 * The web app's server build (issue 32 item 5): the menu's and /about's first screen, rendered by the same
 * components as in the browser, from the answers the shop gives it (src/http/first-screen.ts). Every query a
 * page's first screen reads is named here; a query left out would render as loading on the server and in the
 * browser's first render alike, and fetch afterwards.
 */
const EVERY_PAGE: FirstScreenQuery[] = [
  { endpointName: 'getSettings', arg: SHOP_SETTING_KEYS },
  { endpointName: 'me' },
  { endpointName: 'openingWeek' },
  // The banner: a closing notice's second line arriving after the menu would push the dishes down.
  { endpointName: 'storeStatus' },
];

/** The parts that read the menu (issue 39 item 1): the dish parts and the category filter. */
const MENU_PARTS: ReadonlySet<PartKind> = new Set(['product-image', 'add-to-cart', 'product-modal', 'add-various-to-cart', 'category-filter']);

export const queriesFor: FirstScreenRenderer['queriesFor'] = (pathname) => {
  const { page, slug } = pageAt(pathname);
  if (page === 'menu') return [...EVERY_PAGE, { endpointName: 'getMenu' }];
  if (page === 'about') return [...EVERY_PAGE, { endpointName: 'getSettings', arg: ABOUT_KEYS }, { endpointName: 'contentPage', arg: 'about' }];
  if (page === 'content') return [...EVERY_PAGE, { endpointName: 'contentPage', arg: slug }];
  return null;
};

/**
 * What a content page's parts read, so that a page holding them renders them on the server as in the browser:
 * the menu for the dish parts and the category filter, the contact form's settings for the form. A page without
 * them carries neither (nor opens the menu's live channel).
 */
export const thenQueriesFor: FirstScreenRenderer['thenQueriesFor'] = (entries) => {
  const page = entries.find((entry) => entry.endpointName === 'contentPage')?.value as ContentPage | undefined;
  const kinds = new Set(page?.parts.map((part) => part.kind));
  return [
    ...([...MENU_PARTS].some((kind) => kinds.has(kind)) ? [{ endpointName: 'getMenu' }] : []),
    ...(kinds.has('contact-form') ? [{ endpointName: 'getSettings', arg: CONTACT_SHOWN_KEYS }] : []),
  ];
};

async function text(stream: AsyncIterable<unknown>): Promise<string> {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(Buffer.isBuffer(part) ? part : Buffer.from(part as string));
  return Buffer.concat(parts).toString('utf8');
}

/** Waits for every part (a page's code loaded on demand too), so the markup is the whole first screen. */
export const render: FirstScreenRenderer['render'] = async (pathname, entries: readonly FirstScreenEntry[]) => {
  const store = createShopStore({ server: true });
  store.dispatch(api.util.upsertQueryEntries(entries as never));
  try {
    const { prelude } = await prerenderToNodeStream(
      <ShopApp store={store}>
        <StaticRouter location={pathname}>
          <AppRoutes />
        </StaticRouter>
      </ShopApp>,
      // All in place, in one piece: React otherwise sends a large part of the page later in the stream with an
      // inline script to move it in, which the Content-Security-Policy refuses (and there is no later here).
      { progressiveChunkSize: Number.POSITIVE_INFINITY },
    );
    // React puts preload links for the first screen's pictures before the markup; the head has those the page
    // needs (src/http/html-page.ts), and inside #root they are nodes the browser's render does not make.
    return (await text(prelude)).replace(/^(<link [^>]*>)+/, '');
  } finally {
    // Ends the cache entries' lifetimes and their timers: nothing of this page outlives its answer.
    store.dispatch(api.util.resetApiState());
  }
};
