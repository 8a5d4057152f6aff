import { api } from '../../../app/api';
import { caughtMessage } from '../../../app/serverMessage';
import { showDialog } from '../../dialog/dialogSlice';

interface ValueAnswer {
  status: true;
  value: string;
}

export interface PostcodeVerdict {
  ok: boolean;
  message: string;
}

export const takeawaySettingsApi = api.injectEndpoints({
  endpoints: (build) => ({
    productCategories: build.query<string[], void>({
      query: () => '/api/settings/product_categories',
      transformResponse: (answer: ValueAnswer) =>
        answer.value
          .split('\n')
          .map((name) => name.trim())
          .filter(Boolean),
      providesTags: ['Menu'],
    }),
    /** Whether the kitchen's postcode is valid and can be located (delivery distances are measured from it). */
    kitchenPostcodeVerdict: build.query<PostcodeVerdict, string>({
      query: (postcode) => ({ url: '/api/validate_postcode', method: 'POST', body: { postcode } }),
      transformResponse: (answer: { status: boolean; message: string }) => ({ ok: answer.status, message: answer.message }),
      async onQueryStarted(_postcode, { dispatch, queryFulfilled }) {
        try {
          await queryFulfilled;
        } catch (error) {
          dispatch(showDialog({ title: 'Error', message: caughtMessage(error, 'ERROR checking the postcode'), look: 'error' }));
        }
      },
    }),
    updateTakeawaySettings: build.mutation<void, Record<string, unknown>>({
      query: (settings) => ({ url: '/api/settings/update', method: 'POST', body: { settings } }),
      invalidatesTags: ['Settings', 'DeliveringStatus', 'StoreLog'],
    }),
  }),
});

export const { useProductCategoriesQuery, useKitchenPostcodeVerdictQuery, useUpdateTakeawaySettingsMutation } = takeawaySettingsApi;
