import Router from '@koa/router';
import type { Clock } from '../../../src/core/clock';
import type { Limits } from '../../../src/limits';
import { bearerAuth, type OwnerLookup } from '../bearer';
import type { ApiTokenReadModel, TokenGrant } from '../ports';
import { openApiDocument, referencePage } from './openapi';
import type { PublicApiPorts } from './ports';
import { API_V1_PREFIX, publicApiRouter, v1Routes } from './routes';

/**
 * The public API's routers: the v1 routes behind the bearer check, and its OpenAPI document and reference page,
 * which anyone may read (they hold nothing of the shop's data).
 */
export function publicApiRoutes(deps: { ports: PublicApiPorts; tokens: ApiTokenReadModel; owner: OwnerLookup; limits: Limits; clock: Clock; publicOrigin: string; oauthGrant?: (accessToken: string) => Promise<TokenGrant | null> }): Router[] {
  const routes = v1Routes(deps.ports, deps.clock);
  const api = publicApiRouter(routes, bearerAuth({ tokens: deps.tokens, owner: deps.owner, limits: deps.limits, clock: deps.clock, oauthGrant: deps.oauthGrant }));
  const document = openApiDocument(routes, `${deps.publicOrigin}${API_V1_PREFIX}`);
  const page = referencePage(document);
  const docs = new Router({ prefix: API_V1_PREFIX });
  docs.get('/openapi.json', (ctx) => {
    ctx.body = document;
  });
  docs.get('/reference', (ctx) => {
    ctx.type = 'text/html; charset=utf-8';
    ctx.body = page;
  });
  return [docs, api];
}
