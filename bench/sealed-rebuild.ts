/**
 * Rebuild of the orders read model over orders whose personal fields are sealed (issue 15): every order has a
 * key of its own, so a replay opens each envelope through a cold key cache. The same orders stored in clear
 * (as before sealing existed) are replayed too, for the cost of the envelopes.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { ordersProjection } from '../projections/orders/projection';
import { createDatabasePool, type DatabasePool } from '../src/db/pool';
import { createPostgresEventStore } from '../src/eventstore/postgres';
import type { EventStore, NewEvent, Position } from '../src/eventstore/types';
import { versionedEventStore } from '../src/eventstore/versioned-store';
import { PersonalData, sealingEventStore } from '../src/personal-data';
import { ProjectionRunner, resetProjection } from '../src/projections/runner';
import { startStoreWaker } from '../src/projections/waker';
import { shopEventVersioning, shopPersonalData } from '../src/server';
import { until, withCpuLog } from './support';
import type { Benchmark, BenchContext, BenchRow } from './types';

const metadata = () => ({ actor: 'customer:bench', at: new Date().toISOString(), correlationId: randomUUID(), causationId: randomUUID() });
const event = (type: string, data: object): NewEvent => ({ id: randomUUID(), type, data, metadata: metadata() });

/** One whole phone order to collect, as the checkout stores it: five events, four with personal fields. */
function orderEvents(n: number): NewEvent[] {
  const orderId = randomUUID();
  const item = { productId: 1, variantId: null, name: 'Onion Bhaji', variantName: '', unitPricePence: 395, quantity: 2, virtual: false };
  return [
    event('OrderPlaced', { orderId, cartId: randomUUID(), userId: null, email: null, items: [item], itemsTotalPence: 790, note: `no onions ${n}` }),
    event('TakeawayMethodChosen', { orderId, method: 'COLLECT', postcode: null, miles: null, postagePence: 0 }),
    event('DeliveryDetailsGiven', {
      orderId, email: `customer${n}@example.com`, fullName: `Customer ${n}`, address1: `${n} Park Row`, address2: '', address3: '',
      townCity: 'Leeds', postcode: 'LS1 4AP', phone: '07911 123456', deliveryInfo: 'Ring twice',
    }),
    event('PaymentMethodChosen', { orderId, method: 'PHONE' }),
    event('OrderSubmitted', {
      orderId, paymentMethod: 'PHONE', status: 'AWAITING-PAYMENT', itemsTotalPence: 790, postagePence: 0, voucherDeductionPence: 0,
      totalPence: 790, submittedAt: new Date().toISOString(), tradingDay: '2026-11-24',
    }),
  ];
}

async function rebuild(context: BenchContext, label: string, sealed: boolean, orders: number): Promise<BenchRow> {
  const url = await context.database(sealed ? 'rebuild_sealed' : 'rebuild_clear');
  const raw = createPostgresEventStore({ url, maxConnections: 8 });
  const pool: DatabasePool = await createDatabasePool(url);
  const masterKey = randomBytes(32);
  const storeFor = (personalData: PersonalData): EventStore =>
    versionedEventStore(sealed ? sealingEventStore(raw, personalData, shopPersonalData()) : raw, shopEventVersioning(), { validate: false });
  const writer = storeFor(new PersonalData({ pool, masterKey }));
  const writers = 8;
  let next = 0;
  await Promise.all(
    Array.from({ length: writers }, async () => {
      while (next < orders) {
        const n = next++;
        const events = orderEvents(n);
        await writer.append(`order-${(events[0].data as { orderId: string }).orderId}`, events, { expectedRevision: 'no_stream' });
      }
    }),
  );
  // A fresh PersonalData: its key cache is cold, as after a restart.
  const store = storeFor(new PersonalData({ pool, masterKey }));
  const waker = startStoreWaker(store);
  const runner = new ProjectionRunner(ordersProjection, { store, pool, databaseUrl: url, waker, onError: (_name, error) => context.log(`runner: ${String(error)}`) });
  try {
    // Reading alone, as a replay reads, page by page: what the envelopes cost apart from the projection's writes.
    const readStarted = performance.now();
    let read = 0;
    for (let after: Position | undefined, page = await store.readAll({ limit: 500 }); page.length > 0; page = await store.readAll({ after, limit: 500 })) {
      read += page.length;
      after = page[page.length - 1].position;
    }
    context.log(`read ${read} events in ${(performance.now() - readStarted).toFixed(0)} ms (${label})`);
    const head = await store.headPosition();
    await resetProjection(pool, ordersProjection, store);
    const started = performance.now();
    await withCpuLog(context, sealed ? 'rebuild-sealed' : 'rebuild-clear', async () => {
      runner.start();
      await until(() => runner.checkpoint >= head, 300_000, 'the rebuild to catch up');
    });
    const rate = (orders * 5) / ((performance.now() - started) / 1000);
    context.log(`orders rebuild (${label}): ${rate.toFixed(0)} events/s`);
    const name = `projection rebuild (orders, ${(orders * 5).toLocaleString('en-US')} events, ${label})`;
    // Informative: the rebuild target is the audit row of the eventstore group; this one shows what the
    // envelopes add to the heaviest read model (compare the two rows, and the reading times in the log).
    return { name, figure: rate, unit: 'events/s' };
  } finally {
    await runner.stop();
    await waker.stop();
    await raw.close();
    await pool.end();
  }
}

export const sealedRebuildBenchmark: Benchmark = {
  name: 'sealed-rebuild',
  async run(context) {
    const orders = context.quick ? 1_000 : 10_000;
    return [await rebuild(context, 'personal data sealed, a key per order', true, orders), await rebuild(context, 'in clear, for comparison', false, orders)];
  },
};
