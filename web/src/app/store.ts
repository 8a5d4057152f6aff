import { configureStore } from '@reduxjs/toolkit';
import { accessSlice } from '../features/auth/accessSlice';
import { addedSlice } from '../features/cart/addedSlice';
import { dialogSlice } from '../features/dialog/dialogSlice';
import { allergenFilterSlice } from '../features/menu/allergenFilterSlice';
import { categoryFilterSlice } from '../features/menu/categoryFilterSlice';
import { api } from './api';

const reducer = {
  [api.reducerPath]: api.reducer,
  [dialogSlice.reducerPath]: dialogSlice.reducer,
  [categoryFilterSlice.reducerPath]: categoryFilterSlice.reducer,
  [allergenFilterSlice.reducerPath]: allergenFilterSlice.reducer,
  [addedSlice.reducerPath]: addedSlice.reducer,
  [accessSlice.reducerPath]: accessSlice.reducer,
};

/**
 * The app's store, with the API's middleware (requests, live channels, cache lifetimes). The browser has one; the
 * server's first-screen render (entry-server.tsx) makes one per page, which only reads the answers it is given
 * (a render starts no request) and is reset after it.
 */
export function createShopStore(options: { server?: boolean } = {}) {
  // Development's checks of every action walk the whole state: a server's page need not pay for them.
  const checks = options.server ? { serializableCheck: false, immutableCheck: false } : {};
  return configureStore({
    reducer,
    middleware: (getDefaultMiddleware) => getDefaultMiddleware(checks).concat(api.middleware),
  });
}

export type ShopStore = ReturnType<typeof createShopStore>;
export type RootState = ReturnType<ShopStore['getState']>;
export type AppDispatch = ShopStore['dispatch'];
