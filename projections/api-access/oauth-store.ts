import { sql } from 'slonik';
import type { DatabasePool } from '../../src/db/pool';
import type { ApiScope } from '../../src/shared/api-scopes';
import type { Role } from '../../src/shared/roles';
import type { AuthorizedApps, OAuthStore, StoredToken, TokenGrant } from '../../modules/api-access';

const at = (value: unknown) => (value === null ? null : new Date(value as string | number));
const tokenOf = (row: Record<string, unknown>): StoredToken => ({
  tokenId: row.token_id as string,
  family: row.family as string,
  clientId: row.client_id as string,
  userId: row.user_id as string,
  scopes: row.scopes as ApiScope[],
  accessExpiresAt: at(row.access_expires_at)!,
  refreshExpiresAt: at(row.refresh_expires_at),
  revokedAt: at(row.revoked_at),
});

/**
 * The authorization server's tables (migration 085) and the clients' read model: the api-access module's
 * OAuthStore, AuthorizedApps and the bearer check's lookup of an OAuth access token. Hashes only.
 */
export function oauthStore(pool: DatabasePool): OAuthStore & AuthorizedApps & { grantOf(accessHash: string, now: Date): Promise<TokenGrant | null> } {
  return {
    async client(clientId) {
      const row = await pool.maybeOne(sql.unsafe`select client_id, name, redirect, secret_hash from oauth_clients where client_id = ${clientId} and deleted_at is null`);
      return row && { id: row.client_id as string, name: row.name as string, redirect: row.redirect as string, secretHash: row.secret_hash as string };
    },
    async saveCode(codeHash, code) {
      await pool.query(sql.unsafe`
        insert into oauth_codes (code_hash, client_id, user_id, scopes, redirect, code_challenge, code_challenge_method, expires_at)
        values (${codeHash}, ${code.clientId}, ${code.userId}, ${sql.array(code.scopes, 'text')}, ${code.redirect}, ${code.codeChallenge}, ${code.codeChallengeMethod}, ${code.expiresAt.toISOString()})`);
    },
    async code(codeHash) {
      const row = await pool.maybeOne(sql.unsafe`select * from oauth_codes where code_hash = ${codeHash}`);
      return (
        row && {
          clientId: row.client_id as string,
          userId: row.user_id as string,
          scopes: row.scopes as ApiScope[],
          redirect: row.redirect as string,
          codeChallenge: row.code_challenge as string,
          codeChallengeMethod: row.code_challenge_method as string,
          expiresAt: at(row.expires_at)!,
          usedAt: at(row.used_at),
        }
      );
    },
    async useCode(codeHash, when) {
      const used = await pool.maybeOne(sql.unsafe`update oauth_codes set used_at = ${when.toISOString()} where code_hash = ${codeHash} and used_at is null returning code_hash`);
      return used !== null;
    },
    async saveToken(token, when) {
      await pool.query(sql.unsafe`
        insert into oauth_tokens (token_id, family, access_hash, access_expires_at, refresh_hash, refresh_expires_at, client_id, user_id, scopes, created_at)
        values (${token.tokenId}, ${token.family}, ${token.accessHash}, ${token.accessExpiresAt.toISOString()}, ${token.refreshHash},
                ${token.refreshExpiresAt?.toISOString() ?? null}, ${token.clientId}, ${token.userId}, ${sql.array(token.scopes, 'text')}, ${when.toISOString()})`);
    },
    async setRefresh(tokenId, refreshHash, expiresAt) {
      await pool.query(sql.unsafe`update oauth_tokens set refresh_hash = ${refreshHash}, refresh_expires_at = ${expiresAt.toISOString()} where token_id = ${tokenId}`);
    },
    async tokenByRefresh(refreshHash) {
      const row = await pool.maybeOne(sql.unsafe`select * from oauth_tokens where refresh_hash = ${refreshHash}`);
      return row && tokenOf(row);
    },
    async tokenByAccess(accessHash) {
      const row = await pool.maybeOne(sql.unsafe`select * from oauth_tokens where access_hash = ${accessHash}`);
      return row && tokenOf(row);
    },
    async revokeToken(tokenId, when) {
      await pool.query(sql.unsafe`update oauth_tokens set revoked_at = ${when.toISOString()} where token_id = ${tokenId} and revoked_at is null`);
    },
    async revokeFamily(family, when) {
      await pool.query(sql.unsafe`update oauth_tokens set revoked_at = ${when.toISOString()} where family = ${family} and revoked_at is null`);
    },
    async roleOf(userId) {
      const role = await pool.maybeOneFirst(sql.unsafe`select role from users where id = ${userId} and status = 'active'`);
      return (role as Role | null) ?? null;
    },
    async of(userId, now) {
      const rows = await pool.any(sql.unsafe`
        select c.client_id, c.name, array(select distinct unnest(array_agg(t.scopes)) order by 1) as scopes
          from oauth_tokens t join oauth_clients c on c.client_id = t.client_id and c.deleted_at is null
         where t.user_id = ${userId} and t.revoked_at is null and coalesce(t.refresh_expires_at, t.access_expires_at) > ${now.toISOString()}
         group by c.client_id, c.name order by c.name`);
      return rows.map((row) => ({ id: row.client_id as string, client: { id: row.client_id as string, name: row.name as string }, scopes: row.scopes as ApiScope[] }));
    },
    async revoke(userId, clientId, when) {
      await pool.query(sql.unsafe`update oauth_tokens set revoked_at = ${when.toISOString()} where user_id = ${userId} and client_id = ${clientId} and revoked_at is null`);
    },
    async grantOf(accessHash, now) {
      const row = await pool.maybeOne(sql.unsafe`
        select t.token_id, t.user_id, t.scopes from oauth_tokens t join oauth_clients c on c.client_id = t.client_id and c.deleted_at is null
         where t.access_hash = ${accessHash} and t.revoked_at is null and t.access_expires_at > ${now.toISOString()}`);
      return row && { tokenId: row.token_id as string, ownerId: row.user_id as string, scopes: row.scopes as ApiScope[] };
    },
  };
}
