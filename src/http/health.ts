import Router from '@koa/router';
import { sql } from 'slonik';
import type { DatabasePool } from '../db/pool';
import type { EventStore, Position } from '../eventstore/types';
import type { ProjectionRunner } from '../projections/runner';

/** How long /readyz lets a projection catch up before calling it behind. */
const CATCH_UP_GRACE_MS = 2000;

export function healthRoutes(deps: { pool: DatabasePool; store: EventStore; runners: ProjectionRunner[] }) {
  const router = new Router();

  router.get('/healthz', (ctx) => {
    ctx.body = { status: true };
  });

  router.get('/readyz', async (ctx) => {
    const checks: Record<string, string> = {};
    try {
      await deps.pool.query(sql.unsafe`select 1`);
      checks.database = 'ok';
    } catch {
      checks.database = 'unreachable';
    }
    let head: Position | undefined;
    try {
      await deps.store.ping();
      head = await deps.store.headPosition();
      checks.eventStore = 'ok';
    } catch {
      checks.eventStore = 'unreachable';
    }
    if (head !== undefined) {
      await Promise.all(
        deps.runners.map(async (runner) => {
          try {
            await runner.waitFor(head, CATCH_UP_GRACE_MS);
            checks[`projection:${runner.projection.name}`] = 'caught up';
          } catch {
            checks[`projection:${runner.projection.name}`] = 'behind';
          }
        }),
      );
    }
    const ready = Object.values(checks).every((value) => value === 'ok' || value === 'caught up');
    ctx.status = ready ? 200 : 503;
    ctx.body = { status: ready, checks };
  });

  return router;
}
