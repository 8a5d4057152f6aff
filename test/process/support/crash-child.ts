// A shop instance running the tab-lapse process in its own Node process, which stops dead at a chosen point
// of sending (CRASH_AT: before-send or after-send) so that the test can SIGKILL it there.
import { createDatabasePool } from '../../../src/db/pool';
import { createPostgresEventStore } from '../../../src/eventstore/postgres';
import { processInstance } from './instance';
import type { SendHooks } from './tab-process';

async function main(): Promise<void> {
  const url = process.env.DATABASE_URL!;
  const at = new Date(process.env.CLOCK_AT!);
  const store = createPostgresEventStore({ url, pollIntervalMs: 20 });
  const pool = await createDatabasePool(url);
  const stopDead = () => {
    process.stdout.write(`stopped ${process.env.CRASH_AT}\n`);
    return new Promise<void>(() => undefined);
  };
  const hooks: SendHooks = { sends: 0 };
  if (process.env.CRASH_AT === 'before-send') hooks.beforeSend = stopDead;
  else hooks.afterSend = stopDead;
  const instance = processInstance({ store, pool, databaseUrl: url, clock: () => at, hooks });
  await instance.manager.start();
  process.stdout.write('started\n');
}

main().catch((error) => {
  process.stderr.write(`${String(error)}\n`);
  process.exit(1);
});
