import { configureStore } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import { addedSlice } from '../features/cart/addedSlice';
import { dialogSlice } from '../features/dialog/dialogSlice';
import { allergenFilterSlice } from '../features/menu/allergenFilterSlice';
import { categoryFilterSlice } from '../features/menu/categoryFilterSlice';
import { api } from './api';

export const store = configureStore({
  reducer: {
    [api.reducerPath]: api.reducer,
    [dialogSlice.reducerPath]: dialogSlice.reducer,
    [categoryFilterSlice.reducerPath]: categoryFilterSlice.reducer,
    [allergenFilterSlice.reducerPath]: allergenFilterSlice.reducer,
    [addedSlice.reducerPath]: addedSlice.reducer,
  },
  middleware: (getDefaultMiddleware) => getDefaultMiddleware().concat(api.middleware),
});

setupListeners(store.dispatch);

export type RootState = ReturnType<typeof store.getState>;
export type AppDispatch = typeof store.dispatch;
