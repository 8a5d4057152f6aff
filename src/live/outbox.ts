import { sql } from 'slonik';
import type { DatabasePool, DatabaseTransactionConnection } from '../db/pool';
import type { Publish } from '../projections/types';

export const LIVE_NOTIFY_CHANNEL = 'live_messages';

/**
 * Writes a live message into the outbox inside the caller's transaction. The per-channel advisory lock makes
 * writers of one channel commit in id order, so the hub's `id > last` tail never skips a message. The caller
 * wakes the hubs after its commit with notifyLiveHubs (not inside: see AfterCommitNotifier).
 */
export function outboxPublisher(tx: DatabaseTransactionConnection, onPublish: () => void = () => undefined): Publish {
  const locked = new Set<string>();
  return async (channel, event, data) => {
    onPublish();
    if (!locked.has(channel)) {
      await tx.query(sql.unsafe`select pg_advisory_xact_lock(hashtext(${`live:${channel}`}))`);
      locked.add(channel);
    }
    await tx.query(sql.unsafe`
      insert into live_messages (channel, event, data) values (${channel}, ${event}, ${sql.jsonb(data as never)})`);
  };
}

const hubsInThisProcess = new Set<() => void>();

/** Registers a hub of this process to be woken without a round trip through Postgres; returns the undo. */
export function wakeOnLocalPublish(wake: () => void): () => void {
  hubsInThisProcess.add(wake);
  return () => hubsInThisProcess.delete(wake);
}

/** Wakes every instance's hub to read the outbox; hubs poll as well, so a lost wake-up only delays. */
export async function notifyLiveHubs(pool: DatabasePool): Promise<void> {
  for (const wake of hubsInThisProcess) wake();
  await pool.query(sql.unsafe`select pg_notify(${LIVE_NOTIFY_CHANNEL}, '')`).catch(() => undefined);
}

/** A publisher that drops messages: used while a rebuilt projection replays old events. */
export const silentPublisher: Publish = async () => undefined;
