import { randomUUID } from 'node:crypto';
import { sql } from 'slonik';
import type { CommandHandler } from '../../../src/core/handle-command';
import type { DatabasePool } from '../../../src/db/pool';
import type { EventStore } from '../../../src/eventstore/types';
import { processStream } from '../../../src/process';
import { tabDecider, tabStream } from './tab-process';

export const T0 = Date.parse('2026-11-24T18:00:00.000Z');
export const minutes = (count: number) => count * 60_000;

/** A clock the test moves; nothing here sleeps for time to pass. */
export function testClock(start = T0) {
  let now = start;
  return { clock: () => new Date(now), set: (at: number) => (now = at) };
}

export async function until(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

export function tabs(store: EventStore, shop: CommandHandler, clock: () => Date) {
  const context = () => ({ actor: 'system', now: clock().toISOString(), correlationId: randomUUID() });
  const run = (tabId: string, type: 'OpenTab' | 'PayTab' | 'HoldTab') => shop.handle(tabStream(tabId), tabDecider, { type, tabId }, context());
  const processEvents = async (tabId: string) => (await store.read(processStream('tabLapse', tabId))).events;
  return {
    open: (tabId: string) => run(tabId, 'OpenTab'),
    pay: (tabId: string) => run(tabId, 'PayTab'),
    hold: (tabId: string) => run(tabId, 'HoldTab'),
    async lapses(tabId: string): Promise<number> {
      return (await store.read(tabStream(tabId))).events.filter((event) => event.type === 'TabLapsed').length;
    },
    processEvents,
    async finished(tabId: string): Promise<boolean> {
      return (await processEvents(tabId)).some((event) => event.type === 'ProcessFinished');
    },
    /** How many inputs of a kind the process recorded, and how many commands it issued. */
    async decided(tabId: string): Promise<{ timers: number; commands: number; answers: number }> {
      const events = await processEvents(tabId);
      const inputs = events.filter((event) => event.type === 'ProcessInputHandled').map((event) => (event.data as { input: { kind: string } }).input.kind);
      return {
        timers: inputs.filter((kind) => kind === 'timer').length,
        commands: events.filter((event) => event.type === 'ProcessCommandIssued').length,
        answers: inputs.filter((kind) => kind === 'succeeded' || kind === 'refused').length,
      };
    },
  };
}

export async function pendingTimers(pool: DatabasePool): Promise<number> {
  return (await pool.oneFirst(sql.unsafe`select count(*)::int from process_inputs where timer_name is not null`)) as number;
}
