import { ConfigError, loadConfig } from './config';
import { ensureWebBuild } from './web-build';
import { startShop } from './server';

async function main(): Promise<void> {
  const config = loadConfig();
  await ensureWebBuild();
  const shop = await startShop(config, { openDemoShop: true });
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
