import { sql } from 'slonik';
import type { DatabasePool, DatabaseTransactionConnection } from '../db/pool';
import type { Publish } from '../projections/types';
import { isPrivateChannel } from './channels';

export const LIVE_NOTIFY_CHANNEL = 'live_messages';

/**
 * The outbox's writer takes any row: it is the transport, tested with rows of its own. Publishers see it as the
 * contract's typed `Publish` (src/projections/types.ts), which it is assignable to.
 */
export type OutboxPublish = (channel: string, event: string, data: unknown, audience?: string) => Promise<void>;

/**
 * Live messages for the outbox, written inside the caller's transaction by `flush` (before its commit): all
 * the messages of a batch in one insert, in the order they were published. The per-channel advisory locks
 * (taken in channel order, so two writers never wait on each other crosswise) make writers of one channel
 * commit in id order, so the hub's `id > last` tail never skips a message. The caller wakes the hubs after its
 * commit with notifyLiveHubs (not inside: see AfterCommitNotifier).
 */
export function outboxWriter(tx: DatabaseTransactionConnection, onPublish: () => void = () => undefined) {
  const pending: Array<{ channel: string; event: string; data: unknown; audience: string | null }> = [];
  const publish: OutboxPublish = async (channel, event, data, audience) => {
    // An audience on a public channel would be ignored: every screen of it would hear a message meant for one.
    if (audience !== undefined && !isPrivateChannel(channel)) throw new Error(`Live channel ${channel} is public: a message on it cannot have an audience`);
    onPublish();
    pending.push({ channel, event, data, audience: audience ?? null });
  };
  async function flush(): Promise<void> {
    if (pending.length === 0) return;
    const messages = pending.splice(0);
    const channels = [...new Set(messages.map((message) => message.channel))].sort();
    // One statement: the join needs the locks' row before it yields any message, so every lock is held before
    // the first id is drawn.
    const written = await tx.query(sql.unsafe`
      insert into live_messages (channel, event, data, audience)
      select m.channel, m.event, m.data, m.audience
        from (select count(pg_advisory_xact_lock(hashtext('live:' || c))) as locks
                from (select c from unnest(${sql.array(channels, 'text')}) as c order by c) as ordered) as locked,
             unnest(
               ${sql.array(messages.map((message) => message.channel), 'text')},
               ${sql.array(messages.map((message) => message.event), 'text')},
               ${sql.array(messages.map((message) => JSON.stringify(message.data)), 'jsonb')},
               ${sql.array(messages.map((message) => message.audience), 'text')}
             ) with ordinality as m(channel, event, data, audience, place)
       where locked.locks = ${channels.length}
       order by m.place`);
    // The lock count guards the order of ids; a message it would drop must not vanish without a word.
    if (written.rowCount !== messages.length) throw new Error(`live outbox wrote ${written.rowCount} of ${messages.length} messages`);
  }
  return { publish, flush };
}

/** Writes each live message into the outbox at once, inside the caller's transaction (see outboxWriter). */
export function outboxPublisher(tx: DatabaseTransactionConnection, onPublish: () => void = () => undefined): OutboxPublish {
  const writer = outboxWriter(tx, onPublish);
  return async (channel, event, data, audience) => {
    await writer.publish(channel, event, data, audience);
    await writer.flush();
  };
}

interface LocalHub {
  wake(): void;
  /** The pool of the hub's database: only a hub of the notifying pool's database may notify for it. */
  pool?: DatabasePool;
  /** Sends the NOTIFY for the other instances on the hub's listening connection, which ignores its echo. */
  notifyOthers?(fallback: () => Promise<unknown>): Promise<void>;
}

const hubsInThisProcess = new Set<LocalHub>();

/**
 * Registers a hub of this process to be woken without a round trip through Postgres, and (`notifyOthers`) to
 * send the other instances' wake-up from its own listening connection, so that it does not wake up a second
 * time on its own NOTIFY's echo (src/db/notification-listener.ts); returns the undo.
 */
export function wakeOnLocalPublish(wake: () => void, sender?: Required<Pick<LocalHub, 'pool' | 'notifyOthers'>>): () => void {
  const hub: LocalHub = { wake, ...sender };
  hubsInThisProcess.add(hub);
  return () => hubsInThisProcess.delete(hub);
}

/** Wakes every instance's hub to read the outbox; hubs poll as well, so a lost wake-up only delays. */
export async function notifyLiveHubs(pool: DatabasePool): Promise<void> {
  for (const hub of hubsInThisProcess) hub.wake();
  const onPool = () => pool.query(sql.unsafe`select pg_notify(${LIVE_NOTIFY_CHANNEL}, '')`);
  const sender = [...hubsInThisProcess].find((hub) => hub.pool === pool && hub.notifyOthers);
  await (sender?.notifyOthers ? sender.notifyOthers(onPool) : onPool()).catch(() => undefined);
}

/** A publisher that drops messages: used while a rebuilt projection replays old events. */
export const silentPublisher: Publish = async () => undefined;
