import { z } from 'zod';
import { API_SCOPE_IDS } from '../../src/shared/api-scopes';

const scopes = z.array(z.enum(API_SCOPE_IDS));

/**
 * A member of staff made a personal access token (issue 41). Only the sha-256 of the token is kept: the token
 * itself is shown once, in the answer that made it, and is in no event, row or log.
 */
export const PersonalAccessTokenCreated = z.object({
  type: z.literal('PersonalAccessTokenCreated'),
  data: z.object({
    tokenId: z.uuid(),
    ownerId: z.string(),
    name: z.string(),
    scopes,
    tokenHash: z.string().regex(/^[0-9a-f]{64}$/),
    createdAt: z.iso.datetime(),
  }),
});
export type PersonalAccessTokenCreated = z.infer<typeof PersonalAccessTokenCreated>;

/** The token no longer opens the API: its owner or an admin revoked it (`revokedBy`, their login's id). */
export const PersonalAccessTokenRevoked = z.object({
  type: z.literal('PersonalAccessTokenRevoked'),
  data: z.object({ tokenId: z.uuid(), revokedAt: z.iso.datetime(), revokedBy: z.string() }),
});
export type PersonalAccessTokenRevoked = z.infer<typeof PersonalAccessTokenRevoked>;

/**
 * A member of staff registered an OAuth client (issue 41 item 2): its name, its one redirect URL (matched exactly)
 * and the sha-256 of its secret, which is answered once and kept nowhere else.
 */
export const OAuthClientRegistered = z.object({
  type: z.literal('OAuthClientRegistered'),
  data: z.object({
    clientId: z.uuid(),
    ownerId: z.string(),
    name: z.string(),
    redirect: z.string(),
    secretHash: z.string().regex(/^[0-9a-f]{64}$/),
    registeredAt: z.iso.datetime(),
  }),
});
export type OAuthClientRegistered = z.infer<typeof OAuthClientRegistered>;

export const OAuthClientChanged = z.object({
  type: z.literal('OAuthClientChanged'),
  data: z.object({ clientId: z.uuid(), name: z.string(), redirect: z.string(), changedAt: z.iso.datetime() }),
});
export type OAuthClientChanged = z.infer<typeof OAuthClientChanged>;

/** Deleted: the client and every token issued to it stop at once. */
export const OAuthClientDeleted = z.object({
  type: z.literal('OAuthClientDeleted'),
  data: z.object({ clientId: z.uuid(), deletedAt: z.iso.datetime(), deletedBy: z.string() }),
});
export type OAuthClientDeleted = z.infer<typeof OAuthClientDeleted>;

export type OAuthClientEvent = OAuthClientRegistered | OAuthClientChanged | OAuthClientDeleted;
export type ApiAccessEvent = PersonalAccessTokenCreated | PersonalAccessTokenRevoked | OAuthClientEvent;

export const API_ACCESS_EVENT_SCHEMAS = {
  PersonalAccessTokenCreated,
  PersonalAccessTokenRevoked,
  OAuthClientRegistered,
  OAuthClientChanged,
  OAuthClientDeleted,
} satisfies Record<ApiAccessEvent['type'], z.ZodType>;
export const API_ACCESS_EVENT_TYPES = Object.keys(API_ACCESS_EVENT_SCHEMAS) as ApiAccessEvent['type'][];

export const API_TOKEN_STREAM_PREFIX = 'api-token-';
export const apiTokenStream = (tokenId: string) => `${API_TOKEN_STREAM_PREFIX}${tokenId}`;

export const OAUTH_CLIENT_STREAM_PREFIX = 'oauth-client-';
export const oauthClientStream = (clientId: string) => `${OAUTH_CLIENT_STREAM_PREFIX}${clientId}`;
