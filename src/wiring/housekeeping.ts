import type { Logger } from 'pino';
import { systemClock, type Clock } from '../core/clock';
import { analyzeGrownTables } from '../db/planner-statistics';
import type { DatabasePool } from '../db/pool';
import { SESSION_SWEEP_INTERVAL_MS, type createSessionSweeper } from '../http/session-sweeper';
import { createJobs } from '../instances';
import { forgetEndedWindows } from '../limits';
import { deleteOldMail } from '../mail/outbox';
import { forgetOldBasketHolders } from '../../modules/cart';
import type { createHoldSweeper } from '../../modules/stock';
import type { createStoreClock } from '../../modules/store';
import type { Stops } from './stops';

/**
 * The shop's own timers (not business timers, which go through src/process), stopped with the shop. Each runs
 * once per period across every instance on the database (src/instances/jobs.ts), so three instances send one
 * closing notice a minute, not three. Their periods are measured on the real clock, as their timers are: a test
 * shop's clock that stands still must not stop them (tests call the jobs' work themselves).
 */
export function startHousekeeping(
  deps: {
    pool: DatabasePool;
    databaseUrl: string;
    clock: Clock;
    instanceId: string;
    logger: Logger;
    sessionSweeper: ReturnType<typeof createSessionSweeper>;
    holdSweeper: ReturnType<typeof createHoldSweeper>;
    storeClock: ReturnType<typeof createStoreClock>;
    storeClockTickMs: number;
  },
  stops: Stops,
) {
  const { pool, clock, logger } = deps;
  const jobs = createJobs({
    databaseUrl: deps.databaseUrl,
    pool,
    clock: systemClock,
    instanceId: deps.instanceId,
    onError: (job, error) => logger.error({ err: error, job }, 'background job failed'),
  });
  // Often, because a young shop's tables can double within seconds on its first evening; the check is one
  // read of Postgres's table statistics (see planner-statistics.ts).
  jobs.every('analyze grown tables', 2000, () => analyzeGrownTables(pool));
  jobs.every('housekeeping', 60 * 60 * 1000, async () => {
    await deleteOldMail(pool).catch((error) => logger.warn({ err: error }, 'deleting old mail failed'));
    await forgetOldBasketHolders(pool, clock()).catch((error) => logger.warn({ err: error }, 'forgetting old basket holders failed'));
    await forgetEndedWindows(pool, clock()).catch((error) => logger.warn({ err: error }, 'forgetting ended limit windows failed'));
  });
  jobs.every('session sweep', SESSION_SWEEP_INTERVAL_MS, () => deps.sessionSweeper.sweep());
  jobs.every('hold sweep', 60 * 1000, () => deps.holdSweeper.sweep());
  jobs.every('store clock', deps.storeClockTickMs, () => deps.storeClock.tick());
  stops.add(() => jobs.stop());
  return jobs;
}
