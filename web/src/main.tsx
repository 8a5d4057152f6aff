import 'bootstrap/dist/css/bootstrap.min.css';
// The content parts' layout (gallery columns, ratios) is in the first stylesheet: a content page's first screen,
// rendered on the server, lays its pictures out before the parts' lazily loaded views arrive.
import './features/content/parts/part-layout.css';
import './features/content/parts/parts.css';
import { startTransition, useEffect, useState } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter, useLocation } from 'react-router';
import { setupListeners } from '@reduxjs/toolkit/query';
import { FIRST_SCREEN_DATA_ID, type FirstScreenEntry } from '../../src/shared/first-screen';
import { api } from './app/api';
import { AppRoutes } from './app/router';
import { ShopApp } from './app/ShopApp';
import { createShopStore } from './app/store';
import { afterFirstRender } from './app/firstRender';
import { allergensRemembered, rememberedAllergens } from './features/menu/allergenFilterSlice';
import { preloadPartViews } from './features/content/parts/partKinds';
import type { ContentPage } from '../../src/shared/content-pages';

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html is missing #root');

const store = createShopStore();
setupListeners(store.dispatch);

/**
 * The first page's answers, subscribed to from before the first render until the visitor moves to another page.
 * Its parts are taken over after the page around them (web/src/app/firstRender.ts); an answer let go before, and
 * then refetched by a live channel's connection, would be dropped, and a part not yet taken over would find it gone.
 */
const held: Array<{ unsubscribe(): void }> = [];

function ReleaseOnLeaving() {
  const { pathname } = useLocation();
  const [firstPath] = useState(pathname);
  useEffect(() => {
    if (pathname !== firstPath) for (const subscription of held.splice(0)) subscription.unsubscribe();
  }, [pathname, firstPath]);
  return null;
}

// What this device remembers changes the menu's first screen, which must match the server's (which knows nothing
// of it): applied once the page is taken over.
void afterFirstRender().then(() => {
  const remembered = rememberedAllergens();
  if (remembered.length > 0) store.dispatch(allergensRemembered(remembered));
});

const app = (
  <ShopApp store={store}>
    <BrowserRouter>
      <AppRoutes />
      <ReleaseOnLeaving />
    </BrowserRouter>
  </ShopApp>
);

// The menu and /about come rendered by the server (src/http/first-screen.ts) with the answers it rendered them
// from: cached as if fetched, so the first render matches the markup and React takes it over (hydrates) without
// a request or a repaint. Other pages come empty and render here.
const firstScreen = document.getElementById(FIRST_SCREEN_DATA_ID);
// As a transition, the first render (or hydration) is split into short slices instead of one long task that
// holds a phone's main thread for half a second (issue 18): taps and scrolling stay answered meanwhile.
if (firstScreen?.textContent) {
  const entries = JSON.parse(firstScreen.textContent) as FirstScreenEntry[];
  store.dispatch(api.util.upsertQueryEntries(entries as never));
  // Subscribed at once (their data is there, so nothing is fetched): a cache entry nobody subscribes to is
  // dropped when its data is invalidated (the menu's live channel does that as it connects), and the hydrating
  // render would then find the menu loading where the server's markup has it.
  const endpoints = api.endpoints as unknown as Record<string, { initiate(arg: unknown): (dispatch: unknown) => unknown }>;
  for (const entry of entries) held.push(store.dispatch(endpoints[entry.endpointName].initiate(entry.arg) as never) as { unsubscribe(): void });
  // A content page's parts are loaded first, so that they are taken over with the rest in the first pass, while
  // the answers above are still held (a part hydrated later could find the menu it was rendered from gone).
  const page = entries.find((entry) => entry.endpointName === 'contentPage')?.value as ContentPage | undefined;
  const hydrate = () => startTransition(() => void hydrateRoot(rootElement, app));
  preloadPartViews(page?.parts.map((part) => part.kind) ?? []).then(hydrate, hydrate);
} else {
  const root = createRoot(rootElement);
  startTransition(() => root.render(app));
}
