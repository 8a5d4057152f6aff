import Router from '@koa/router';
import { z } from 'zod';

const logInput = z.strictObject({
  level: z.enum(['debug', 'info', 'warn', 'error', 'critical']).default('info'),
  message: z.string().min(1).max(2000),
  error: z.string().max(4000).optional(),
});

/** The web app's log calls (customer §7, staff §7), written to the server log with who sent them. */
export function logRoutes() {
  const router = new Router();
  const write = (fixed?: 'info' | 'error') => async (ctx: Parameters<Parameters<typeof router.post>[1]>[0]) => {
    const input = logInput.parse({ ...(ctx.request.body as object), ...(fixed ? { level: fixed } : {}) });
    const level = input.level === 'critical' ? 'error' : input.level;
    ctx.log[level]({ from: 'web', user: (ctx.state.user as { id: string } | undefined)?.id, critical: input.level === 'critical', error: input.error }, input.message);
    ctx.body = { status: true };
  };
  router.post('/api/log', write());
  router.post('/api/log-info', write('info'));
  router.post('/api/log-error', write('error'));
  return router;
}
