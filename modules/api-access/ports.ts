import type { ApiScope } from '../../src/shared/api-scopes';

/** A personal access token as its screens list it (staff spec §3: id, name, scopes), never the token itself. */
export interface PersonalAccessToken {
  id: string;
  name: string;
  scopes: ApiScope[];
  created_at: string;
  /** When it last opened the API; null if never. */
  last_used_at: string | null;
  /** On the admin's list of everyone's tokens: whose it is. */
  owner_email?: string;
}

/** What the bearer check needs of a token found by its hash. */
export interface TokenGrant {
  tokenId: string;
  ownerId: string;
  scopes: ApiScope[];
}

/**
 * The read model of the tokens (projections/api-access implements it): lists for the screens, the lookup by hash
 * for the bearer check, and the last-used time, which is a fact of use kept beside the read model (no event:
 * one per API call would flood the store).
 */
export interface ApiTokenReadModel {
  ownedBy(ownerId: string): Promise<PersonalAccessToken[]>;
  everyone(): Promise<PersonalAccessToken[]>;
  /** An unrevoked token by the sha-256 of its text. */
  byHash(tokenHash: string): Promise<TokenGrant | null>;
  noteUsed(tokenId: string, at: Date): Promise<void>;
}

/** Staff spec §3 "OAuth client: id, name, secret, redirect": the secret only in the answer that made it, else null. */
export interface OAuthClientView {
  id: string;
  name: string;
  redirect: string;
  secret: string | null;
}

/** The OAuth clients' read model (projections/api-access): a login's own clients, not deleted. */
export interface OAuthClientReadModel {
  ownedBy(ownerId: string): Promise<OAuthClientView[]>;
}
