import { SNOWFALL_TEXTS, type SnowfallDates } from '../../../../../src/shared/snowfall';
import { api } from '../../../app/api';
import { showDialog } from '../../dialog/dialogSlice';

/**
 * What a snowfall part asks the server: the dates the snow falls (a setting) and the snowflake pictures (customer
 * spec §7). Each failure raises its own alert (§8) through the shop's dialog; the page carries on without snow.
 */
export const snowfallApi = api.injectEndpoints({
  endpoints: (build) => ({
    snowfallDates: build.query<SnowfallDates[], void>({
      query: () => '/api/settings/snowfall_dates',
      transformResponse: (answer: { value: SnowfallDates[] }) => answer.value,
      providesTags: ['Settings'],
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          await queryFulfilled;
        } catch {
          dispatch(showDialog({ title: 'ERROR', message: SNOWFALL_TEXTS.datesFailed, look: 'error' }));
        }
      },
    }),
    snowflakeImages: build.query<string[], void>({
      query: () => '/snowflakeImages',
      transformResponse: (answer: { images: string[] }) => answer.images,
      providesTags: ['Media'],
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          await queryFulfilled;
        } catch {
          dispatch(showDialog({ title: 'ERROR', message: SNOWFALL_TEXTS.imagesFailed, look: 'error' }));
        }
      },
    }),
  }),
});

export const { useSnowfallDatesQuery, useSnowflakeImagesQuery } = snowfallApi;
