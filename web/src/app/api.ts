import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query/react';

/** The shape of every error answer from the server: `{ status: false, message }`. */
export interface ServerFailure {
  status: false;
  message: string;
}

export const api = createApi({
  reducerPath: 'api',
  baseQuery: fetchBaseQuery({
    credentials: 'same-origin',
    prepareHeaders: (headers, { arg }) => {
      // The server refuses state-changing requests without this header (CSRF guard).
      headers.set('X-Requested-With', 'fetch');
      if (typeof arg !== 'string' && arg.body !== undefined) {
        headers.set('Content-Type', 'application/json');
      }
      return headers;
    },
  }),
  tagTypes: ['Me', 'Menu', 'Cart', 'Settings', 'Order', 'LiveOrders', 'OrderTally', 'StoreStatus', 'DeliveringStatus', 'OosProducts', 'StoreLog'],
  endpoints: () => ({}),
});
