import { api } from '../../app/api';

export type SettingValues = Record<string, unknown>;

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
    }),
  }),
});

export const { useGetSettingsQuery } = settingsApi;
