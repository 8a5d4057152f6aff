import type { Logger } from 'pino';
import type { Config } from '../config';
import type { Clock } from '../core/clock';
import type { DatabasePool } from '../db/pool';
import { createInstanceRegistry } from '../instances';
import { createLiveStreamCaps, LIVE_STREAMS_PER_SESSION } from '../limits';
import { StaffPresence } from '../live/staff-presence';
import type { Services } from '../services';
import type { InstanceRegistry } from '../instances';
import type { Stops } from './stops';

/**
 * This process as one instance of the shop on its database (issue 42): registered and beating until the stop,
 * which deletes its row last but the pool's, and with it the staff screens and live streams it counted; and the
 * two pieces of live state every instance must see: the staff screens and the open live streams.
 */
export async function startInstance(
  deps: { config: Config; pool: DatabasePool; clock: Clock; logger: Logger; secret: string; services: Pick<Services, 'setOthersAlive' | 'notices'> },
  stops: Stops,
) {
  const { config, pool, clock, logger, services } = deps;
  const registry = createInstanceRegistry(pool, clock);
  await registry.start((error) => logger.warn({ err: error }, 'instance beat failed'));
  stops.add(() => registry.stop());
  await checkKeptReadsWhileNotAlone(registry, services, clock);
  const staffPresence = new StaffPresence({ clock, pool, registry, onError: (error) => logger.warn({ err: error }, 'writing the staff screens failed') });
  const streams = createLiveStreamCaps(
    { perAddress: config.LIVE_STREAMS_PER_ADDRESS, perSession: LIVE_STREAMS_PER_SESSION },
    { pool, clock, registry, secret: deps.secret, onError: (error) => logger.warn({ err: error }, 'freeing a live stream failed') },
  );
  logger.info({ instance: registry.id }, 'registered as an instance of the shop');
  return { registry, staffPresence, streams };
}

/**
 * While other instances write to the same store, a state the command handler kept may be a moment behind theirs:
 * reads of kept states then first make sure this process heard of every committed event (issue 42). Alone (one
 * process per restaurant, the usual case), they cost nothing. A starting instance tells the others at once by a
 * change notice; each beat looks again, so an instance that died stops counting within ALIVE_MS.
 */
async function checkKeptReadsWhileNotAlone(registry: InstanceRegistry, services: Pick<Services, 'setOthersAlive' | 'notices'>, clock: Clock) {
  const set = (others: boolean) => services.setOthersAlive(others);
  const look = async () => set((await registry.alive(clock())).some((row) => row.id !== registry.id));
  services.notices.on('instance', { changed: () => set(true), lost: () => set(true) });
  registry.onBeat(look);
  await look();
  await services.notices.send('instance', registry.id);
}
