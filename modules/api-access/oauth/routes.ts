import Router from '@koa/router';
import { AuthorizationServer, DateInterval, JwtService, OAuthException, OAuthRequest, OAuthResponse } from '@jmondi/oauth2-server';
import type { Context } from 'koa';
import { z } from 'zod';
import type { Clock } from '../../../src/core/clock';
import { DomainError } from '../../../src/core/errors';
import { requireRole } from '../../../src/identity/auth';
import type { User } from '../../../src/identity/users';
import { API_SCOPES, type ApiScope } from '../../../src/shared/api-scopes';
import { hashOfToken } from '../tokens';
import { oauthRepositories, REFRESH_PREFIX, type OAuthStore } from './repositories';

/** Where a client sends its back-channel calls (RFC 6749 §3.2, RFC 7009): form posts from a server, not a page. */
export const OAUTH_TOKEN_PATH = '/oauth/token';
export const OAUTH_REVOKE_PATH = '/oauth/revoke';
export const OAUTH_CLIENT_PATHS = [OAUTH_TOKEN_PATH, OAUTH_REVOKE_PATH] as const;

/** A code lives 60 seconds (issue 41). */
export const CODE_SECONDS = 60;

const text = z.string().max(2000).regex(/^[\x20-\x7E]*$/, 'must be printable ASCII');
/** What an authorization request carries (RFC 6749 §4.1.1, RFC 7636): the consent screen sends it back as it came. */
const authorizeQuery = z.object({
  response_type: z.literal('code', 'response_type must be code'),
  client_id: text,
  redirect_uri: text,
  scope: text.optional(),
  state: text.optional(),
  code_challenge: text,
  code_challenge_method: z.literal('S256', 'code_challenge_method must be S256'),
});
const decisionInput = z.strictObject({ request: authorizeQuery, approve: z.boolean() });
const clientIdParam = z.uuid('not a client id');

export interface AuthorizedApps {
  /** The signed-in login's applications with tokens that still stand: the client, and the scopes granted. */
  of(userId: string, now: Date): Promise<Array<{ id: string; client: { id: string; name: string }; scopes: ApiScope[] }>>;
  /** Revokes every token of the login's for the client. */
  revoke(userId: string, clientId: string, at: Date): Promise<void>;
}

/**
 * The OAuth 2 authorization server (issue 41 item 2) on @jmondi/oauth2-server: authorization code with PKCE (S256
 * only), the redirect matched exactly, codes single-use for 60 s, access tokens for OAUTH_ACCESS_TOKEN_MINUTES,
 * refresh tokens rotated with reuse detection, revocation (RFC 7009); the consent screen's two calls and the
 * authorized applications (staff spec §7 `/oauth/tokens`).
 */
export function oauthRoutes(deps: { store: OAuthStore; apps: AuthorizedApps; clock: Clock; accessMinutes: number; refreshDays: number; jwtSecret: string }) {
  const repositories = oauthRepositories({ store: deps.store, clock: deps.clock, codeSeconds: CODE_SECONDS, refreshDays: deps.refreshDays });
  const jwt = new JwtService(deps.jwtSecret);
  const server = new AuthorizationServer(repositories.clients, repositories.tokens, repositories.scopes, jwt, {
    requiresPKCE: true,
    requiresS256: true,
    useOpaqueAuthorizationCodes: true,
    useOpaqueRefreshTokens: true,
  });
  const ttl = new DateInterval(`${deps.accessMinutes}m`);
  server.enableGrantType({ grant: 'authorization_code', authCodeRepository: repositories.codes, userRepository: repositories.users }, ttl);
  server.enableGrantType('refresh_token', ttl);

  const router = new Router();
  const staff = requireRole('staff');

  /** The library's check, with the redirect matched exactly (the library alone ignores the port). */
  async function validate(query: z.infer<typeof authorizeQuery>) {
    const client = await deps.store.client(/^[0-9a-f-]{36}$/i.test(query.client_id) ? query.client_id : '00000000-0000-0000-0000-000000000000');
    if (!client) throw new DomainError('invalid', 'client_id: there is no such client');
    if (client.redirect !== query.redirect_uri) throw new DomainError('invalid', 'redirect_uri: must be exactly the redirect URL the client was registered with');
    try {
      return await server.validateAuthorizationRequest(new OAuthRequest({ query }));
    } catch (error) {
      throw refusal(error);
    }
  }

  router.get('/api/oauth/authorize', staff, async (ctx) => {
    const request = await validate(authorizeQuery.parse(ctx.query));
    ctx.set('Cache-Control', 'no-store');
    ctx.body = {
      status: true,
      client: { id: request.client.id, name: request.client.name },
      scopes: API_SCOPES.filter((scope) => request.scopes.some((granted) => granted.name === scope.id)).map(({ id, description }) => ({ id, description })),
    };
  });

  router.post('/api/oauth/authorize', staff, async (ctx) => {
    const { request: query, approve } = decisionInput.parse(ctx.request.body);
    const request = await validate(query);
    if (!approve) {
      const denied = new URLSearchParams({ error: 'access_denied', ...(query.state ? { state: query.state } : {}) });
      ctx.body = { status: true, redirect: `${query.redirect_uri}${query.redirect_uri.includes('?') ? '&' : '?'}${denied}` };
      return;
    }
    const user = ctx.state.user as User;
    request.user = { id: user.id };
    request.scopes = await repositories.scopes.finalize(request.scopes, 'authorization_code', request.client, user.id);
    request.isAuthorizationApproved = true;
    const answer = await server.completeAuthorizationRequest(request);
    ctx.body = { status: true, redirect: answer.headers.location as string };
  });

  router.post(OAUTH_TOKEN_PATH, async (ctx) => {
    await answerOAuth(ctx, () => server.respondToAccessTokenRequest(new OAuthRequest({ body: bodyOf(ctx), headers: ctx.headers })));
  });

  // RFC 7009, done here: the library would revoke through its client-credentials grant, which the shop does not
  // allow. The client proves itself; a token of its own (an access token by its signed id, a refresh token by
  // itself) is revoked with its whole family; the answer is 200 whatever the token was.
  router.post(OAUTH_REVOKE_PATH, async (ctx) => {
    const body = bodyOf(ctx);
    await answerOAuth(ctx, async () => {
      const client = await repositories.clients.getByIdentifier(String(body.client_id ?? '')).catch(() => null);
      if (!client || !(await repositories.clients.isClientValid('refresh_token', client, String(body.client_secret ?? '')))) throw OAuthException.invalidClient();
      const given = typeof body.token === 'string' ? body.token : '';
      const payload = given.includes('.') ? await jwt.verify(given, { ignoreExpiration: true, algorithms: ['HS256'] }).catch(() => null) : null;
      const stored = given.startsWith(REFRESH_PREFIX)
        ? await deps.store.tokenByRefresh(hashOfToken(given))
        : typeof payload?.jti === 'string'
          ? await deps.store.tokenByAccess(hashOfToken(payload.jti))
          : null;
      if (stored && stored.clientId === client.id) await deps.store.revokeFamily(stored.family, deps.clock());
      return new OAuthResponse();
    });
  });

  router.get('/oauth/tokens', staff, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await deps.apps.of((ctx.state.user as User).id, deps.clock());
  });

  router.delete('/oauth/tokens/:id', staff, async (ctx) => {
    await deps.apps.revoke((ctx.state.user as User).id, clientIdParam.parse(ctx.params.id), deps.clock());
    ctx.status = 204;
  });

  return router;
}

const bodyOf = (ctx: Context) => {
  const body = ctx.request.body;
  return body !== null && typeof body === 'object' ? { ...(body as Record<string, unknown>) } : {};
};

/** The token and revocation endpoints answer in OAuth's own shape (RFC 6749 §5.1, §5.2), never cached. */
async function answerOAuth(ctx: Context, work: () => Promise<OAuthResponse>): Promise<void> {
  ctx.set('Cache-Control', 'no-store');
  try {
    const answer = await work();
    ctx.status = answer.status;
    ctx.body = answer.body;
  } catch (error) {
    if (!(error instanceof OAuthException)) throw refusal(error);
    ctx.status = error.status;
    ctx.body = { error: error.errorType, error_description: error.errorDescription ?? error.error };
  }
}

/** A library refusal as the shop's plain-sentence error; anything else as the request's fault, without its text. */
function refusal(error: unknown): unknown {
  if (error instanceof OAuthException) return new DomainError(error.status === 401 ? 'unauthenticated' : 'invalid', error.errorDescription ?? error.error);
  if (error instanceof DomainError || error instanceof z.ZodError) return error;
  return new DomainError('invalid', 'This authorization request is not valid');
}
