import { createApi, fetchBaseQuery, type BaseQueryFn, type FetchArgs, type FetchBaseQueryError } from '@reduxjs/toolkit/query/react';

/** The shape of every error answer from the server: `{ status: false, message }`. */
export interface ServerFailure {
  status: false;
  message: string;
}

const fetchJson = fetchBaseQuery({
    credentials: 'same-origin',
    prepareHeaders: (headers, { arg }) => {
      // The server refuses state-changing requests without this header (CSRF guard).
      headers.set('X-Requested-With', 'fetch');
      // A form (the in-place editor's calls, staff spec §7) goes with its own urlencoded type.
      if (typeof arg !== 'string' && arg.body !== undefined && !(arg.body instanceof URLSearchParams)) {
        headers.set('Content-Type', 'application/json');
      }
      return headers;
    },
});

/**
 * A 401 means the session is gone (logged out elsewhere, or the login was disabled): who is signed in is asked
 * again, so every screen that needs a login shows the login prompt at once.
 */
const baseQuery: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> = async (args, queryApi, extraOptions) => {
  const result = await fetchJson(args, queryApi, extraOptions);
  const url = typeof args === 'string' ? args : args.url;
  if (result.error?.status === 401 && url !== '/api/me') queryApi.dispatch(api.util.invalidateTags(['Me']));
  return result;
};

export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: ['Me', 'Menu', 'Cart', 'Settings', 'Order', 'LiveOrders', 'OrderTally', 'StoreStatus', 'DeliveringStatus', 'OosProducts', 'StoreLog', 'Accounts', 'Vouchers', 'Catalogue', 'CardRefunds', 'LiveKeys', 'ContactInbox', 'Media', 'ContentPage', 'ContentPages', 'ApiTokens', 'OAuthClients'],
  endpoints: () => ({}),
});
