import type { Decider } from '../../src/core/decider';
import { DomainError } from '../../src/core/errors';
import { API_ACCESS_TEXTS, mayHoldApiCredentials, scopeAllowed, type ApiScope } from '../../src/shared/api-scopes';
import type { Role } from '../../src/shared/roles';
import type { ApiAccessEvent } from './events';
import { evolveApiToken, initialApiTokenState, type ApiTokenState } from './state';

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
