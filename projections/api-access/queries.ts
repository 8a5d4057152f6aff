import { sql } from 'slonik';
import type { DatabasePool } from '../../src/db/pool';
import type { ApiScope } from '../../src/shared/api-scopes';
import type { ApiTokenReadModel, OAuthClientReadModel, PersonalAccessToken } from '../../modules/api-access';

interface Row {
  token_id: string;
  name: string;
  scopes: ApiScope[];
  created_at: string;
  last_used_at: string | null;
  owner_email?: string;
}

const iso = (value: string | null) => (value === null ? null : new Date(value).toISOString());
const fromRow = (row: Row): PersonalAccessToken => ({
  id: row.token_id,
  name: row.name,
  scopes: row.scopes,
  created_at: iso(row.created_at)!,
  last_used_at: iso(row.last_used_at),
  ...(row.owner_email === undefined ? {} : { owner_email: row.owner_email }),
});

const COLUMNS = sql.fragment`t.token_id, t.name, t.scopes, to_json(t.created_at) #>> '{}' as created_at, to_json(u.last_used_at) #>> '{}' as last_used_at`;

/** The api-access module's ApiTokenReadModel port on `api_tokens` and `api_token_uses`; revoked tokens are not listed. */
export function apiTokenReadModel(pool: DatabasePool): ApiTokenReadModel {
  return {
    async ownedBy(ownerId) {
      const rows = await pool.any(sql.unsafe`
        select ${COLUMNS} from api_tokens t left join api_token_uses u using (token_id)
         where t.owner_id = ${ownerId} and t.revoked_at is null order by t.created_at desc, t.token_id`);
      return (rows as unknown as Row[]).map(fromRow);
    },
    async everyone() {
      const rows = await pool.any(sql.unsafe`
        select ${COLUMNS}, coalesce(o.email, 'a removed login') as owner_email
          from api_tokens t left join api_token_uses u using (token_id) left join users o on o.id = t.owner_id
         where t.revoked_at is null order by t.created_at desc, t.token_id`);
      return (rows as unknown as Row[]).map(fromRow);
    },
    async byHash(tokenHash) {
      const row = await pool.maybeOne(sql.unsafe`select token_id, owner_id, scopes from api_tokens where token_hash = ${tokenHash} and revoked_at is null`);
      return row && { tokenId: row.token_id as string, ownerId: row.owner_id as string, scopes: row.scopes as ApiScope[] };
    },
    async noteUsed(tokenId, at) {
      await pool.query(sql.unsafe`
        insert into api_token_uses (token_id, last_used_at) values (${tokenId}, ${at.toISOString()})
        on conflict (token_id) do update set last_used_at = excluded.last_used_at`);
    },
  };
}

/** The api-access module's OAuthClientReadModel port on `oauth_clients`: never a secret (only its hash is here). */
export function oauthClientReadModel(pool: DatabasePool): OAuthClientReadModel {
  return {
    async ownedBy(ownerId) {
      const rows = await pool.any(sql.unsafe`
        select client_id, name, redirect from oauth_clients where owner_id = ${ownerId} and deleted_at is null order by created_at, client_id`);
      return rows.map((row) => ({ id: row.client_id as string, name: row.name as string, redirect: row.redirect as string, secret: null }));
    },
  };
}
