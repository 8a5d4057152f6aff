import Router from '@koa/router';
import type { Logger } from 'pino';
import { sql } from 'slonik';
import { z } from 'zod';
import type { Clock } from '../core/clock';
import { DomainError } from '../core/errors';
import type { DatabasePool } from '../db/pool';
import type { EventStore } from '../eventstore/types';
import { requireRole } from '../identity/auth';
import type { Projection } from '../projections/types';
import type { VerifyState } from '../shared/read-model-verify';
import { verifyReplay, VerifyFailed } from './verify-replay';

/** What an admin reads of a verify whose instance stopped before it finished. */
export const VERIFY_LOST = 'The verify stopped when the shop instance running it stopped: start it again.';

/**
 * The verified replay run inside the shop (issue 40 item 3), one at a time across every instance of the shop, in
 * the background and paced as the command line's; stopped with the shop. Its state and last report are one row of
 * `verify_runs` (issue 42): an instance claims it to start a verify (refused while another alive instance runs
 * one), and every instance answers the admin from it.
 */
export function createVerifyJob(deps: {
  pool: DatabasePool;
  store: EventStore;
  projections: readonly Projection[];
  batchSize: number;
  pauseMs: number;
  clock: Clock;
  logger: Logger;
  instanceId: string;
  /** How recently an instance must have been seen to count as alive (src/instances' ALIVE_MS). */
  aliveMs: number;
}) {
  const names = deps.projections.map((projection) => projection.name);
  let running: Promise<void> | undefined;
  const controller = new AbortController();
  const aliveSince = () => new Date(deps.clock().getTime() - deps.aliveMs).toISOString();

  /** Claims the row for a new verify: false while another alive instance runs one. */
  async function claim(state: VerifyState): Promise<boolean> {
    const claimed = await deps.pool.maybeOne(sql.unsafe`
      insert into verify_runs (id, state, instance_id, updated_at)
      values (1, ${sql.jsonb(state as never)}, ${deps.instanceId}, ${deps.clock().toISOString()})
      on conflict (id) do update set state = excluded.state, instance_id = excluded.instance_id, updated_at = excluded.updated_at
       where verify_runs.state->>'state' <> 'running'
          or not exists (select 1 from shop_instances i where i.id = verify_runs.instance_id and i.seen_at >= ${aliveSince()})
      returning 1 as claimed`);
    return claimed !== null;
  }

  async function finish(state: VerifyState): Promise<void> {
    await deps.pool.query(sql.unsafe`
      update verify_runs set state = ${sql.jsonb(state as never)}, instance_id = null, updated_at = ${deps.clock().toISOString()}
       where id = 1 and instance_id = ${deps.instanceId}`);
  }

  return {
    names,
    /** The verify under way or the last one's outcome, as any instance has it. */
    async state(): Promise<VerifyState> {
      const row = await deps.pool.maybeOne(sql.unsafe`
        select v.state, v.instance_id is null or exists (select 1 from shop_instances i where i.id = v.instance_id and i.seen_at >= ${aliveSince()}) as alive
          from verify_runs v where id = 1`);
      if (!row) return { state: 'never', sentences: [], projections: names };
      const state = { ...(row.state as VerifyState), projections: names };
      return state.state === 'running' && !row.alive ? { ...state, state: 'failed', sentences: [VERIFY_LOST] } : state;
    },
    /** Starts a verify of one projection or all; refused while one runs on any instance. */
    async start(projection: string): Promise<VerifyState> {
      const chosen = projection === 'all' ? deps.projections : deps.projections.filter((candidate) => candidate.name === projection);
      if (chosen.length === 0) throw new DomainError('invalid', 'projection: choose a read model, or all');
      const started: VerifyState = { state: 'running', projection, startedAt: deps.clock().toISOString(), sentences: [], projections: names };
      if (running || !(await claim(started))) throw new DomainError('conflict', 'A verify is running already: wait for its report.');
      running = verifyReplay({ pool: deps.pool, store: deps.store, projections: chosen, batchSize: deps.batchSize, pauseMs: deps.pauseMs, signal: controller.signal })
        .then(
          (report) => ({ ...started, state: report.agrees ? ('agrees' as const) : ('differs' as const), sentences: report.sentences }),
          (error: unknown) => {
            if (!(error instanceof VerifyFailed)) deps.logger.error({ err: error, projection }, 'verify of the read models failed');
            const sentence = error instanceof VerifyFailed ? error.message : 'The verify failed on our side: the shop’s log says why.';
            return { ...started, state: 'failed' as const, sentences: [sentence] };
          },
        )
        .then((finished) => finish({ ...finished, finishedAt: deps.clock().toISOString() }))
        .catch((error: unknown) => deps.logger.error({ err: error }, 'could not store the verify’s report'))
        .finally(() => {
          running = undefined;
        });
      return started;
    },
    /** Resolves when no verify runs here (tests, and the shop's stop). */
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
    ctx.body = { status: true, verify: await deps.job.start(projection) };
  });
  router.get('/api/operations/verify', requireRole('admin'), async (ctx) => {
    ctx.body = { status: true, verify: await deps.job.state() };
  });
  return router;
}
