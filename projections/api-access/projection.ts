import { sql } from 'slonik';
import type { StoredEvent } from '../../src/eventstore/types';
import type { Projection } from '../../src/projections/types';
import { API_ACCESS_EVENT_TYPES, API_TOKENS_READ_MODEL, type ApiAccessEvent } from '../../modules/api-access';

/** The personal access tokens (one row each, by the hash the bearer check looks it up by) and the OAuth clients. */
export const apiTokensProjection: Projection = {
  name: API_TOKENS_READ_MODEL,
  eventTypes: API_ACCESS_EVENT_TYPES,
  tables: ['api_tokens', 'oauth_clients'],
  async apply(stored: StoredEvent, { tx }) {
    const event = { type: stored.type, data: stored.data } as ApiAccessEvent;
    switch (event.type) {
      case 'PersonalAccessTokenCreated': {
        const { tokenId, ownerId, name, scopes, tokenHash, createdAt } = event.data;
        await tx.query(sql.unsafe`
          insert into api_tokens (token_id, owner_id, name, scopes, token_hash, created_at)
          values (${tokenId}, ${ownerId}, ${name}, ${sql.array(scopes, 'text')}, ${tokenHash}, ${createdAt})
          on conflict (token_id) do nothing`);
        return;
      }
      case 'PersonalAccessTokenRevoked':
        await tx.query(sql.unsafe`update api_tokens set revoked_at = ${event.data.revokedAt} where token_id = ${event.data.tokenId} and revoked_at is null`);
        return;
      case 'OAuthClientRegistered': {
        const { clientId, ownerId, name, redirect, secretHash, registeredAt } = event.data;
        await tx.query(sql.unsafe`
          insert into oauth_clients (client_id, owner_id, name, redirect, secret_hash, created_at)
          values (${clientId}, ${ownerId}, ${name}, ${redirect}, ${secretHash}, ${registeredAt})
          on conflict (client_id) do nothing`);
        return;
      }
      case 'OAuthClientChanged':
        await tx.query(sql.unsafe`update oauth_clients set name = ${event.data.name}, redirect = ${event.data.redirect} where client_id = ${event.data.clientId}`);
        return;
      case 'OAuthClientDeleted':
        await tx.query(sql.unsafe`update oauth_clients set deleted_at = ${event.data.deletedAt} where client_id = ${event.data.clientId} and deleted_at is null`);
        return;
      default: {
        const never: never = event;
        return never;
      }
    }
  },
};
