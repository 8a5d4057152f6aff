import Router from '@koa/router';
import type { Context } from 'koa';
import { z } from 'zod';
import type { Clock } from '../../src/core/clock';
import { commandContext } from '../../src/http/command-context';
import { requireRole } from '../../src/identity/auth';
import type { User } from '../../src/identity/users';
import { API_NAME_MAX, API_SCOPE_IDS, API_SCOPES } from '../../src/shared/api-scopes';
import { singleLineText } from '../../src/shared/text';
import type { ApiTokenReadModel } from './ports';
import type { ApiTokens } from './tokens';

/** Spec §7: POST /oauth/personal-access-tokens takes name and scopes. */
export const personalTokenInput = z.strictObject({
  name: singleLineText({ max: API_NAME_MAX, min: 1, required: 'The name field is required.' }),
  scopes: z.array(z.enum(API_SCOPE_IDS, 'scopes: not a scope of this shop')).max(API_SCOPE_IDS.length * 2).default([]),
});
const tokenId = z.uuid('not a token id');

const actorOf = (ctx: Context) => {
  const user = ctx.state.user as User;
  return { id: user.id, role: user.role };
};

/**
 * The personal access tokens' calls (staff spec §7) and the scopes: every staff login manages its own (a customer's
 * gets a 403 from the role guard); an admin also lists everyone's and may revoke any.
 */
export function apiTokenRoutes(deps: { tokens: ApiTokens; readModel: ApiTokenReadModel; clock: Clock }) {
  const { tokens, readModel, clock } = deps;
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

  return router;
}
