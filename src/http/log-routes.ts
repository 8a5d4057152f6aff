import Router from '@koa/router';
import { z } from 'zod';
import { containsCardNumber, NO_CARD_NUMBERS } from './card-numbers';
import { refuseWhenOver, type Limits } from '../limits';
import { multiLineText } from '../shared/text';

const logText = (max: number) => multiLineText({ max }).refine((text) => !containsCardNumber(text), NO_CARD_NUMBERS);

const logInput = z.strictObject({
  level: z.enum(['debug', 'info', 'warn', 'error', 'critical']).default('info'),
  message: logText(2000).refine((text) => text.length > 0, 'message is required'),
  error: logText(4000).optional(),
});

/**
 * The web app's log calls (customer §7, staff §7), written to the server log with who sent them. Anyone may
 * call them, so they are limited per address and refuse card numbers, as every other free text does.
 */
export function logRoutes(deps: { limits: Limits; now: () => Date }) {
  const router = new Router();
  const write = (fixed?: 'info' | 'error') => async (ctx: Parameters<Parameters<typeof router.post>[1]>[0]) => {
    refuseWhenOver(await deps.limits.take('log_lines', ctx.ip, deps.now()), 'log messages');
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
