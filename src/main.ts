import { ConfigError, loadConfig } from './config';
import { ensureWebBuild } from './web-build';
import { startShop } from './server';

async function main(): Promise<void> {
  const config = loadConfig();
  await ensureWebBuild();
  const shop = await startShop(config, { openDemoShop: true });
  // A promise that failed with nobody waiting for it (a stray database error in one request, say) is logged, and
  // the shop goes on serving everyone else: Node would otherwise end the process.
  process.on('unhandledRejection', (reason) => shop.logger.error({ err: reason }, 'a failure nobody waited for'));
  // An exception thrown out of a callback may have left anything half done: logged, then the process ends, for
  // its supervisor (systemd, Docker) to start it again.
  process.on('uncaughtException', (error) => {
    shop.logger.fatal({ err: error }, 'uncaught exception: stopping');
    process.exit(1);
  });
  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    shop.logger.info({ signal }, 'stopping');
    shop
      .stop()
      .then(() => process.exit(0))
      .catch((error) => {
        shop.logger.error({ err: error }, 'stop failed');
        process.exit(1);
      });
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

main().catch((error) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error('The shop could not start:', error instanceof Error ? error.message : error);
  }
  process.exit(1);
});
