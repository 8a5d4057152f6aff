// API credentials (issue 41): personal access tokens with their scopes, the bearer check of the public API and
// the public API itself (`/api/v1`, over ports the composition root fills from the other modules).
export {
  API_ACCESS_EVENT_SCHEMAS,
  API_ACCESS_EVENT_TYPES,
  API_TOKEN_STREAM_PREFIX,
  apiTokenStream,
  type ApiAccessEvent,
  OAUTH_CLIENT_STREAM_PREFIX,
  oauthClientStream,
  type OAuthClientEvent,
  type PersonalAccessTokenCreated,
  type PersonalAccessTokenRevoked,
} from './events';
export { apiTokenDecider, oauthClientDecider, type Actor, type ApiTokenCommand, type OAuthClientCommand } from './decider';
export { evolveApiToken, evolveOAuthClient, initialApiTokenState, initialOAuthClientState, type ApiTokenState, type OAuthClientState } from './state';
export { API_TOKENS_READ_MODEL, CLIENT_SECRET_PREFIX, createApiTokens, createOAuthClients, hashOfToken, PERSONAL_TOKEN_PREFIX, type ApiTokens, type OAuthClients } from './tokens';
export { BEARER_TEXTS, bearerAuth, requireScope, type OwnerLookup } from './bearer';
export { apiTokenRoutes } from './routes';
export type { ApiTokenReadModel, OAuthClientReadModel, OAuthClientView, PersonalAccessToken, TokenGrant } from './ports';
export { publicApiRoutes } from './v1/public-api';
export { API_V1_PREFIX, type V1Route } from './v1/routes';
export { openApiPath } from './v1/openapi';
export type { PublicApiPorts, OrderCursor } from './v1/ports';
export { CODE_SECONDS, OAUTH_CLIENT_PATHS, oauthRoutes, type AuthorizedApps } from './oauth/routes';
export type { OAuthStore, StoredClient, StoredCode, StoredToken } from './oauth/repositories';
