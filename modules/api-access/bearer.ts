import type { Context, Next } from 'koa';
import type { Clock } from '../../src/core/clock';
import { DomainError } from '../../src/core/errors';
import type { User } from '../../src/identity/users';
import { refuseWhenOver, takeAll, type Limits } from '../../src/limits';
import { scopeAllowed, type ApiScope } from '../../src/shared/api-scopes';
import type { ApiTokenReadModel, TokenGrant } from './ports';
import { hashOfToken } from './tokens';

declare module 'koa' {
  interface DefaultState {
    /** On a public API call: the token that opened it, with the scopes that still stand. */
    apiGrant?: TokenGrant;
  }
}

export const BEARER_TEXTS = {
  missing: 'An API token is needed: send it as Authorization: Bearer <token>',
  refused: 'This API token is not valid, or it was revoked',
  scope: (scope: ApiScope) => `This API token does not have the ${scope} scope`,
} as const;

/** The token's owner as the bearer check needs it: an active login, or null (deleted, disabled). */
export type OwnerLookup = (ownerId: string) => Promise<User | null>;

/**
 * The public API's door (issue 41): the bearer token (a personal access token, or an OAuth access token), found
 * by its hash; its owner must still be an active staff login, and only the
 * scopes the owner's role still allows stand. Each token's calls are counted against `api_requests`. The owner
 * becomes the request's user, so events the API causes name them, as the screens' do. No cookie is read.
 */
export function bearerAuth(deps: {
  tokens: ApiTokenReadModel;
  owner: OwnerLookup;
  limits: Limits;
  clock: Clock;
  /** An OAuth access token (a signed JWT whose id is looked up by its hash), when the authorization server runs. */
  oauthGrant?: (accessToken: string) => Promise<TokenGrant | null>;
}) {
  return async (ctx: Context, next: Next): Promise<void> => {
    ctx.state.user = undefined;
    const header = ctx.get('authorization');
    const match = /^Bearer ([A-Za-z0-9._~+/=-]{20,4000})$/.exec(header);
    if (!match) throw new DomainError('unauthenticated', header === '' ? BEARER_TEXTS.missing : BEARER_TEXTS.refused);
    const text = match[1]!;
    const grant = text.includes('.') ? ((await deps.oauthGrant?.(text)) ?? null) : await deps.tokens.byHash(hashOfToken(text));
    const owner = grant && (await deps.owner(grant.ownerId));
    if (!grant || !owner) throw new DomainError('unauthenticated', BEARER_TEXTS.refused);
    const now = deps.clock();
    refuseWhenOver(await takeAll(deps.limits, [['api_requests', grant.tokenId]], now), 'API calls with this token');
    // A personal token's last use is shown on its screen; an OAuth token lives 15 minutes and is not listed alone.
    if (!text.includes('.')) await deps.tokens.noteUsed(grant.tokenId, now);
    ctx.state.user = owner;
    ctx.state.apiGrant = { ...grant, scopes: grant.scopes.filter((scope) => scopeAllowed(owner.role, scope)) };
    return next();
  };
}

/** Route guard: the token must carry `scope` (403 naming it). */
export function requireScope(scope: ApiScope) {
  return async (ctx: Context, next: Next): Promise<void> => {
    if (!ctx.state.apiGrant?.scopes.includes(scope)) throw new DomainError('forbidden', BEARER_TEXTS.scope(scope));
    return next();
  };
}
