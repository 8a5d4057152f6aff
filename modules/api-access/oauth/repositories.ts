import { randomBytes, randomUUID } from 'node:crypto';
import type { OAuthAuthCode, OAuthAuthCodeRepository, OAuthClient, OAuthClientRepository, OAuthScope, OAuthScopeRepository, OAuthToken, OAuthTokenRepository, OAuthUserRepository } from '@jmondi/oauth2-server';
import type { Clock } from '../../../src/core/clock';
import { API_SCOPE_IDS, scopeAllowed, type ApiScope } from '../../../src/shared/api-scopes';
import type { Role } from '../../../src/shared/roles';
import { hashOfToken } from '../tokens';

/** An OAuth client as the authorization server needs it: its one redirect, the hash of its secret. */
export interface StoredClient {
  id: string;
  name: string;
  redirect: string;
  secretHash: string;
}

export interface StoredCode {
  clientId: string;
  userId: string;
  scopes: ApiScope[];
  redirect: string;
  codeChallenge: string;
  codeChallengeMethod: string;
  expiresAt: Date;
  usedAt: Date | null;
}

export interface StoredToken {
  tokenId: string;
  family: string;
  clientId: string;
  userId: string;
  scopes: ApiScope[];
  accessExpiresAt: Date;
  refreshExpiresAt: Date | null;
  revokedAt: Date | null;
}

/** The grants' tables (projections/api-access implements it over oauth_clients, oauth_codes, oauth_tokens): hashes only. */
export interface OAuthStore {
  client(clientId: string): Promise<StoredClient | null>;
  saveCode(codeHash: string, code: Omit<StoredCode, 'usedAt'>): Promise<void>;
  code(codeHash: string): Promise<StoredCode | null>;
  /** Marks the code used; false if it was used before (a replay). */
  useCode(codeHash: string, at: Date): Promise<boolean>;
  saveToken(token: Omit<StoredToken, 'revokedAt'> & { accessHash: string; refreshHash: string | null }, at: Date): Promise<void>;
  setRefresh(tokenId: string, refreshHash: string, expiresAt: Date): Promise<void>;
  tokenByRefresh(refreshHash: string): Promise<StoredToken | null>;
  tokenByAccess(accessHash: string): Promise<StoredToken | null>;
  revokeToken(tokenId: string, at: Date): Promise<void>;
  revokeFamily(family: string, at: Date): Promise<void>;
  roleOf(userId: string): Promise<Role | null>;
}

const CODE_PREFIX = 'tks_code_';
export const REFRESH_PREFIX = 'tks_ort_';

/** The library's token, with the row it is (our id) and, when read back, whether it was revoked. */
type ShopToken = OAuthToken & { tokenId: string; revokedAt?: Date | null };
const idOf = (token: OAuthToken) => (token as ShopToken).tokenId;

const clientOf = (client: StoredClient): OAuthClient => ({
  id: client.id,
  name: client.name,
  secret: client.secretHash,
  redirectUris: [client.redirect],
  allowedGrants: ['authorization_code', 'refresh_token'],
  scopes: API_SCOPE_IDS.map((name) => ({ name })),
});

/**
 * The library's repositories (@jmondi/oauth2-server) over the shop's store, on the shop's clock: each code and
 * token is random text made here and kept as its sha-256; a code is good for `codeSeconds` and once; a refresh
 * token used again after its rotation (or a code used twice) revokes every token of its family.
 */
export function oauthRepositories(deps: { store: OAuthStore; clock: Clock; codeSeconds: number; refreshDays: number }) {
  const { store, clock } = deps;
  // The library times codes and tokens by Date.now(); the shop by its clock (a test's may be days away). Each
  // instant crosses between the two as its distance from now.
  const toLibrary = (shopInstant: Date) => new Date(Date.now() + (shopInstant.getTime() - clock().getTime()));
  const toShop = (libraryInstant: Date) => new Date(clock().getTime() + (libraryInstant.getTime() - Date.now()));
  const loadClient = async (clientId: string) => {
    if (!/^[0-9a-f-]{36}$/i.test(clientId)) return null;
    const client = await store.client(clientId);
    return client && clientOf(client);
  };

  const clients: OAuthClientRepository = {
    async getByIdentifier(clientId) {
      const client = await loadClient(clientId);
      if (!client) throw new Error('no such client');
      return client;
    },
    async isClientValid(grantType, client, secret) {
      if (!client.allowedGrants.includes(grantType)) return false;
      return typeof secret === 'string' && hashOfToken(secret) === client.secret;
    },
  };

  const scopes: OAuthScopeRepository = {
    async getAllByIdentifiers(names) {
      return names.filter((name): name is ApiScope => (API_SCOPE_IDS as string[]).includes(name)).map((name) => ({ name }));
    },
    /** Only the scopes the approving login's role allows (a scope asked beyond it is dropped, never granted). */
    async finalize(asked, _grant, _client, userId) {
      if (userId === undefined) return asked;
      const role = await store.roleOf(String(userId));
      return role === null ? [] : asked.filter((scope) => scopeAllowed(role, scope.name as ApiScope));
    },
  };

  const codes: OAuthAuthCodeRepository = {
    async getByIdentifier(code) {
      const stored = await store.code(hashOfToken(code));
      if (!stored) throw new Error('no such code');
      const client = await loadClient(stored.clientId);
      if (!client) throw new Error('no such client');
      // Expired by the shop's clock: the library then refuses it as expired.
      const expiresAt = stored.expiresAt.getTime() <= clock().getTime() ? new Date(0) : toLibrary(stored.expiresAt);
      return {
        code,
        client,
        user: { id: stored.userId },
        scopes: stored.scopes.map((name) => ({ name })),
        redirectUri: stored.redirect,
        codeChallenge: stored.codeChallenge,
        codeChallengeMethod: stored.codeChallengeMethod as OAuthAuthCode['codeChallengeMethod'],
        expiresAt,
      };
    },
    issueAuthCode(client, user, granted) {
      return { code: `${CODE_PREFIX}${randomBytes(32).toString('base64url')}`, client, user, scopes: granted, expiresAt: new Date(clock().getTime() + deps.codeSeconds * 1000) };
    },
    async persist(code) {
      await store.saveCode(hashOfToken(code.code), {
        clientId: code.client.id,
        userId: String(code.user!.id),
        scopes: code.scopes.map((scope) => scope.name as ApiScope),
        redirect: code.redirectUri ?? '',
        codeChallenge: code.codeChallenge ?? '',
        codeChallengeMethod: code.codeChallengeMethod ?? '',
        expiresAt: new Date(clock().getTime() + deps.codeSeconds * 1000),
      });
    },
    /** Asked once per exchange: the first asking uses the code; a second finds it used (revoked). */
    async isRevoked(code) {
      return !(await store.useCode(hashOfToken(code), clock()));
    },
    async revoke(code) {
      await store.useCode(hashOfToken(code), clock());
    },
  };

  const tokenOf = (stored: StoredToken, client: OAuthClient, refreshToken: string): ShopToken => ({
    accessToken: '',
    accessTokenExpiresAt: toLibrary(stored.accessExpiresAt),
    refreshToken,
    refreshTokenExpiresAt: stored.refreshExpiresAt && toLibrary(stored.refreshExpiresAt),
    client,
    user: { id: stored.userId },
    scopes: stored.scopes.map((name) => ({ name })),
    originatingAuthCodeId: stored.family,
    tokenId: stored.tokenId,
  });

  const tokens: OAuthTokenRepository = {
    async issueToken(client, granted: OAuthScope[], user): Promise<ShopToken> {
      return {
        accessToken: `tks_oat_${randomBytes(32).toString('base64url')}`,
        accessTokenExpiresAt: new Date(),
        client,
        user,
        scopes: granted,
        tokenId: randomUUID(),
      };
    },
    async persist(token) {
      await store.saveToken(
        {
          tokenId: idOf(token),
          // A code's first tokens: the code's hash names the family; a refresh's: the family it carries on.
          family: token.originatingAuthCodeId?.startsWith(CODE_PREFIX) ? hashOfToken(token.originatingAuthCodeId) : (token.originatingAuthCodeId ?? idOf(token)),
          accessHash: hashOfToken(token.accessToken),
          accessExpiresAt: toShop(token.accessTokenExpiresAt),
          refreshHash: null,
          refreshExpiresAt: null,
          clientId: token.client.id,
          userId: String(token.user!.id),
          scopes: token.scopes.map((scope) => scope.name as ApiScope),
        },
        clock(),
      );
    },
    async issueRefreshToken(token) {
      const refreshToken = `${REFRESH_PREFIX}${randomBytes(32).toString('base64url')}`;
      const expiresAt = new Date(clock().getTime() + deps.refreshDays * 86_400_000);
      await store.setRefresh(idOf(token), hashOfToken(refreshToken), expiresAt);
      return { ...token, refreshToken, refreshTokenExpiresAt: toLibrary(expiresAt) };
    },
    async revoke(token) {
      await store.revokeToken(idOf(token), clock());
    },
    async revokeDescendantsOf(code) {
      await store.revokeFamily(hashOfToken(code), clock());
    },
    async isRefreshTokenRevoked(token) {
      return (token as ShopToken).revokedAt != null || (token.refreshTokenExpiresAt ?? new Date(0)).getTime() <= Date.now();
    },
    /** A refresh token already rotated away is a replay: the whole family is revoked (RFC 6819 §5.2.2.3). */
    async getByRefreshToken(refreshToken) {
      const stored = await store.tokenByRefresh(hashOfToken(refreshToken));
      if (!stored) throw new Error('no such refresh token');
      if (stored.revokedAt !== null) await store.revokeFamily(stored.family, clock());
      const client = await loadClient(stored.clientId);
      if (!client) throw new Error('no such client');
      return { ...tokenOf(stored, client, refreshToken), revokedAt: stored.revokedAt };
    },
  };

  tokens.getByAccessToken = async (accessToken) => {
    const stored = await store.tokenByAccess(hashOfToken(accessToken));
    const client = stored && (await loadClient(stored.clientId));
    if (!stored || !client) throw new Error('no such access token');
    return { ...tokenOf(stored, client, ''), accessToken, revokedAt: stored.revokedAt };
  };

  const users: OAuthUserRepository = {
    async getUserByCredentials(id) {
      return { id };
    },
  };

  return { clients, scopes, codes, tokens, users };
}
