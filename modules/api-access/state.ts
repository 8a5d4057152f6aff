import type { ApiAccessEvent } from './events';

type TokenEvent = Extract<ApiAccessEvent, { type: 'PersonalAccessTokenCreated' | 'PersonalAccessTokenRevoked' }>;

export type ApiTokenState =
  | { status: 'none' }
  | { status: 'active'; tokenId: string; ownerId: string }
  | { status: 'revoked'; tokenId: string; ownerId: string };

export const initialApiTokenState: ApiTokenState = { status: 'none' };

export function evolveApiToken(state: ApiTokenState, event: TokenEvent): ApiTokenState {
  switch (event.type) {
    case 'PersonalAccessTokenCreated':
      return { status: 'active', tokenId: event.data.tokenId, ownerId: event.data.ownerId };
    case 'PersonalAccessTokenRevoked':
      return state.status === 'none' ? state : { status: 'revoked', tokenId: state.tokenId, ownerId: state.ownerId };
    default: {
      const never: never = event;
      return never;
    }
  }
}

export type OAuthClientState =
  | { status: 'none' }
  | { status: 'registered'; clientId: string; ownerId: string }
  | { status: 'deleted'; clientId: string; ownerId: string };

export const initialOAuthClientState: OAuthClientState = { status: 'none' };

export function evolveOAuthClient(state: OAuthClientState, event: ApiAccessEvent): OAuthClientState {
  switch (event.type) {
    case 'OAuthClientRegistered':
      return { status: 'registered', clientId: event.data.clientId, ownerId: event.data.ownerId };
    case 'OAuthClientDeleted':
      return state.status === 'none' ? state : { status: 'deleted', clientId: state.clientId, ownerId: state.ownerId };
    default:
      return state;
  }
}
