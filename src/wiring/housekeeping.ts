import type { Logger } from 'pino';
import type { Clock } from '../core/clock';
import { analyzeGrownTables } from '../db/planner-statistics';
import type { DatabasePool } from '../db/pool';
import { SESSION_SWEEP_INTERVAL_MS, type createSessionSweeper } from '../http/session-sweeper';
import { forgetEndedWindows } from '../limits';
import { deleteOldMail } from '../mail/outbox';
import { forgetOldBasketHolders } from '../../modules/cart';
import type { createHoldSweeper } from '../../modules/stock';
import type { createStoreClock } from '../../modules/store';
import type { Stops } from './stops';

/** The shop's own timers (not business timers, which go through src/process), cleared with the shop. */
export function startHousekeeping(
  deps: {
    pool: DatabasePool;
    clock: Clock;
    logger: Logger;
    sessionSweeper: ReturnType<typeof createSessionSweeper>;
    holdSweeper: ReturnType<typeof createHoldSweeper>;
    storeClock: ReturnType<typeof createStoreClock>;
  },
  stops: Stops,
): void {
  const { pool, clock, logger } = deps;
  // Often, because a young shop's tables can double within seconds on its first evening; the check is one
  // read of Postgres's table statistics (see planner-statistics.ts).
  let analyzingNow = false;
  const analyzing = setInterval(() => {
    if (analyzingNow) return;
    analyzingNow = true;
    void analyzeGrownTables(pool)
      .catch((error) => logger.warn({ err: error }, 'analyzing grown tables failed'))
      .finally(() => (analyzingNow = false));
  }, 2000);
  const housekeeping = setInterval(() => {
    void deleteOldMail(pool).catch(() => undefined);
    void forgetOldBasketHolders(pool, clock()).catch(() => undefined);
    void forgetEndedWindows(pool, clock()).catch((error) => logger.warn({ err: error }, 'forgetting ended limit windows failed'));
  }, 60 * 60 * 1000);
  const sweepingSessions = setInterval(() => {
    void deps.sessionSweeper.sweep().catch((error) => logger.error({ err: error }, 'session sweep failed'));
  }, SESSION_SWEEP_INTERVAL_MS);
  const sweeping = setInterval(() => {
    void deps.holdSweeper.sweep().catch((error) => logger.error({ err: error }, 'hold sweep failed'));
  }, 60 * 1000);
  const ticking = setInterval(() => {
    void deps.storeClock.tick().catch((error) => logger.error({ err: error }, 'store clock failed'));
  }, 60 * 1000);
  const timers = [analyzing, housekeeping, sweepingSessions, sweeping, ticking];
  for (const timer of timers) timer.unref();
  stops.add(async () => {
    for (const timer of timers) clearInterval(timer);
  });
}
