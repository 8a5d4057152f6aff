import type { Logger } from 'pino';
import type { Config } from '../config';
import { claimDataDir, clusterDirFor, startEmbeddedPostgres } from './embedded-postgres';
import { migrate } from './migrate';

export interface OpenDatabase {
  url: string;
  close(): Promise<void>;
}

/**
 * DATABASE_URL when set; otherwise the embedded cluster under DATA_DIR. The shop owns the data directory while
 * it runs; a command-line tool (`forTool`) shares the running shop's cluster instead of starting a second one.
 */
export async function openDatabase(config: Config, logger: Logger, options: { forTool?: boolean } = {}): Promise<OpenDatabase> {
  if (config.DATABASE_URL) {
    await migrate(config.DATABASE_URL, { log: (line) => logger.info(line) });
    return { url: config.DATABASE_URL, close: async () => undefined };
  }
  const embedded = await startEmbeddedPostgres({
    dataDir: config.dataDir,
    // Why a start waits or takes over a killed run's lock is said at info; Postgres's own chatter stays at debug.
    log: (line) => logger.info(line),
    postgresLog: (line) => logger.debug({ postgres: line }),
    attachToRunning: options.forTool,
  });
  const release = options.forTool ? () => undefined : claimDataDir(config.dataDir);
  try {
    await embedded.createDatabase('shop');
    const url = embedded.url('shop');
    await migrate(url, { log: (line) => logger.info(line) });
    logger.info({ dataDir: config.dataDir, cluster: clusterDirFor(config.dataDir) }, 'embedded Postgres ready');
    return {
      url,
      async close() {
        release();
        await embedded.stop();
      },
    };
  } catch (error) {
    release();
    await embedded.stop();
    throw error;
  }
}
