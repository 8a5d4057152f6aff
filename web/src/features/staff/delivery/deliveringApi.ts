import { api } from '../../../app/api';

export interface DeliveringStatus {
  delivering: boolean;
  can_offer_delivery: boolean;
  /** Why delivery cannot be offered, when it cannot. */
  message: string;
}

export const deliveringApi = api.injectEndpoints({
  endpoints: (build) => ({
    deliveringStatus: build.query<DeliveringStatus, void>({
      query: () => '/api/deliveringStatus',
      transformResponse: ({ delivering, can_offer_delivery, message }: DeliveringStatus & { status: true }) => ({
        delivering,
        can_offer_delivery,
        message,
      }),
      providesTags: ['DeliveringStatus'],
    }),
    setDeliveringStatus: build.mutation<void, boolean>({
      query: (delivering) => ({ url: '/api/deliveringStatus', method: 'POST', body: { delivering } }),
      // Checkout reads delivering_status from the settings.
      invalidatesTags: ['DeliveringStatus', 'Settings'],
    }),
  }),
});

export const { useDeliveringStatusQuery, useSetDeliveringStatusMutation } = deliveringApi;
