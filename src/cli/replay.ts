import { parseArgs } from 'node:util';
import { openEventStore, openPersonalData } from '../server';
import { resetProjection } from '../projections/runner';
import { catchUpProjections } from '../operations/rebuild';
import { verifyReplay } from '../operations/verify-replay';
import { allProjections } from '../../projections';
import { runTool, withShopDatabase } from './tool';

const USAGE = 'Usage: npm run replay -- <projection>\n       npm run replay -- --verify <projection|all> [--swap] [--keep] [--batch-size <events>] [--pause-ms <ms>]';
const whole = (value: string | undefined, name: string): number | undefined => {
  if (value === undefined) return undefined;
  if (!/^\d{1,6}$/.test(value)) throw new Error(`${name} must be a whole number.\n${USAGE}`);
  return Number(value);
};

/**
 * `npm run replay -- <projection>`: rebuilds a read model from the first event. Works with the shop stopped
 * (this process replays) or running (the shop's runner, which holds the projection's lock, replays).
 *
 * `npm run replay -- --verify <projection|all>`: rebuilds into a shadow schema while the shop trades, paced, and
 * compares it with the live read model (src/operations/verify-replay.ts); exits with 1 when they differ, unless
 * `--swap` then replaced the live one with the rebuilt one.
 */
runTool(async (args) => {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { verify: { type: 'string' }, swap: { type: 'boolean' }, keep: { type: 'boolean' }, 'batch-size': { type: 'string' }, 'pause-ms': { type: 'string' } },
  });
  const projections = allProjections();
  const names = `Projections: ${projections.map((p) => p.name).join(', ')}`;
  const name = values.verify ?? positionals[0];
  const chosen = name === 'all' && values.verify !== undefined ? projections : projections.filter((candidate) => candidate.name === name);
  if (chosen.length === 0 || (values.verify === undefined && (values.swap || values.keep))) throw new Error(`${USAGE}\n${names}`);
  const batchSize = whole(values['batch-size'], '--batch-size');
  const pauseMs = whole(values['pause-ms'], '--pause-ms');
  await withShopDatabase(async ({ config, databaseUrl, pool }) => {
    // Through the shop's event versioning: old events replay as today's.
    const store = await openEventStore(config, databaseUrl, openPersonalData(config, pool));
    try {
      const started = performance.now();
      const seconds = () => ((performance.now() - started) / 1000).toFixed(2);
      if (values.verify === undefined) {
        const [projection] = chosen;
        await resetProjection(pool, projection, store);
        await catchUpProjections({ projections: [projection], store, pool, databaseUrl });
        console.log(`Rebuilt ${projection.name} up to ${await store.lastCommittedPosition()} in ${seconds()} s`);
        return;
      }
      const report = await verifyReplay({
        pool,
        store,
        projections: chosen,
        batchSize: batchSize ?? config.REPLAY_BATCH_SIZE,
        pauseMs: pauseMs ?? config.REPLAY_PAUSE_MS,
        keep: values.keep,
        swap: values.swap,
      });
      for (const sentence of report.sentences) console.log(sentence);
      console.log(`Verified ${chosen.length === 1 ? chosen[0].name : `${chosen.length} read models`} in ${seconds()} s.`);
      if (!report.agrees && !values.swap) process.exitCode = 1;
    } finally {
      await store.close();
    }
  });
});
