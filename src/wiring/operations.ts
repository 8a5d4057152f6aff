import type { Logger } from 'pino';
import type { Config } from '../config';
import type { Clock } from '../core/clock';
import type { DatabasePool } from '../db/pool';
import type { EventStore } from '../eventstore/types';
import { ALIVE_MS } from '../instances';
import { createVerifyJob } from '../operations/verify-job';
import { allProjections } from '../../projections';
import type { Stops } from './stops';

/** The admins' verified replay (issue 40 item 3), paced by REPLAY_BATCH_SIZE and REPLAY_PAUSE_MS, stopped with the shop. */
export function wireVerify(deps: { config: Config; pool: DatabasePool; store: EventStore; clock: Clock; logger: Logger; instanceId: string }, stops: Stops) {
  const job = createVerifyJob({
    pool: deps.pool,
    store: deps.store,
    projections: allProjections(),
    batchSize: deps.config.REPLAY_BATCH_SIZE,
    pauseMs: deps.config.REPLAY_PAUSE_MS,
    clock: deps.clock,
    logger: deps.logger,
    instanceId: deps.instanceId,
    aliveMs: ALIVE_MS,
  });
  stops.add(() => job.stop());
  return job;
}
