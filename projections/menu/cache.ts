import type { DatabasePool } from 'slonik';
import type { Clock } from '../../src/core/clock';
import { loadMenu, type Menu, type MenuProduct } from './queries';

/** Longest a cached menu is served when this instance cannot see the projection move (another runs it). */
const MAX_AGE_MS = 1000;

/**
 * The menu is read far more often than it changes: keep one copy, rebuilt when the menu projection moves,
 * when a basket hold it counted runs out, or after MAX_AGE_MS. Concurrent readers share one rebuild.
 */
export class MenuCache {
  private current?: { menu: Menu; version: string; builtAt: number };
  private building?: Promise<Menu>;

  constructor(
    private readonly pool: DatabasePool,
    private readonly clock: Clock,
    /** The menu projection's checkpoint in this process. */
    private readonly version: () => string,
  ) {}

  async get(): Promise<Menu> {
    const now = this.clock();
    const current = this.current;
    if (
      current &&
      current.version === this.version() &&
      now.getTime() - current.builtAt < MAX_AGE_MS &&
      (current.menu.nextHoldExpiry === null || now < current.menu.nextHoldExpiry)
    ) {
      return current.menu;
    }
    this.building ??= this.rebuild(now).finally(() => {
      this.building = undefined;
    });
    return this.building;
  }

  /**
   * The cached menu even if the projection moved since (at most MAX_AGE_MS old): for names, prices and the
   * other lines of a basket, where a second's staleness is harmless and a rebuild per add-to-basket is not.
   * Stock itself is always decided by the stock stream, never by this.
   */
  async peek(): Promise<Menu> {
    const current = this.current;
    const now = this.clock();
    if (current && now.getTime() - current.builtAt < MAX_AGE_MS) return current.menu;
    return this.get();
  }

  async product(productId: number): Promise<MenuProduct | null> {
    const found = (await this.peek()).products.find((product) => product.id === productId);
    // A product added a moment ago is not in an older copy yet.
    return found ?? (await this.get()).products.find((product) => product.id === productId) ?? null;
  }

  private async rebuild(now: Date): Promise<Menu> {
    const version = this.version();
    const menu = await loadMenu(this.pool, now);
    this.current = { menu, version, builtAt: now.getTime() };
    return menu;
  }
}
