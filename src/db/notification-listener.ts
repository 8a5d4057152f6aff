import pg from 'pg';

/** The backend pid of a connected client (pg sets it from BackendKeyData; its types do not declare it). */
function ownPid(client: pg.Client): number | undefined {
  return (client as unknown as { processID?: number }).processID;
}

/** Waits for the next wake-up of one subscriber. */
export interface WakeUp {
  /**
   * Resolves on a notification (also one that arrived since the last call) with true, after `timeoutMs` or on
   * abort with false.
   */
  next(timeoutMs: number, signal?: AbortSignal): Promise<boolean>;
  close(): void;
}

interface Waiter {
  pending: boolean;
  wake?: (notified: boolean) => void;
}

/**
 * One LISTEN connection per channel and process, shared by every subscriber (slonik has no LISTEN).
 * Notifications only wake subscribers up; they always re-read, and keep polling, because notifications are
 * lost while the connection is down and may arrive before the event is visible to readers of $all.
 *
 * The process's own NOTIFYs go out on this connection too (`notifyOthers`), which lets it know its own echo:
 * Postgres sends a notification to every listener, its sender included, with the sender's backend pid, so a
 * notification from this connection's pid is dropped. The process woke its subscribers already (`wakeLocal`,
 * no round trip), and each echo would cost each of them one more read for nothing: a read of the event store's
 * tail per append, a read of the live outbox per published batch.
 */
export class NotificationListener {
  private client?: pg.Client;
  private connecting?: Promise<void>;
  private readonly waiters = new Set<Waiter>();
  private closed = false;
  private retryTimer?: NodeJS.Timeout;

  constructor(
    private readonly url: string,
    private readonly channel: string,
  ) {}

  subscribe(): WakeUp {
    const waiter: Waiter = { pending: false };
    this.waiters.add(waiter);
    void this.ensureConnected();
    return {
      next: (timeoutMs, signal) =>
        new Promise<boolean>((resolve) => {
          if (waiter.pending || signal?.aborted) {
            resolve(waiter.pending);
            waiter.pending = false;
            return;
          }
          const done = (notified: boolean) => {
            clearTimeout(timer);
            signal?.removeEventListener('abort', aborted);
            waiter.wake = undefined;
            waiter.pending = false;
            resolve(notified);
          };
          const aborted = () => done(false);
          const timer = setTimeout(aborted, timeoutMs);
          signal?.addEventListener('abort', aborted, { once: true });
          waiter.wake = done;
        }),
      close: () => {
        this.waiters.delete(waiter);
      },
    };
  }

  /** Wakes this process's subscribers without a round trip (used right after our own commit). */
  wakeLocal(): void {
    this.notifyAll();
  }

  /**
   * Wakes the other processes' subscribers: a NOTIFY on this listener's connection, whose echo this listener
   * ignores. Its session commits without waiting for the WAL flush (a notification is never durable, and the
   * NOTIFY's transaction writes nothing else). Before the connection is open, or once it is lost, `fallback`
   * sends it instead, for instance on a pool; its echo then wakes this process's subscribers once more.
   */
  async notifyOthers(fallback: () => Promise<unknown>): Promise<void> {
    const client = this.client;
    if (!client) {
      await fallback();
      return;
    }
    await client.query('select pg_notify($1, $2)', [this.channel, '']);
  }

  private notifyAll(): void {
    for (const waiter of this.waiters) {
      waiter.pending = true;
      waiter.wake?.(true);
    }
  }

  private ensureConnected(): Promise<void> {
    if (this.closed || this.client) return Promise.resolve();
    this.connecting ??= this.connect().finally(() => {
      this.connecting = undefined;
    });
    return this.connecting;
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.url });
    const reconnect = () => {
      if (this.client !== client) return;
      this.client = undefined;
      client.end().catch(() => undefined);
      this.scheduleReconnect();
    };
    client.on('error', reconnect);
    client.on('end', reconnect);
    // Our own NOTIFYs come back too (notifyOthers): we woke our subscribers already.
    client.on('notification', (message) => {
      if (message.processId !== ownPid(client)) this.notifyAll();
    });
    try {
      await client.connect();
      await client.query(`listen ${client.escapeIdentifier(this.channel)}`);
      await client.query('set synchronous_commit to off');
      if (this.closed) {
        await client.end();
        return;
      }
      this.client = client;
      // Whatever happened while we were not listening is found by re-reading.
      this.notifyAll();
    } catch {
      client.end().catch(() => undefined);
      this.scheduleReconnect();
    }
  }

  private scheduleReconnect(): void {
    if (this.closed || this.retryTimer) return;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      void this.ensureConnected();
    }, 1000);
    this.retryTimer.unref();
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retryTimer);
    this.notifyAll();
    const client = this.client;
    this.client = undefined;
    await this.connecting;
    await client?.end().catch(() => undefined);
  }
}

/**
 * Sends NOTIFY after a commit, never inside the writing transaction: Postgres serializes the commits of
 * notifying transactions on one cluster-wide lock. At most one NOTIFY is in flight per process; pokes that
 * arrive meanwhile are folded into one more, sent `minGapMs` after the last: a NOTIFY only wakes other
 * instances (which poll as well), so on a busy evening it need not cost a round trip per append. Local
 * subscribers are woken at once.
 */
export class AfterCommitNotifier {
  private inFlight = false;
  private again = false;

  constructor(
    private readonly send: () => Promise<unknown>,
    private readonly wakeLocal: () => void,
    private readonly minGapMs = 0,
  ) {}

  poke(): void {
    this.wakeLocal();
    if (this.inFlight) {
      this.again = true;
      return;
    }
    this.inFlight = true;
    void this.flush();
  }

  private async flush(): Promise<void> {
    try {
      await this.send();
    } catch {
      // Only a wake-up: readers poll as well.
    }
    if (this.minGapMs > 0) await new Promise((resolve) => setTimeout(resolve, this.minGapMs).unref());
    if (this.again) {
      this.again = false;
      void this.flush();
    } else {
      this.inFlight = false;
    }
  }
}
