import type { Logger } from 'pino';
import type { Config } from '../config';
import type { DatabasePool } from '../db/pool';
import type { LiveHub } from '../live/hub';
import { outboxDepth } from '../mail/outbox';
import { METRICS_HOST, METRICS_PATH, serveMetricsPort } from '../metrics/serve';
import type { ShopMetrics } from '../metrics/shop-metrics';
import type { ProcessManager } from '../process';
import type { Stops } from './stops';

/**
 * The gauges /metrics reads on each scrape, and the metrics' own port on 127.0.0.1 when METRICS_PORT is set
 * (issue 40 item 7); resolves to that port, or undefined. The counters are wired where they count: the request
 * middleware in the HTTP shell, the append counter around the event store.
 */
export async function wireMetrics(
  deps: { config: Config; logger: Logger; metrics: ShopMetrics; pool: DatabasePool; hub: LiveHub; processes: ProcessManager; projectionLags: () => Promise<Map<string, number>> },
  stops: Stops,
): Promise<number | undefined> {
  const { config, metrics, pool } = deps;
  metrics.watch({
    projectionLags: deps.projectionLags,
    liveClients: () => deps.hub.clientCounts(),
    mailOutboxDepth: () => outboxDepth(pool),
    timersDue: () => deps.processes.timersDue(),
    pool: () => pool.usage(),
  });
  if (config.METRICS_PORT === undefined) return undefined;
  const served = await serveMetricsPort(metrics, config.METRICS_PORT);
  stops.add(() => served.close());
  deps.logger.info({ url: `http://${METRICS_HOST}:${served.port}${METRICS_PATH}` }, 'metrics are served on their own port');
  return served.port;
}
