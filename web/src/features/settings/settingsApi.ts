import { api } from '../../app/api';
import { showDialog } from '../dialog/dialogSlice';
import type { SettingValues } from '../../../../src/shared/setting-keys';

const SETTINGS_FAILED = "Sorry, the shop's settings could not be fetched";

export type { SettingValues } from '../../../../src/shared/setting-keys';

interface SettingsAnswer {
  status: true;
  values: SettingValues;
}

export const settingsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSettings: build.query<SettingValues, readonly string[]>({
      query: (keys) => ({ url: '/api/settings', method: 'POST', body: { keys } }),
      transformResponse: (answer: SettingsAnswer) => answer.values,
      providesTags: ['Settings'],
      // Spec §8: told once; the pages carry on with the spec's defaults. A reader mounting later asks again, and
      // another failure straight after the first is not told again (the entry keeps its error until a success).
      async onQueryStarted(_keys, { dispatch, queryFulfilled, getCacheEntry }) {
        const failingAlready = getCacheEntry().error !== undefined;
        try {
          await queryFulfilled;
        } catch {
          if (!failingAlready) dispatch(showDialog({ title: 'ERROR', message: SETTINGS_FAILED, look: 'error' }));
        }
      },
    }),
  }),
});

export const { useGetSettingsQuery } = settingsApi;
