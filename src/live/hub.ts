import type { IncomingMessage, ServerResponse } from 'node:http';
import SseChannel from 'sse-channel';
import { sql } from 'slonik';
import type { DatabasePool } from '../db/pool';
import { NotificationListener } from '../db/notification-listener';
import { isLiveData, type LiveEvent } from '../shared/live-contract';
import { isPrivateChannel, LIVE_CHANNELS } from './channels';
import { LIVE_NOTIFY_CHANNEL, wakeOnLocalPublish } from './outbox';
import type { StaffPresence } from './staff-presence';

/** A reconnecting client that missed more than this is told to refetch instead. */
export const MAX_REPLAY = 1000;

export { LIVE_CHANNELS } from './channels';

/**
 * Channels whose messages are merged and sent at most once per window to each screen (issue 16: the public menu
 * channel, at most one message per dish per second however busy the evening). Their messages' data are
 * objects of arrays (MenuChange's dish ids, unioned), so merging loses nothing a screen acts on.
 */
export const COALESCED_CHANNELS: Readonly<Record<string, number>> = { menu: 1000 };

/** Two messages of a coalesced channel as one: arrays unioned, anything else the later one's. */
export function mergeLiveData(earlier: unknown, later: unknown): unknown {
  if (!isRecord(earlier) || !isRecord(later)) return later;
  const merged: Record<string, unknown> = { ...earlier };
  for (const [key, value] of Object.entries(later)) {
    const before = merged[key];
    merged[key] = Array.isArray(before) && Array.isArray(value) ? [...new Set([...before, ...value])].sort(byValue) : value;
  }
  return merged;
}

// Numbers (dish ids) in their order, anything else as it came.
const byValue = (a: unknown, b: unknown) => (typeof a === 'number' && typeof b === 'number' ? a - b : 0);

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A login was disabled or its password changed (AccessEnded on the orders channel, the one message of the live
 * contract that only the hub reads): every instance's hub ends that person's streams as it delivers this
 * message, so a stream held open on another instance loses access too (a session still signed in reconnects).
 * No screen is sent it, live or on replay: it would tell every staff screen another person's account id.
 */
const isAccessEnded = (row: { channel: string; event: string }) => row.channel === 'orders' && row.event === ('AccessEnded' satisfies LiveEvent<'orders'>);

interface LiveMessageRow {
  id: number;
  event: string;
  data: unknown;
  audience: string | null;
}

const audienceKey = (channel: string, audience: string) => `${channel}\u0000${audience}`;

export interface LiveHubOptions {
  pool: DatabasePool;
  databaseUrl: string;
  channels?: readonly string[];
  pollIntervalMs?: number;
  /** sse-channel's keep-alive comment interval. */
  pingIntervalMs?: number;
  /** Told when staff screens attach to the live orders and leave (no unattended kitchen, issue 17). */
  staffPresence?: Pick<StaffPresence, 'connected' | 'disconnected'>;
}

/**
 * Server-Sent Events from the live_messages outbox. Every instance tails the table and sends each row with its
 * id, so ids are increasing integers. Missed messages come from Postgres, never from sse-channel's in-memory
 * history, so a reconnect works after a restart and against another instance.
 */
export class LiveHub {
  private readonly channels = new Map<string, SseChannel>();
  /** Each channel's open responses, so one delivery is one write per screen however many messages it holds. */
  private readonly screens = new Map<string, Set<ServerResponse>>();
  /** A private channel's open responses per audience (audienceKey), so a message finds its screens at once. */
  private readonly audiences = new Map<string, Set<ServerResponse>>();
  private readonly lastDelivered = new Map<string, number>();
  /** The signed-in user of each stream that has one, so a disabled account's streams end at once. */
  private readonly owners = new Map<ServerResponse, string>();
  private readonly listener: NotificationListener;
  private queue: Promise<unknown> = Promise.resolve();
  private readonly controller = new AbortController();
  private tailing?: Promise<void>;
  private stopLocalWakeUps?: () => void;
  /** Per coalesced channel: the merged message waiting for its window, when the last one went, and its timer. */
  private readonly held = new Map<string, { message?: LiveMessageRow; sentAt: number; timer?: ReturnType<typeof setTimeout> }>();

  constructor(private readonly options: LiveHubOptions) {
    this.listener = new NotificationListener(options.databaseUrl, LIVE_NOTIFY_CHANNEL);
    for (const name of options.channels ?? LIVE_CHANNELS) {
      this.channels.set(
        name,
        new SseChannel({ jsonEncode: true, retryTimeout: 3000, historySize: 1, pingInterval: options.pingIntervalMs }),
      );
    }
  }

  async start(): Promise<void> {
    for (const name of this.channels.keys()) {
      const last = await this.options.pool.oneFirst(sql.unsafe`
        select coalesce(max(id), 0)::int from live_messages where channel = ${name}`);
      this.lastDelivered.set(name, last as number);
    }
    const wakeUp = this.listener.subscribe();
    this.stopLocalWakeUps = wakeOnLocalPublish(() => this.listener.wakeLocal(), {
      pool: this.options.pool,
      notifyOthers: (fallback) => this.listener.notifyOthers(fallback),
    });
    const signal = this.controller.signal;
    this.tailing = (async () => {
      while (!signal.aborted) {
        await this.serialized(() => this.deliverNew()).catch(() => undefined);
        await wakeUp.next(this.options.pollIntervalMs ?? 500, signal);
      }
      wakeUp.close();
    })();
  }

  async stop(): Promise<void> {
    for (const held of this.held.values()) clearTimeout(held.timer);
    this.controller.abort();
    this.stopLocalWakeUps?.();
    await this.tailing;
    await this.listener.close();
    for (const channel of this.channels.values()) channel.close();
  }

  clientCount(channel: string): number {
    return this.channels.get(channel)?.getConnectionCount() ?? 0;
  }

  /** Open live streams on this instance, per channel (/metrics). */
  clientCounts(): Map<string, number> {
    return new Map([...this.channels.keys()].map((name) => [name, this.clientCount(name)]));
  }

  /** Ends this instance's streams of a user (disabled): the browser's reconnect then meets the role check. */
  disconnect(owner: string): number {
    let ended = 0;
    for (const [res, streamOwner] of this.owners) {
      if (streamOwner !== owner) continue;
      res.end();
      ended += 1;
    }
    return ended;
  }

  /**
   * Adds a client to a channel. The role check happens before this. A client that sends Last-Event-ID gets
   * what it missed first, before any live message, or a `resync` event when the gap is too large to replay.
   * On a private channel `audience` is the key its token was signed for: the client gets only that key's messages.
   */
  attach(channelName: string, req: IncomingMessage, res: ServerResponse, owner?: string, audience?: string): Promise<void> {
    const channel = this.channels.get(channelName);
    if (!channel) throw new Error(`Unknown live channel ${channelName}`);
    if (isPrivateChannel(channelName) !== (audience !== undefined)) throw new Error(`Live channel ${channelName} is private exactly when attached with an audience`);
    const lastEventId = takeLastEventId(req);
    return this.serialized(async () => {
      // Catch up with the outbox first, so "what the client missed" is measured against all that is committed.
      await this.deliverNew();
      const delivered = this.lastDelivered.get(channelName) ?? 0;
      let missed: LiveMessageRow[] = [];
      let resync = false;
      if (lastEventId !== undefined && lastEventId < delivered) {
        const ofAudience = audience === undefined ? sql.fragment`true` : sql.fragment`audience = ${audience}`;
        missed = (await this.options.pool.any(sql.unsafe`
          select id::int, event, data, audience from live_messages
           where channel = ${channelName} and ${ofAudience} and id > ${lastEventId} and id <= ${delivered}
           order by id limit ${MAX_REPLAY + 1}`)) as LiveMessageRow[];
        resync = missed.length > MAX_REPLAY;
        missed = missed.filter((row) => !isAccessEnded({ channel: channelName, event: row.event }));
      } else if (lastEventId !== undefined && lastEventId > delivered) {
        resync = true; // an id this database never issued: the client's view cannot be trusted
      }
      // Gone while it waited its turn: its close has been and will not come again, so nothing would forget it.
      if (res.destroyed || !res.socket || res.socket.destroyed) return;
      channel.addClient(req, res);
      const screens = this.screens.get(channelName) ?? new Set<ServerResponse>();
      this.screens.set(channelName, screens);
      screens.add(res);
      const audienceScreens = audience === undefined ? undefined : (this.audiences.get(audienceKey(channelName, audience)) ?? new Set<ServerResponse>());
      if (audienceScreens) {
        this.audiences.set(audienceKey(channelName, audience!), audienceScreens);
        audienceScreens.add(res);
      }
      if (owner) this.owners.set(res, owner);
      const presence = channelName === 'orders' ? this.options.staffPresence : undefined;
      presence?.connected();
      res.once('close', () => {
        screens.delete(res);
        audienceScreens?.delete(res);
        if (audienceScreens?.size === 0) this.audiences.delete(audienceKey(channelName, audience!));
        this.owners.delete(res);
        presence?.disconnected();
      });
      if (resync) {
        channel.send({ id: delivered || undefined, event: 'resync', data: { reason: 'gap too large' } }, [res]);
      } else if (channelName in COALESCED_CHANNELS && missed.length > 0) {
        const merged = missed.reduce((sum, row) => ({ ...row, data: mergeLiveData(sum.data, row.data) }));
        channel.send({ id: merged.id, event: merged.event, data: merged.data }, [res]);
      } else {
        for (const row of missed) channel.send({ id: row.id, event: row.event, data: row.data }, [res]);
      }
    });
  }

  /** Sends what was committed since the last delivery, every channel in one query. */
  private async deliverNew(): Promise<void> {
    const names = [...this.channels.keys()];
    const after = names.map((name) => this.lastDelivered.get(name) ?? 0);
    const rows = (await this.options.pool.any(sql.unsafe`
      select m.channel, m.id::int, m.event, m.data, m.audience
        from unnest(${sql.array(names, 'text')}, ${sql.array(after, 'int8')}) as last(channel, id)
        cross join lateral (
          select channel, id, event, data, audience from live_messages
           where channel = last.channel and id > last.id order by id limit 1000
        ) m
       order by m.id`)) as Array<LiveMessageRow & { channel: string }>;
    if (rows.length === 0) return;
    // Corked, a screen's messages of this delivery leave in one write: on a busy evening a delivery holds many
    // orders, and 50 screens times one system call per message is most of what the hub would cost.
    const corked = new Set(rows.flatMap((row) => [...(this.recipientsOf(row) ?? this.screens.get(row.channel) ?? [])]));
    for (const res of corked) res.cork();
    try {
      for (const row of rows) {
        this.lastDelivered.set(row.channel, row.id);
        if (row.channel in COALESCED_CHANNELS) {
          this.hold(row.channel, row);
          continue;
        }
        if (isAccessEnded(row)) {
          if (isLiveData('orders', 'AccessEnded', row.data)) this.disconnect(row.data.accountId);
          continue;
        }
        const recipients = this.recipientsOf(row);
        if (recipients?.length === 0) continue;
        this.channels.get(row.channel)!.send({ id: row.id, event: row.event, data: row.data }, recipients);
      }
    } finally {
      for (const res of corked) res.uncork();
    }
  }

  /** The screens a message is for: its audience's on a private channel (none without one), else every screen (undefined). */
  private recipientsOf(row: LiveMessageRow & { channel: string }): ServerResponse[] | undefined {
    if (!isPrivateChannel(row.channel)) return undefined;
    return row.audience === null ? [] : [...(this.audiences.get(audienceKey(row.channel, row.audience)) ?? [])];
  }

  /** A coalesced channel's message: sent now when its window has passed, else merged into the one waiting for it. */
  private hold(channelName: string, row: LiveMessageRow): void {
    const windowMs = COALESCED_CHANNELS[channelName];
    const held = this.held.get(channelName) ?? { sentAt: 0 };
    this.held.set(channelName, held);
    held.message = held.message ? { ...row, data: mergeLiveData(held.message.data, row.data) } : row;
    const send = () => {
      held.timer = undefined;
      const message = held.message;
      if (!message) return;
      held.message = undefined;
      held.sentAt = Date.now();
      this.channels.get(channelName)?.send({ id: message.id, event: message.event, data: message.data });
    };
    const wait = held.sentAt + windowMs - Date.now();
    if (wait <= 0) send();
    else held.timer ??= setTimeout(send, wait);
  }

  /** Delivery and attaching take turns, so a reconnecting client never sees a live message before a missed one. */
  private serialized<T>(task: () => Promise<T>): Promise<T> {
    const result = this.queue.then(task);
    this.queue = result.catch(() => undefined);
    return result;
  }
}

/** Reads Last-Event-ID from the header or query, and removes it so sse-channel does not replay its own history. */
function takeLastEventId(req: IncomingMessage): number | undefined {
  const url = new URL(req.url ?? '/', 'http://local');
  const raw =
    (req.headers['last-event-id'] as string | undefined) ??
    url.searchParams.get('lastEventId') ??
    url.searchParams.get('evs_last_event_id') ??
    undefined;
  delete req.headers['last-event-id'];
  url.searchParams.delete('lastEventId');
  url.searchParams.delete('evs_last_event_id');
  req.url = url.pathname + url.search;
  if (raw === undefined || raw === null || raw === '') return undefined;
  const id = Number(raw);
  return Number.isSafeInteger(id) && id >= 0 ? id : undefined;
}
