import type { ApiAccessEvent } from './events';

export type ApiTokenState =
  | { status: 'none' }
  | { status: 'active'; tokenId: string; ownerId: string }
  | { status: 'revoked'; tokenId: string; ownerId: string };

export const initialApiTokenState: ApiTokenState = { status: 'none' };

export function evolveApiToken(state: ApiTokenState, event: ApiAccessEvent): ApiTokenState {
  switch (event.type) {
    case 'PersonalAccessTokenCreated':
      return { status: 'active', tokenId: event.data.tokenId, ownerId: event.data.ownerId };
    case 'PersonalAccessTokenRevoked':
      return state.status === 'none' ? state : { status: 'revoked', tokenId: state.tokenId, ownerId: state.ownerId };
    default:
      return state;
  }
}
