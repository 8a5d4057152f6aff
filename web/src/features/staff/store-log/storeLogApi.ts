import { api } from '../../../app/api';

export interface StoreLogEntry {
  at: string;
  /** London time, 'HH:mm'. */
  time: string;
  who: string;
  text: string;
}

export const storeLogApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Today's store status, delivery and hours changes, newest first; store messages on `/events/store` refetch it. */
    todaysStoreLog: build.query<StoreLogEntry[], void>({
      query: () => '/api/todaysStoreLog',
      transformResponse: (answer: { status: true; entries: StoreLogEntry[] }) => answer.entries,
      providesTags: ['StoreLog'],
    }),
  }),
});

export const { useTodaysStoreLogQuery } = storeLogApi;
