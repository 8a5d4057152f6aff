import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { sql, type SqlToken } from 'slonik';

/** The one Postgres channel on which instances of the shop tell each other of changed rows. */
export const CHANGES_CHANNEL = 'shop_changes';

/**
 * Tells the other instances of the shop on one database that something they may keep in memory changed (issue
 * 42), and hears what they tell: a writer adds `notice(kind, key)` to its statement, so the notice goes out when,
 * and only if, the change commits; Postgres delivers it to every listening instance before the writer's own
 * request can answer, so a customer's next request, on any instance, finds the cache entry already gone.
 *
 * A notice carries the kind, the sending instance's tag (its own notices are not news to it) and a key that is
 * never a secret (a session's is a hash of its id). While the listening connection is down notices are lost:
 * every handler's `lost` runs, and each cache keeps its own time bound (a session's second) as the fallback.
 */
export class ChangeNotices {
  readonly tag = randomBytes(6).toString('base64url');
  private readonly handlers = new Map<string, { changed(key: string): void; lost(): void }>();
  private client?: pg.Client;
  private closed = false;
  private retry?: NodeJS.Timeout;

  constructor(private readonly url: string | undefined) {}

  /**
   * Whether another instance is alive to hear (the instance registry says, through Services.setOthersAlive): alone,
   * writers send no notice, since a notifying commit takes Postgres's one notification lock until it is flushed.
   * A starting instance announces itself first (`send`), so no write it could miss goes unannounced.
   */
  othersAlive = false;

  /** The SQL expression that sends a notice of `key` of `kind` (select it from the statement that changes it). */
  notice(kind: string, key: string | SqlToken): SqlToken {
    if (!this.othersAlive) return sql.fragment`null`;
    return sql.fragment`pg_notify(${CHANGES_CHANNEL}, ${`${kind} ${this.tag} `} || ${key as string})`;
  }

  /** Sends a notice on its own, for news that comes with no write (an instance starting). */
  async send(kind: string, key: string): Promise<void> {
    if (!this.url) return;
    const client = this.client;
    if (client) await client.query('select pg_notify($1, $2)', [CHANGES_CHANNEL, `${kind} ${this.tag} ${key}`]);
  }

  on(kind: string, handler: { changed(key: string): void; lost(): void }): void {
    this.handlers.set(kind, handler);
  }

  /** Starts listening (a shop without a database URL of its own, as in some unit tests, hears nothing). */
  async start(): Promise<void> {
    if (!this.url || this.closed) return;
    const client = new pg.Client({ connectionString: this.url });
    const lost = () => {
      if (this.client !== client) return;
      this.client = undefined;
      client.end().catch(() => undefined);
      for (const handler of this.handlers.values()) handler.lost();
      if (!this.closed) this.retry = setTimeout(() => void this.start().catch(() => this.scheduleRetry()), 1000).unref();
    };
    client.on('error', lost);
    client.on('end', lost);
    client.on('notification', (message) => this.heard(message.payload ?? ''));
    await client.connect();
    await client.query(`listen ${CHANGES_CHANNEL}`);
    this.client = client;
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retry);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }

  private scheduleRetry(): void {
    for (const handler of this.handlers.values()) handler.lost();
    if (!this.closed) this.retry = setTimeout(() => void this.start().catch(() => this.scheduleRetry()), 1000).unref();
  }

  private heard(payload: string): void {
    const [kind, tag, ...rest] = payload.split(' ');
    if (tag === this.tag) return;
    this.handlers.get(kind ?? '')?.changed(rest.join(' '));
  }
}
