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

/** Staff spec §3: an OAuth client; `secret` only in the answer that made it, null afterwards (shown masked). */
export interface OAuthClient {
  id: string;
  name: string;
  redirect: string;
  secret: string | null;
}

/** Staff spec §3 "Authorized token: client.name, scopes": an application the login let in, while its tokens stand. */
export interface AuthorizedApplication {
  id: string;
  client: { id: string; name: string };
  scopes: ApiScope[];
}

/** The consent screen's question: which application asks, for which scopes. */
export interface AuthorizationQuestion {
  client: { id: string; name: string };
  scopes: Array<{ id: ApiScope; description: string }>;
}

export const apiAccessApi = api.injectEndpoints({
  endpoints: (build) => ({
    authorizedApplications: build.query<AuthorizedApplication[], void>({
      query: () => '/oauth/tokens',
      providesTags: ['OAuthClients'],
    }),
    revokeApplication: build.mutation<void, string>({
      query: (clientId) => ({ url: `/oauth/tokens/${clientId}`, method: 'DELETE' }),
      invalidatesTags: ['OAuthClients'],
    }),
    authorizationQuestion: build.query<AuthorizationQuestion, string>({
      query: (search) => `/api/oauth/authorize${search}`,
    }),
    decideAuthorization: build.mutation<{ status: true; redirect: string }, { request: Record<string, string>; approve: boolean }>({
      query: (body) => ({ url: '/api/oauth/authorize', method: 'POST', body }),
    }),
    oauthClients: build.query<OAuthClient[], void>({
      query: () => '/oauth/clients',
      providesTags: ['OAuthClients'],
    }),
    createOAuthClient: build.mutation<OAuthClient, { name: string; redirect: string }>({
      query: (body) => ({ url: '/oauth/clients', method: 'POST', body }),
      invalidatesTags: ['OAuthClients'],
    }),
    updateOAuthClient: build.mutation<OAuthClient, { id: string; name: string; redirect: string }>({
      query: ({ id, ...body }) => ({ url: `/oauth/clients/${id}`, method: 'PUT', body }),
      invalidatesTags: ['OAuthClients'],
    }),
    deleteOAuthClient: build.mutation<void, string>({
      query: (id) => ({ url: `/oauth/clients/${id}`, method: 'DELETE' }),
      invalidatesTags: ['OAuthClients'],
    }),
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

export const { useAuthorizedApplicationsQuery, useRevokeApplicationMutation, useAuthorizationQuestionQuery, useDecideAuthorizationMutation, useOauthClientsQuery, useCreateOAuthClientMutation, useUpdateOAuthClientMutation, useDeleteOAuthClientMutation, useApiScopesQuery, usePersonalAccessTokensQuery, useCreatePersonalAccessTokenMutation, useRevokePersonalAccessTokenMutation } = apiAccessApi;
