import type { DatabasePool } from '../../src/db/pool';
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

  async product(productId: number): Promise<MenuProduct | null> {
    return (await this.get()).products.find((product) => product.id === productId) ?? null;
  }

  private async rebuild(now: Date): Promise<Menu> {
    const version = this.version();
    const menu = await loadMenu(this.pool, now);
    this.current = { menu, version, builtAt: now.getTime() };
    return menu;
  }
}
