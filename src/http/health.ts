import Router from '@koa/router';
import { sql } from 'slonik';
import type { DatabasePool } from '../db/pool';
import type { EventStore } from '../eventstore/types';
import { READY_LAG_SECONDS } from '../projections/lag';

/**
 * Liveness and readiness. /readyz answers 200 while the database and the event store answer and every
 * projection is at most READY_LAG_SECONDS behind (src/projections/lag.ts, the same figures /metrics shows),
 * else 503 naming what is unreachable or behind.
 */
export function healthRoutes(deps: { pool: DatabasePool; store: EventStore; projectionLags: () => Promise<Map<string, number>> }) {
  const router = new Router();

  router.get('/healthz', (ctx) => {
    ctx.body = { status: true };
  });

  router.get('/readyz', async (ctx) => {
    const checks: Record<string, string> = {};
    const behind: string[] = [];
    try {
      await deps.pool.query(sql.unsafe`select 1`);
      checks.database = 'ok';
    } catch {
      checks.database = 'unreachable';
    }
    let lags: Map<string, number> | undefined;
    try {
      await deps.store.ping();
      checks.eventStore = 'ok';
      lags = await deps.projectionLags();
    } catch {
      // The lag reads the store's head and the checkpoints: without them no projection can be called caught up.
      if (checks.eventStore === 'ok') checks.projections = 'unreachable';
      else checks.eventStore = 'unreachable';
    }
    for (const [name, seconds] of lags ?? []) {
      const late = seconds > READY_LAG_SECONDS;
      checks[`projection:${name}`] = late ? 'behind' : 'caught up';
      if (late) behind.push(name);
    }
    const ready = Object.values(checks).every((value) => value === 'ok' || value === 'caught up');
    ctx.status = ready ? 200 : 503;
    ctx.body = { status: ready, checks, behind };
  });

  return router;
}
