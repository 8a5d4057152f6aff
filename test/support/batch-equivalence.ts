import { randomUUID } from 'node:crypto';
import { sql } from 'slonik';
import type { DatabasePool } from '../../src/db/pool';
import { formatPosition } from '../../src/eventstore/postgres';
import type { StoredEvent } from '../../src/eventstore/types';
import type { Projection } from '../../src/projections/types';

/** A small deterministic generator, so that a failing history can be replayed from its seed. */
export function randomFrom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
  return { below: (n: number) => Math.floor(next() * n), pick: <T>(items: readonly T[]) => items[Math.floor(next() * items.length)] };
}

/** An instant `second` seconds into a Friday evening. */
export const eveningAt = (second: number) => new Date(Date.UTC(2026, 10, 20, 19, 0, second)).toISOString();

/** Builds a history event by event, each stored one after the other. */
export function historyBuilder() {
  const events: StoredEvent[] = [];
  return {
    events,
    push(type: string, data: Record<string, unknown>) {
      const index = events.length + 1;
      events.push({
        id: randomUUID(),
        type,
        data,
        metadata: { correlationId: randomUUID(), causationId: randomUUID(), actor: 'system', at: eveningAt(index) },
        stream: 'test',
        revision: BigInt(index),
        position: formatPosition(BigInt(index), BigInt(index)),
        recordedAt: new Date(eveningAt(index)),
      });
    },
  };
}

/**
 * Applies `history` to the projection's empty tables one event at a time, then again in batches of random
 * sizes through `applyAll`, and answers both tables' rows (as `read` orders them) and the live messages each
 * way published, for comparison.
 */
export async function applyBothWays<Rows>(
  pool: DatabasePool,
  projection: Projection,
  history: StoredEvent[],
  seed: number,
  read: () => Promise<Rows>,
): Promise<{ oneByOne: Rows; batched: Rows; messages: { oneByOne: unknown[]; batched: unknown[] } }> {
  const messages = { oneByOne: [] as unknown[], batched: [] as unknown[] };
  let heard = messages.oneByOne;
  const publish = async (channel: string, event: string, data: unknown) => void heard.push({ channel, event, data });
  const empty = async () => {
    for (const table of projection.tables) await pool.query(sql.unsafe`delete from ${sql.identifier([table])}`);
  };
  await empty();
  await pool.transaction(async (tx) => {
    for (const event of history) await projection.apply(event, { tx, publish });
  });
  const oneByOne = await read();
  await empty();
  heard = messages.batched;
  const random = randomFrom(seed * 7919);
  for (let from = 0; from < history.length; ) {
    const batch = history.slice(from, from + 1 + random.below(40));
    await pool.transaction((tx) => projection.applyAll!(batch, { tx, publish }));
    from += batch.length;
  }
  return { oneByOne, batched: await read(), messages };
}
