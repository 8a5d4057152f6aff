import Router from '@koa/router';
import { z } from 'zod';
import type { Clock } from '../core/clock';
import { DomainError } from '../core/errors';
import { noInput } from '../http/inputs';
import { requireRole } from '../identity/auth';
import { requireRecentPassword } from '../identity/step-up';
import { liveKeysProblem } from '../shared/live-keys';
import { singleLineText } from '../shared/text';
import type { LiveKeyRing } from './live-keys';

const keysInput = z
  .strictObject({
    appId: singleLineText({ max: 40, required: 'is missing' }),
    key: singleLineText({ max: 100, required: 'is missing' }),
    secret: singleLineText({ max: 200, required: 'is missing' }),
  })
  .superRefine((keys, context) => {
    const problem = liveKeysProblem(keys);
    if (problem) context.addIssue({ code: 'custom', path: [], message: problem });
  });
export const KEYS_FROM_ENVIRONMENT = 'These keys come from LIVE_APP_ID, LIVE_APP_KEY and LIVE_APP_SECRET: change them there';

/**
 * The settings screen's "Live update keys" (issue 30 item 1): staff see whether they are set (the secret masked);
 * a manager who entered the password in the last five minutes saves or rotates them.
 */
export function liveKeysRoutes(deps: { keys: LiveKeyRing; clock: Clock }) {
  const { keys } = deps;
  const router = new Router();
  const stepUp = requireRecentPassword(deps.clock);
  const changeable = () => {
    if (keys.fromEnvironment) throw new DomainError('conflict', KEYS_FROM_ENVIRONMENT);
  };

  router.get('/api/live-keys', requireRole('staff'), async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { status: true, ...(await keys.view()) };
  });

  router.post('/api/live-keys', requireRole('manager'), stepUp, async (ctx) => {
    const given = keysInput.parse(ctx.request.body);
    changeable();
    await keys.save(given);
    ctx.body = { status: true, message: 'Live update keys saved', ...(await keys.view()) };
  });

  router.post('/api/live-keys/rotate', requireRole('manager'), stepUp, async (ctx) => {
    noInput.parse(ctx.request.body);
    changeable();
    await keys.rotate();
    ctx.body = { status: true, message: 'New live update keys made: screens already connected keep working', ...(await keys.view()) };
  });

  return router;
}
