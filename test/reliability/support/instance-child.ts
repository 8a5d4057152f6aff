/**
 * One instance of the real shop in a Node process of its own, for the several-instances test (issue 42): the
 * configuration comes from the environment as `npm start` reads it; the clock runs at real speed from CLOCK_START
 * and the test may move it on (`{ advanceMs }` over the IPC channel, answered `{ advanced }`), as the minutes of a
 * real evening would pass. Sends `{ url }` once it serves.
 */
import pino from 'pino';
import { loadConfig } from '../../../src/config';
import { startShop } from '../../../src/server';

let offsetMs = 0;

async function main(): Promise<void> {
  const startedAt = Date.now();
  const base = Date.parse(process.env.CLOCK_START ?? new Date().toISOString());
  const shop = await startShop(loadConfig(), { clock: () => new Date(base + offsetMs + (Date.now() - startedAt)), logger: pino({ level: 'silent' }) });
  process.on('message', (message: { advanceMs?: number }) => {
    if (typeof message.advanceMs !== 'number') return;
    offsetMs += message.advanceMs;
    process.send!({ advanced: offsetMs });
  });
  process.send!({ url: shop.url });
}

main().catch((error) => {
  console.error('shop instance could not start:', error);
  process.exit(1);
});
