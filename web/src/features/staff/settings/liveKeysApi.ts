import { api } from '../../../app/api';
import type { LiveKeys, LiveKeysView } from '../../../../../src/shared/live-keys';

/** The live channel's keys (issue 30 item 1): staff see whether they are set; a manager saves or rotates them. */
export const liveKeysApi = api.injectEndpoints({
  endpoints: (build) => ({
    liveKeys: build.query<LiveKeysView, void>({
      query: () => '/api/live-keys',
      providesTags: ['LiveKeys'],
    }),
    saveLiveKeys: build.mutation<LiveKeysView, LiveKeys>({
      query: (keys) => ({ url: '/api/live-keys', method: 'POST', body: keys }),
      invalidatesTags: ['LiveKeys'],
    }),
    rotateLiveKeys: build.mutation<LiveKeysView, void>({
      query: () => ({ url: '/api/live-keys/rotate', method: 'POST', body: {} }),
      invalidatesTags: ['LiveKeys'],
    }),
    /** Spec §7's realtime auth: a short-lived token for a private channel (the staff screens' orders). */
    authoriseChannel: build.mutation<{ auth: string }, string>({
      query: (channel) => ({ url: '/broadcasting/auth', method: 'POST', body: { channel_name: channel } }),
    }),
  }),
});

export const { useLiveKeysQuery, useSaveLiveKeysMutation, useRotateLiveKeysMutation } = liveKeysApi;
