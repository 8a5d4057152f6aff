import { api } from '../../../app/api';
import type { CardRefundEntry } from '../../../../../src/shared/card-refunds';

export const cardRefundsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Today's card refunds, newest first; CardRefund messages on `/events/orders` refetch them. */
    todaysCardRefunds: build.query<CardRefundEntry[], void>({
      query: () => '/api/todaysCardRefunds',
      transformResponse: (answer: { status: true; refunds: CardRefundEntry[] }) => answer.refunds,
      providesTags: ['CardRefunds'],
    }),
  }),
});

export const { useTodaysCardRefundsQuery } = cardRefundsApi;
