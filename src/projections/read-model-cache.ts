import type { Clock } from '../core/clock';
import type { StoredEvent } from '../eventstore/types';

/** Longest a cached copy is served when this instance does not run the projection (another instance does). */
export const MAX_AGE_WHEN_ELSEWHERE_MS = 1000;

/** A projection as a cache of its read model sees it: whether it runs here, and each batch it commits here. */
export interface ProjectionChanges {
  readonly isActive: boolean;
  /** `undefined`: the read model may have changed in ways not reported (see ProjectionRunner.onApplied). */
  onApplied(listener: (events: readonly StoredEvent[] | undefined) => void): void;
}

interface Copy<T> {
  value: T;
  /** The change count when the load began: a change during the load makes the copy stale at once. */
  version: number;
  builtAt: number;
  /** Whether the projection ran here when the load began: only then does the change count tell everything. */
  counted: boolean;
}

/**
 * One in-memory copy of (part of) a read model. The projection's runner reports every batch it commits in
 * this process before anyone waiting for that batch is released, so a copy is dropped exactly when an event
 * it depends on (`touches`) has been applied: read-your-writes holds. When another instance runs the
 * projection, the copy is reloaded after MAX_AGE_WHEN_ELSEWHERE_MS instead. Concurrent readers share a load.
 */
export class ReadModelCache<T> {
  private version = 0;
  private copy?: Copy<T>;
  /** The load under way, shared by readers only while nothing it may have missed has been applied. */
  private loading?: { version: number; value: Promise<T> };

  constructor(
    private readonly options: {
      changes: ProjectionChanges;
      clock: Clock;
      touches: (event: StoredEvent) => boolean;
      load: (now: Date) => Promise<T>;
      /** Extra staleness, e.g. a basket hold in the copy that has run out. */
      expired?: (value: T, now: Date) => boolean;
    },
  ) {
    options.changes.onApplied((events) => {
      if (events === undefined || events.some(options.touches)) this.version += 1;
    });
  }

  get(): Promise<T> {
    const now = this.options.clock();
    const copy = this.copy;
    if (copy && this.fresh(copy, now)) return Promise.resolve(copy.value);
    if (this.loading?.version === this.version) return this.loading.value;
    const loading = { version: this.version, value: this.load(now) };
    this.loading = loading;
    void loading.value.finally(() => {
      if (this.loading === loading) this.loading = undefined;
    }).catch(() => undefined);
    return loading.value;
  }

  private fresh(copy: Copy<T>, now: Date): boolean {
    if (copy.version !== this.version || this.options.expired?.(copy.value, now)) return false;
    return (copy.counted && this.options.changes.isActive) || now.getTime() - copy.builtAt < MAX_AGE_WHEN_ELSEWHERE_MS;
  }

  private async load(now: Date): Promise<T> {
    const version = this.version;
    const counted = this.options.changes.isActive;
    const value = await this.options.load(now);
    // A load that began later may have finished first: keep the newer copy.
    if (!this.copy || this.copy.version <= version) this.copy = { value, version, builtAt: now.getTime(), counted };
    return value;
  }
}
