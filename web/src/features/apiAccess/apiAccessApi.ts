import type { ApiScope } from '../../../../src/shared/api-scopes';
import { api } from '../../app/api';

/** Staff spec §3: a personal access token (never its text, which only the creation's answer carries). */
export interface PersonalAccessToken {
  id: string;
  name: string;
  scopes: ApiScope[];
  created_at: string;
  last_used_at: string | null;
}

export const apiAccessApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /oauth/scopes (spec §7). */
    apiScopes: build.query<Array<{ id: ApiScope; description: string }>, void>({
      query: () => '/oauth/scopes',
    }),
    personalAccessTokens: build.query<PersonalAccessToken[], void>({
      query: () => '/oauth/personal-access-tokens',
      providesTags: ['ApiTokens'],
    }),
    /** Spec §7: the answer carries `token` and `accessToken`, the token's text, shown once. */
    createPersonalAccessToken: build.mutation<{ token: PersonalAccessToken; accessToken: string }, { name: string; scopes: ApiScope[] }>({
      query: (body) => ({ url: '/oauth/personal-access-tokens', method: 'POST', body }),
      invalidatesTags: ['ApiTokens'],
    }),
    revokePersonalAccessToken: build.mutation<void, string>({
      query: (id) => ({ url: `/oauth/personal-access-tokens/${id}`, method: 'DELETE' }),
      invalidatesTags: ['ApiTokens'],
    }),
  }),
});

export const { useApiScopesQuery, usePersonalAccessTokensQuery, useCreatePersonalAccessTokenMutation, useRevokePersonalAccessTokenMutation } = apiAccessApi;
