export type CachedKey = { kind: 'key'; subjectId: string; dataKey: Buffer } | { kind: 'erased' };

/**
 * A bounded LRU of unwrapped data keys by key id, so read models and replays open envelopes without a query
 * each. Keys expire after `ttlMs`, which bounds how long another instance may go on decrypting after an
 * erasure there; "erased" never turns back into a key, so it stays until pushed out.
 */
export class KeyCache {
  private readonly entries = new Map<string, { value: CachedKey; expiresAt: number }>();
  hits = 0;
  misses = 0;

  constructor(
    private readonly maxEntries: number,
    private readonly ttlMs: number,
    private readonly now: () => number,
  ) {}

  get(keyId: string): CachedKey | undefined {
    const entry = this.entries.get(keyId);
    if (!entry || entry.expiresAt <= this.now()) {
      if (entry) this.entries.delete(keyId);
      this.misses++;
      return undefined;
    }
    // Map keeps insertion order: moving the entry to the end makes the first one the least recently used.
    this.entries.delete(keyId);
    this.entries.set(keyId, entry);
    this.hits++;
    return entry.value;
  }

  set(keyId: string, value: CachedKey): void {
    // A load that began before the key was destroyed may answer after: it must not bring the key back.
    if (value.kind === 'key' && this.entries.get(keyId)?.value.kind === 'erased') return;
    this.entries.delete(keyId);
    const expiresAt = value.kind === 'erased' ? Number.POSITIVE_INFINITY : this.now() + this.ttlMs;
    this.entries.set(keyId, { value, expiresAt });
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value as string;
      this.entries.delete(oldest);
    }
  }

  get size(): number {
    return this.entries.size;
  }
}
