import Router from '@koa/router';
import type { Context } from 'koa';
import { z } from 'zod';
import type { Clock } from '../../src/core/clock';
import { commandContext } from '../../src/http/command-context';
import { requireRole } from '../../src/identity/auth';
import type { User } from '../../src/identity/users';
import { API_NAME_MAX, API_SCOPE_IDS, API_SCOPES } from '../../src/shared/api-scopes';
import { singleLineText } from '../../src/shared/text';
import type { ApiTokenReadModel, OAuthClientReadModel } from './ports';
import type { ApiTokens, OAuthClients } from './tokens';

/** Spec §7: POST /oauth/personal-access-tokens takes name and scopes. */
export const personalTokenInput = z.strictObject({
  name: singleLineText({ max: API_NAME_MAX, min: 1, required: 'The name field is required.' }),
  scopes: z.array(z.enum(API_SCOPE_IDS, 'scopes: not a scope of this shop')).max(API_SCOPE_IDS.length * 2).default([]),
});
const tokenId = z.uuid('not a token id');
const clientId = z.uuid('not a client id');
/** Spec §7: POST /oauth/clients and PUT /oauth/clients/{id} take name and redirect. */
export const clientInput = z.strictObject({
  name: singleLineText({ max: API_NAME_MAX, min: 1, required: 'The name field is required.' }),
  redirect: singleLineText({ max: 2000, min: 1, required: 'The redirect field is required.' }),
});

const actorOf = (ctx: Context) => {
  const user = ctx.state.user as User;
  return { id: user.id, role: user.role };
};

/**
 * The personal access tokens' and the OAuth clients' calls (staff spec §7) and the scopes: every staff login manages its own (a customer's
 * gets a 403 from the role guard); an admin also lists everyone's and may revoke any.
 */
export function apiTokenRoutes(deps: { tokens: ApiTokens; readModel: ApiTokenReadModel; clients: OAuthClients; clientList: OAuthClientReadModel; clock: Clock }) {
  const { tokens, readModel, clients, clientList, clock } = deps;
  const router = new Router();
  const staff = requireRole('staff');

  router.get('/oauth/scopes', staff, (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = API_SCOPES.map((scope) => ({ id: scope.id, description: scope.description }));
  });

  router.get('/oauth/personal-access-tokens', staff, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await readModel.ownedBy(actorOf(ctx).id);
  });

  router.post('/oauth/personal-access-tokens', staff, async (ctx) => {
    const input = personalTokenInput.parse(ctx.request.body);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await tokens.create(actorOf(ctx), input.name, input.scopes, commandContext(ctx, clock));
  });

  router.delete('/oauth/personal-access-tokens/:id', staff, async (ctx) => {
    await tokens.revoke(tokenId.parse(ctx.params.id), actorOf(ctx), commandContext(ctx, clock));
    ctx.status = 204;
  });

  // Every staff login's tokens, for an admin (issue 41 item 1): whose each is, and its last use.
  router.get('/api/staff/api-tokens', requireRole('admin'), async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { status: true, tokens: await readModel.everyone() };
  });

  router.get('/oauth/clients', staff, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await clientList.ownedBy(actorOf(ctx).id);
  });

  // The answer carries the secret: the only time it is shown (issue 41; docs/spec-differences.md).
  router.post('/oauth/clients', staff, async (ctx) => {
    const input = clientInput.parse(ctx.request.body);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await clients.register(actorOf(ctx), input.name, input.redirect, commandContext(ctx, clock));
  });

  router.put('/oauth/clients/:id', staff, async (ctx) => {
    // The body is read before the id, so each field's own refusal names it (test/api/hostile-text.test.ts).
    const input = clientInput.parse(ctx.request.body);
    const id = clientId.parse(ctx.params.id);
    await clients.change(id, actorOf(ctx), input.name, input.redirect, commandContext(ctx, clock));
    ctx.body = { id, name: input.name, redirect: input.redirect, secret: null };
  });

  router.delete('/oauth/clients/:id', staff, async (ctx) => {
    await clients.remove(clientId.parse(ctx.params.id), actorOf(ctx), commandContext(ctx, clock));
    ctx.status = 204;
  });

  return router;
}
