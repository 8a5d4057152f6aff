/**
 * The real shop in a Node process of its own, for tests that SIGKILL it. The configuration comes from the
 * environment as `npm start` reads it; the clock runs at real speed from CLOCK_START (an instant inside the
 * opening hours), so a test's outcome never depends on the time of day it runs. Prints `listening <url>`.
 */
import pino from 'pino';
import { loadConfig } from '../../../src/config';
import { startShop } from '../../../src/server';

async function main(): Promise<void> {
  const startedAt = Date.now();
  const base = Date.parse(process.env.CLOCK_START ?? new Date().toISOString());
  // Opened as npm start opens its demo shop (a new shop starts closed).
  const shop = await startShop(loadConfig(), { clock: () => new Date(base + (Date.now() - startedAt)), logger: pino({ level: 'silent' }), openDemoShop: true });
  process.stdout.write(`listening ${shop.url}\n`);
}

main().catch((error) => {
  console.error('shop child could not start:', error);
  process.exit(1);
});
