import { sql } from 'slonik';
import type { Clock } from '../core/clock';
import type { DatabasePool } from '../db/pool';
import { ALIVE_MS, type InstanceRegistry } from '../instances';

/** How stale another instance's screens may be when read here: one read of Postgres per this long, at most. */
export const OTHER_SCREENS_STALE_MS = 5_000;

/**
 * When a staff screen last followed the live orders (the `orders` channel), on any instance of the shop, for "no
 * unattended kitchen" (modules/order's kitchenAttended). The hub counts this instance's screens as they attach and
 * leave (a screen holds its stream open, so "connected now" needs no writes); each instance writes its own count
 * and when its last screen left into `staff_presence` on every change and with each beat of the instance registry,
 * and reads the others' (alive instances only) at most every OTHER_SCREENS_STALE_MS. This instance's own screens
 * are always counted exactly. A restart knows of no screen until one reconnects, which the screens do within
 * seconds (SSE retry), so card is refused only briefly; an instance's row goes with it when it stops.
 */
export class StaffPresence {
  private screens = 0;
  private lastLeftAt: Date | null = null;
  private writing: Promise<void> = Promise.resolve();
  private others?: { readAt: number; reading: Promise<number | null> };

  constructor(
    private readonly deps: {
      clock: Clock;
      pool: DatabasePool;
      registry: Pick<InstanceRegistry, 'id' | 'onBeat' | 'whileRegistered'>;
      onError: (error: unknown) => void;
    },
  ) {
    deps.registry.onBeat(() => this.write());
  }

  /** A staff screen attached to the live orders. */
  connected(): void {
    this.screens += 1;
    void this.write();
  }

  /** A staff screen's stream ended. */
  disconnected(): void {
    this.screens = Math.max(0, this.screens - 1);
    this.lastLeftAt = this.deps.clock();
    void this.write();
  }

  /** Writes this instance's count, in order of the changes (each write reads the count when its turn comes). */
  write(): Promise<void> {
    const { pool, registry } = this.deps;
    this.writing = this.writing
      .then(() =>
        registry.whileRegistered(() =>
          pool.query(sql.unsafe`
            insert into staff_presence (instance_id, screens, last_seen_at)
            values (${registry.id}, ${this.screens}, ${this.ownLastSeenAt()?.toISOString() ?? null})
            on conflict (instance_id) do update set screens = excluded.screens, last_seen_at = excluded.last_seen_at`),
        ),
      )
      .then(() => undefined, this.deps.onError);
    return this.writing;
  }

  /** Now while a screen is connected on any instance, else when the last one left; null when none is known. */
  async lastSeenAt(): Promise<string | null> {
    const now = this.deps.clock();
    if (this.screens > 0) return now.toISOString();
    const others = await this.othersLastSeenAt(now);
    const own = this.lastLeftAt?.getTime() ?? null;
    const newest = own === null ? others : others === null ? own : Math.max(own, others);
    return newest === null ? null : new Date(newest).toISOString();
  }

  private ownLastSeenAt(): Date | null {
    return this.screens > 0 ? this.deps.clock() : this.lastLeftAt;
  }

  /** The other alive instances' newest: "now" (as of the read) for one with a screen open. */
  private othersLastSeenAt(now: Date): Promise<number | null> {
    const age = now.getTime() - (this.others?.readAt ?? Number.NEGATIVE_INFINITY);
    if (this.others && age >= 0 && age <= OTHER_SCREENS_STALE_MS) return this.others.reading;
    const reading = this.deps.pool
      .maybeOneFirst<number | null>(sql.unsafe`
        select max(case when p.screens > 0 then ${now.toISOString()}::timestamptz else p.last_seen_at end)
          from staff_presence p join shop_instances i on i.id = p.instance_id
         where p.instance_id <> ${this.deps.registry.id} and i.seen_at >= ${new Date(now.getTime() - ALIVE_MS).toISOString()}`)
      .then((newest) => newest ?? null);
    this.others = { readAt: now.getTime(), reading };
    // A failed read is not kept: the next call reads again.
    reading.catch(() => {
      if (this.others?.reading === reading) this.others = undefined;
    });
    return reading;
  }
}
