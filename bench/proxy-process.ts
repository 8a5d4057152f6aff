/**
 * The round-robin balancer of the several-instances test (test/support/round-robin-proxy.ts) in a Node process of
 * its own, as a balancer runs beside the shops rather than inside the load generator (bench/instances.ts): its
 * CPU time is its own, and its work does not delay the load generator's timers. The instances' base URLs come in
 * BENCH_PROXY_TARGETS (JSON); it answers {url} over IPC once it listens, and closes when the channel does.
 */
import { startRoundRobinProxy } from '../test/support/round-robin-proxy';

async function main(): Promise<void> {
  const proxy = await startRoundRobinProxy(JSON.parse(process.env.BENCH_PROXY_TARGETS ?? '[]') as string[]);
  // The bench never reads the list of requests forwarded: keep it from growing over a run.
  proxy.forwarded.push = () => 0;
  process.on('disconnect', () => void proxy.close().finally(() => process.exit(0)));
  process.send!({ url: proxy.url, pid: process.pid });
}

main().catch((error) => {
  console.error('bench proxy could not start:', error);
  process.exit(1);
});
