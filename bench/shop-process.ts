/**
 * The shop as a benchmark runs it: its own Node process, as `npm start` runs in production, so the load
 * generator and the 50 SSE screens of bench/live do not share the shop's one thread. Started by bench/shop.ts
 * with `fork`; the configuration comes in BENCH_SHOP_ENV (JSON), BENCH_SHOP_LOGGING=production logs as `npm start`
 * does (else nothing is logged), the rest over the IPC channel:
 *  → {type:'ready', port, pid}                        once the shop serves;
 *  ← {id, call:'setStock', levels} → {id, ok}        sets shelf levels through the stock module, waits for the menu;
 *  ← {id, call:'changeSettings', settings} → {id, ok} changes shop settings as a manager would, waits for them;
 *  ← {id, call:'createUser', user} → {id, ok}        adds a staff or manager account;
 *  ← {id, call:'clientCount', channel} → {id, value} SSE screens attached to a channel;
 *  ← {id, call:'settle'} → {id, ok}                  waits until every read model and process has the head of $all;
 *  ← {id, call:'sqlCounts'} → {id, value}            the SQL statements sent so far (bench/sql-counter.ts);
 *  ← {id, call:'memory'} → {id, value}                process.memoryUsage() and the V8 heap's spaces;
 *  ← {id, call:'heapSnapshot', directory} → {id, value} writes a heap snapshot there, answers its path;
 *  ← {id, call:'stop'} → {id, ok}                    stops the shop; the process then exits.
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import v8 from 'node:v8';
import pino from 'pino';
import { createStockHandlers } from '../modules/stock';
import { changeSettings } from '../modules/store';
import { loadConfig } from '../src/config';
import type { Clock } from '../src/core/clock';
import { createUserRepository } from '../src/identity/users';
import type { Role } from '../src/identity/roles';
import { startShop } from '../src/server';
import type { Position } from '../src/eventstore/types';
import { countSqlStatements, sqlCounts } from './sql-counter';

export type ShopCall =
  | { id: number; call: 'setStock'; levels: Array<{ productId: number; variantId: number | null; units: number }> }
  | { id: number; call: 'changeSettings'; settings: Record<string, unknown> }
  | { id: number; call: 'createUser'; user: { email: string; password: string; role: Role } }
  | { id: number; call: 'clientCount'; channel: string }
  | { id: number; call: 'settle' }
  | { id: number; call: 'sqlCounts' }
  | { id: number; call: 'memory' }
  | { id: number; call: 'heapSnapshot'; directory: string }
  | { id: number; call: 'stop' };

export type ShopAnswer = { id: number; ok: true; value?: unknown } | { id: number; ok: false; error: string };

/**
 * The shop's clock runs at real speed from 19:00 on a Friday in London, inside the default opening hours
 * (17:00-23:00), so the store clock never closes the shop during a run whatever the time of day.
 */
function openingHoursClock(): Clock {
  const startedAt = Date.now();
  const base = Date.parse('2026-11-20T19:00:00.000Z');
  return () => new Date(base + (Date.now() - startedAt));
}

async function main(): Promise<void> {
  countSqlStatements();
  const send = (message: unknown) => process.send!(message);
  const config = loadConfig(JSON.parse(process.env.BENCH_SHOP_ENV ?? '{}') as Record<string, string>);
  const clock = openingHoursClock();
  const logged = process.env.BENCH_SHOP_LOGGING === 'production';
  const shop = await startShop(config, { clock, ...(logged ? {} : { logger: pino({ level: 'silent' }) }) });
  const stock = createStockHandlers(shop.services.commands);
  // The bench's shoppers share one made-up customer and place phone orders nobody pays: no cap on them. A new
  // shop starts closed: the bench's is open (until 23:00 on its clock, started at 19:00).
  const capsOff = await changeSettings(shop.services.commands, { max_unpaid_orders: 20, order_status: 'open' }, { actor: 'system', now: clock().toISOString(), correlationId: 'bench' });
  await shop.services.readModels.waitFor('settings', capsOff.position);

  async function answer(message: ShopCall): Promise<unknown> {
    switch (message.call) {
      case 'setStock': {
        let last: Position | undefined;
        for (const { productId, variantId, units } of message.levels) {
          const context = { actor: 'system', now: clock().toISOString(), correlationId: randomUUID() };
          last = (await stock.setLevel(productId, variantId, units, context)).position ?? last;
        }
        await shop.services.readModels.waitFor('menu', last);
        return undefined;
      }
      case 'changeSettings': {
        const context = { actor: 'system', now: clock().toISOString(), correlationId: randomUUID() };
        const result = await changeSettings(shop.services.commands, message.settings, context);
        await shop.services.readModels.waitFor('settings', result.position);
        return undefined;
      }
      case 'createUser':
        await createUserRepository(shop.pool).create(message.user);
        return undefined;
      case 'clientCount':
        return shop.hub.clientCount(message.channel);
      case 'settle': {
        const head = await shop.store.lastCommittedPosition();
        await Promise.all([...shop.runners.map((runner) => runner.waitFor(head, 10_000)), shop.processes.waitFor(head)]);
        return undefined;
      }
      case 'sqlCounts':
        return sqlCounts();
      case 'memory':
        return { ...process.memoryUsage(), spaces: v8.getHeapSpaceStatistics() };
      case 'heapSnapshot':
        return v8.writeHeapSnapshot(path.join(message.directory, `shop-${process.pid}-${Date.now()}.heapsnapshot`));
      case 'stop':
        await shop.stop();
        setImmediate(() => process.exit(0));
        return undefined;
    }
  }

  process.on('message', (message: ShopCall) => {
    answer(message).then(
      (value) => send({ id: message.id, ok: true, value } satisfies ShopAnswer),
      (error: unknown) => send({ id: message.id, ok: false, error: error instanceof Error ? error.stack ?? error.message : String(error) } satisfies ShopAnswer),
    );
  });
  process.on('disconnect', () => void shop.stop().finally(() => process.exit(0)));
  send({ type: 'ready', port: shop.port, pid: process.pid });
}

main().catch((error) => {
  console.error('bench shop could not start:', error);
  process.exit(1);
});
