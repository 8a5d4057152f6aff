import { randomBytes } from 'node:crypto';
import { sql } from 'slonik';
import { minutesAfter, type Clock } from '../core/clock';
import type { DatabasePool } from '../db/pool';
import { liveKeysProblem, maskSecret, type LiveKeys, type LiveKeysView } from '../shared/live-keys';
import { CHANNEL_TOKEN_MINUTES, channelOfToken, signChannelToken } from './channel-token';

interface StoredKeys extends LiveKeys {
  previousSecret: string | null;
  previousUntil: Date | null;
}

/**
 * The live channel's keys (issue 30 item 1): from LIVE_APP_ID, LIVE_APP_KEY and LIVE_APP_SECRET when set, else the
 * row the settings screen saved (`live_keys`). They sign and check every private channel's token; read from the
 * table each time, so every instance of the shop agrees at once. After a change the previous secret still checks
 * the tokens it signed for their CHANNEL_TOKEN_MINUTES.
 */
export class LiveKeyRing {
  constructor(
    private readonly pool: DatabasePool,
    private readonly clock: Clock,
    private readonly environment: LiveKeys | undefined,
  ) {}

  get fromEnvironment(): boolean {
    return this.environment !== undefined;
  }

  async current(): Promise<StoredKeys | undefined> {
    if (this.environment) return { ...this.environment, previousSecret: null, previousUntil: null };
    const row = await this.pool.maybeOne(sql.unsafe`
      select app_id, app_key, secret, previous_secret, previous_until from live_keys where id = 1`);
    if (!row) return undefined;
    return {
      appId: String(row.app_id),
      key: String(row.app_key),
      secret: String(row.secret),
      previousSecret: row.previous_secret === null ? null : String(row.previous_secret),
      previousUntil: row.previous_until === null ? null : new Date(row.previous_until as string | number),
    };
  }

  /** Valid keys are set: the store may open (the store module's gate asks this). */
  async areSet(): Promise<boolean> {
    const keys = await this.current();
    return keys !== undefined && liveKeysProblem(keys) === null;
  }

  async view(): Promise<LiveKeysView> {
    const keys = await this.current();
    return { set: keys !== undefined, appId: keys?.appId ?? '', key: keys?.key ?? '', maskedSecret: maskSecret(keys?.secret ?? ''), fromEnvironment: this.fromEnvironment };
  }

  /** Saves keys (checked by the caller against `liveKeysProblem`); the secret they replace is honoured 10 minutes more. */
  async save(keys: LiveKeys): Promise<void> {
    const now = this.clock().toISOString();
    const until = minutesAfter(now, CHANNEL_TOKEN_MINUTES);
    await this.pool.query(sql.unsafe`
      insert into live_keys (id, app_id, app_key, secret, changed_at) values (1, ${keys.appId}, ${keys.key}, ${keys.secret}, ${now})
      on conflict (id) do update set app_id = excluded.app_id, app_key = excluded.app_key, secret = excluded.secret,
        previous_secret = case when live_keys.secret = excluded.secret then live_keys.previous_secret else live_keys.secret end,
        previous_until = case when live_keys.secret = excluded.secret then live_keys.previous_until else ${until}::timestamptz end,
        changed_at = excluded.changed_at`);
  }

  /** A new key and secret for the same app id (a new app id when none was set). */
  async rotate(): Promise<void> {
    const keys = await this.current();
    await this.save({ ...generateLiveKeys(), ...(keys ? { appId: keys.appId } : {}) });
  }

  /** A token for `channel`, valid CHANNEL_TOKEN_MINUTES; undefined when no keys are set. */
  async sign(channel: string): Promise<string | undefined> {
    const keys = await this.current();
    if (!keys) return undefined;
    return signChannelToken(channel, keys.secret, new Date(minutesAfter(this.clock().toISOString(), CHANNEL_TOKEN_MINUTES)));
  }

  /** The channel a token was signed for by the current secret, or by the previous one while it is honoured. */
  async channelOf(token: string): Promise<string | undefined> {
    const keys = await this.current();
    if (!keys) return undefined;
    const now = this.clock();
    const byCurrent = channelOfToken(token, keys.secret, now);
    if (byCurrent !== undefined || !keys.previousSecret || !keys.previousUntil || now >= keys.previousUntil) return byCurrent;
    return channelOfToken(token, keys.previousSecret, now);
  }
}

/** Fresh keys: the demo shop's at its first start, and every rotation's key and secret. */
export function generateLiveKeys(): LiveKeys {
  return { appId: `shop-${randomBytes(4).toString('hex')}`, key: randomBytes(12).toString('hex'), secret: randomBytes(32).toString('base64url') };
}
