/**
 * Store status benchmark (issue 38 item 5): 50 customers' pages follow the public store channel (GET
 * /events/store), each with a session of its own, as 50 phones on the menu; a staff member changes the store's
 * status (POST /api/change-status) once a second, between open, busy and very busy. For every change and every
 * page: from the moment the staff member's request was sent to that page receiving the StoreStatusChange that
 * its banner shows. Each page then asks again for what the message makes it refetch (the settings and the
 * opening week, as web/src/features/store-status/storeStatusApi.ts invalidates them), so the next change meets
 * the load a real evening's pages put on the shop. The target: p99 < 200 ms.
 */
import { connectSse, type SseConnection } from '../test/support/sse-client';
import { liveChannelPath } from '../src/shared/live-contract';
import { keepAliveAgent } from './http';
import { follow } from './live';
import { describeLatencies, startBenchShop } from './shop';
import { percentile, sleep, until, withCpuLog } from './support';
import type { Benchmark, BenchRow } from './types';

const PAGES = 50;
const STAFF = { email: 'owner@bench.example', password: 'owner long password' };
const STATES = ['busy', 'slammed', 'open'] as const;
/** The keys a customer's menu page reads through POST /api/settings (useShopSettings.ts, useBasketCaps.ts). */
const PAGE_SETTING_KEYS = ['cart_label', 'is_takeaway', 'order_status', 'show_square_product_images', 'missing_product_image', 'site_name', 'phone_no_display', 'site_tagline', 'site_logo', 'accent_colour', 'full_address'];
const CAP_KEYS = ['max_units_per_dish', 'max_units_per_basket'];

export const storeStatusBenchmark: Benchmark = {
  name: 'store-status',
  async run(context) {
    const bench = await startBenchShop(context, 'store_status');
    const staffAgent = keepAliveAgent(1);
    const pageAgent = keepAliveAgent(PAGES * 2);
    const pages: SseConnection[] = [];
    const following: Array<Promise<void>> = [];
    let stopped = false;
    try {
      await bench.createUser({ ...STAFF, role: 'manager' });
      const staff = bench.browser(staffAgent);
      await staff.ok('/api/login', STAFF);
      await staff.ok('/api/change-status', { state: 'open' });

      /** change number → when each page heard it */
      const heard = new Map<number, number[]>();
      const sentAt: number[] = [];
      const refetches: Array<Promise<unknown>> = [];
      for (let page = 0; page < PAGES; page++) {
        const customer = bench.browser(pageAgent);
        await customer.get('/api/menu');
        const connection = await connectSse(`http://127.0.0.1:${bench.port}${liveChannelPath('store')}`, { cookie: customer.cookieHeader() });
        if (connection.status !== 200) throw new Error(`GET /events/store answered ${connection.status}`);
        following.push(follow(connection, (message, at) => {
          if (message.event !== 'StoreStatusChange') return;
          const change = sentAt.length - 1;
          if (change < 0 || (message.data as { state: string }).state !== STATES[change % STATES.length]) return;
          heard.set(change, [...(heard.get(change) ?? []), at]);
          refetches.push(
            customer.post('/api/settings', { keys: PAGE_SETTING_KEYS }),
            customer.post('/api/settings', { keys: CAP_KEYS }),
            customer.get('/api/opening-hours/week'),
          );
        }, () => stopped));
        pages.push(connection);
      }
      for (let tries = 0; (await bench.clientCount('store')) < PAGES; tries++) {
        if (tries >= 500) throw new Error('Timed out waiting for every page to be attached');
        await sleep(10);
      }

      const changes = context.quick ? 6 : 40;
      await withCpuLog(context, `store status (${PAGES} pages, ${changes} changes)`, async () => {
        for (let change = 0; change < changes; change++) {
          const started = performance.now();
          sentAt.push(started);
          await staff.ok('/api/change-status', { state: STATES[change % STATES.length] });
          await until(() => (heard.get(change)?.length ?? 0) >= PAGES, 10_000, `every page to hear change ${change}`).catch(() => undefined);
          await sleep(started + 1000 - performance.now());
        }
        await Promise.all(refetches);
      });

      const latencies: number[] = [];
      let missing = 0;
      for (let change = 0; change < changes; change++) {
        const times = heard.get(change) ?? [];
        missing += PAGES - times.length;
        for (const at of times) latencies.push(at - sentAt[change]);
      }
      context.log(`store status: ${changes} changes × ${PAGES} pages, from the change's request to each banner: ${describeLatencies(latencies, percentile)}`);
      const p99 = percentile(latencies, 99);
      return [
        { name: `store status to ${PAGES} customer banners p50`, figure: percentile(latencies, 50), unit: 'ms' },
        { name: `store status to ${PAGES} customer banners p99`, figure: p99, unit: 'ms', target: '< 200', pass: p99 < 200 },
        { name: 'store status changes not heard within 10 s', figure: missing, unit: 'messages', target: '= 0', pass: missing === 0 },
      ] satisfies BenchRow[];
    } finally {
      stopped = true;
      for (const page of pages) page.close();
      await Promise.all(following);
      staffAgent.destroy();
      pageAgent.destroy();
      await bench.stop();
    }
  },
};
