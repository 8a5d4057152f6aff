import Router from '@koa/router';
import type { Logger } from 'pino';
import { z } from 'zod';
import type { Clock } from '../core/clock';
import { DomainError } from '../core/errors';
import type { DatabasePool } from '../db/pool';
import type { EventStore } from '../eventstore/types';
import { requireRole } from '../identity/auth';
import type { Projection } from '../projections/types';
import type { VerifyState } from '../shared/read-model-verify';
import { verifyReplay, VerifyFailed } from './verify-replay';

/**
 * The verified replay run inside the shop (issue 40 item 3), one at a time, in the background and paced as the
 * command line's; stopped with the shop.
 */
export function createVerifyJob(deps: { pool: DatabasePool; store: EventStore; projections: readonly Projection[]; batchSize: number; pauseMs: number; clock: Clock; logger: Logger }) {
  const names = deps.projections.map((projection) => projection.name);
  let current: VerifyState = { state: 'never', sentences: [], projections: names };
  let running: Promise<void> | undefined;
  const controller = new AbortController();
  return {
    names,
    state: (): VerifyState => current,
    /** Starts a verify of one projection or all; refused while one runs. */
    start(projection: string): VerifyState {
      if (running) throw new DomainError('conflict', 'A verify is running already: wait for its report.');
      const chosen = projection === 'all' ? deps.projections : deps.projections.filter((candidate) => candidate.name === projection);
      if (chosen.length === 0) throw new DomainError('invalid', 'projection: choose a read model, or all');
      current = { state: 'running', projection, startedAt: deps.clock().toISOString(), sentences: [], projections: names };
      const started = current;
      running = verifyReplay({ pool: deps.pool, store: deps.store, projections: chosen, batchSize: deps.batchSize, pauseMs: deps.pauseMs, signal: controller.signal })
        .then(
          (report) => ({ ...started, state: report.agrees ? ('agrees' as const) : ('differs' as const), sentences: report.sentences }),
          (error: unknown) => {
            if (!(error instanceof VerifyFailed)) deps.logger.error({ err: error, projection }, 'verify of the read models failed');
            const sentence = error instanceof VerifyFailed ? error.message : 'The verify failed on our side: the shop’s log says why.';
            return { ...started, state: 'failed' as const, sentences: [sentence] };
          },
        )
        .then((finished) => {
          current = { ...finished, finishedAt: deps.clock().toISOString() };
          running = undefined;
        });
      return current;
    },
    /** Resolves when no verify runs (tests, and the shop's stop). */
    async settled(): Promise<void> {
      await running;
    },
    async stop(): Promise<void> {
      controller.abort();
      await running;
    },
  };
}

export type VerifyJob = ReturnType<typeof createVerifyJob>;

/** The admins' "Verify read models": start one (answers at once, 202) and read its state and last report. */
export function verifyRoutes(deps: { job: VerifyJob }) {
  const router = new Router();
  const input = z.strictObject({
    projection: z.enum([...deps.job.names, 'all'], 'choose a read model, or all'),
  });
  router.post('/api/operations/verify', requireRole('admin'), async (ctx) => {
    const { projection } = input.parse(ctx.request.body ?? {});
    ctx.status = 202;
    ctx.body = { status: true, verify: deps.job.start(projection) };
  });
  router.get('/api/operations/verify', requireRole('admin'), async (ctx) => {
    ctx.body = { status: true, verify: deps.job.state() };
  });
  return router;
}
