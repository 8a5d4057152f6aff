import type { Decider } from '../../src/core/decider';
import { DomainError } from '../../src/core/errors';
import { API_ACCESS_TEXTS, mayHoldApiCredentials, redirectProblem, scopeAllowed, type ApiScope } from '../../src/shared/api-scopes';
import type { Role } from '../../src/shared/roles';
import type { ApiAccessEvent } from './events';
import { evolveApiToken, evolveOAuthClient, initialApiTokenState, initialOAuthClientState, type ApiTokenState, type OAuthClientState } from './state';

/** Who acts: their login's id and role, facts the handler read. */
export interface Actor {
  id: string;
  role: Role;
}

export type CreatePersonalAccessToken = {
  type: 'CreatePersonalAccessToken';
  tokenId: string;
  owner: Actor;
  name: string;
  scopes: ApiScope[];
  tokenHash: string;
  now: string;
};
export type RevokePersonalAccessToken = { type: 'RevokePersonalAccessToken'; tokenId: string; by: Actor; now: string };
export type ApiTokenCommand = CreatePersonalAccessToken | RevokePersonalAccessToken;

/** Staff logins only; each scope within the owner's role; a scope named twice is kept once. */
function create(command: CreatePersonalAccessToken, state: ApiTokenState): ApiAccessEvent[] {
  if (state.status !== 'none') return [];
  if (!mayHoldApiCredentials(command.owner.role)) throw new DomainError('forbidden', API_ACCESS_TEXTS.customersHaveNone);
  if (command.scopes.some((scope) => !scopeAllowed(command.owner.role, scope))) throw new DomainError('forbidden', API_ACCESS_TEXTS.scopeRefused);
  return [
    {
      type: 'PersonalAccessTokenCreated',
      data: {
        tokenId: command.tokenId,
        ownerId: command.owner.id,
        name: command.name,
        scopes: [...new Set(command.scopes)],
        tokenHash: command.tokenHash,
        createdAt: command.now,
      },
    },
  ];
}

/** Its owner, or an admin, revokes it once; revoking it again changes nothing. */
function revoke(command: RevokePersonalAccessToken, state: ApiTokenState): ApiAccessEvent[] {
  if (state.status === 'none') throw new DomainError('not_found', API_ACCESS_TEXTS.noSuchToken);
  if (state.ownerId !== command.by.id && command.by.role !== 'admin') throw new DomainError('not_found', API_ACCESS_TEXTS.noSuchToken);
  if (state.status === 'revoked') return [];
  return [{ type: 'PersonalAccessTokenRevoked', data: { tokenId: state.tokenId, revokedAt: command.now, revokedBy: command.by.id } }];
}

export function decideApiToken(command: ApiTokenCommand, state: ApiTokenState): ApiAccessEvent[] {
  switch (command.type) {
    case 'CreatePersonalAccessToken':
      return create(command, state);
    case 'RevokePersonalAccessToken':
      return revoke(command, state);
  }
}

export const apiTokenDecider: Decider<ApiTokenCommand, ApiAccessEvent, ApiTokenState> = {
  initialState: initialApiTokenState,
  evolve: evolveApiToken,
  decide: decideApiToken,
};

export type RegisterOAuthClient = { type: 'RegisterOAuthClient'; clientId: string; owner: Actor; name: string; redirect: string; secretHash: string; now: string };
export type ChangeOAuthClient = { type: 'ChangeOAuthClient'; clientId: string; by: Actor; name: string; redirect: string; now: string };
export type DeleteOAuthClient = { type: 'DeleteOAuthClient'; clientId: string; by: Actor; now: string };
export type OAuthClientCommand = RegisterOAuthClient | ChangeOAuthClient | DeleteOAuthClient;

const assertRedirect = (redirect: string) => {
  const problem = redirectProblem(redirect);
  if (problem !== null) throw new DomainError('invalid', `redirect: ${problem}`);
};

/** A client of a staff login's own; only its owner or an admin may change or delete it (anyone else: not found). */
function assertMayTouch(state: OAuthClientState, by: Actor): asserts state is Extract<OAuthClientState, { status: 'registered' }> {
  if (state.status !== 'registered' || (state.ownerId !== by.id && by.role !== 'admin')) throw new DomainError('not_found', API_ACCESS_TEXTS.noSuchClient);
}

export function decideOAuthClient(command: OAuthClientCommand, state: OAuthClientState): ApiAccessEvent[] {
  switch (command.type) {
    case 'RegisterOAuthClient': {
      if (state.status !== 'none') return [];
      if (!mayHoldApiCredentials(command.owner.role)) throw new DomainError('forbidden', API_ACCESS_TEXTS.customersHaveNone);
      assertRedirect(command.redirect);
      const { clientId, name, redirect, secretHash, now } = command;
      return [{ type: 'OAuthClientRegistered', data: { clientId, ownerId: command.owner.id, name, redirect, secretHash, registeredAt: now } }];
    }
    case 'ChangeOAuthClient':
      assertMayTouch(state, command.by);
      assertRedirect(command.redirect);
      return [{ type: 'OAuthClientChanged', data: { clientId: command.clientId, name: command.name, redirect: command.redirect, changedAt: command.now } }];
    case 'DeleteOAuthClient':
      if (state.status === 'deleted' && (state.ownerId === command.by.id || command.by.role === 'admin')) return [];
      assertMayTouch(state, command.by);
      return [{ type: 'OAuthClientDeleted', data: { clientId: command.clientId, deletedAt: command.now, deletedBy: command.by.id } }];
  }
}

export const oauthClientDecider: Decider<OAuthClientCommand, ApiAccessEvent, OAuthClientState> = {
  initialState: initialOAuthClientState,
  evolve: evolveOAuthClient,
  decide: decideOAuthClient,
};
