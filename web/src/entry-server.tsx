import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import type { FirstScreenEntry, FirstScreenQuery, FirstScreenRenderer } from '../../src/shared/first-screen';
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

/**
 * What a content page's parts read (issue 39 item 1): the menu (the dish parts and the category filter) and the
 * contact form's settings, so that a page holding them renders them on the server as in the browser.
 */
const CONTENT_PARTS: FirstScreenQuery[] = [
  { endpointName: 'getMenu' },
  { endpointName: 'getSettings', arg: CONTACT_SHOWN_KEYS },
];

export const queriesFor: FirstScreenRenderer['queriesFor'] = (pathname) => {
  const { page, slug } = pageAt(pathname);
  if (page === 'menu') return [...EVERY_PAGE, { endpointName: 'getMenu' }];
  if (page === 'about') return [...EVERY_PAGE, { endpointName: 'getSettings', arg: ABOUT_KEYS }, { endpointName: 'contentPage', arg: 'about' }, ...CONTENT_PARTS];
  if (page === 'content') return [...EVERY_PAGE, { endpointName: 'contentPage', arg: slug }, ...CONTENT_PARTS];
  return null;
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
