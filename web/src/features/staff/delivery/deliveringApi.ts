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
      // Staff spec §7: the toggle saves through the settings call; staff may change this one setting there.
      query: (delivering) => ({ url: '/api/settings/update', method: 'POST', body: { settings: { delivering_status: delivering } } }),
      // Checkout reads delivering_status from the settings; the kitchen's log shows the change.
      invalidatesTags: ['DeliveringStatus', 'Settings', 'StoreLog'],
    }),
  }),
});

export const { useDeliveringStatusQuery, useSetDeliveringStatusMutation } = deliveringApi;
