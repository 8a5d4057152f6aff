import type { DatabasePool } from '../../src/db/pool';
import type { Clock } from '../../src/core/clock';
import { ReadModelCache, type ProjectionChanges } from '../../src/projections/read-model-cache';
import { CATALOG_EVENT_TYPES, type CataloguePort } from '../../modules/catalog';
import { STOCK_EVENT_TYPES } from '../../modules/stock';
import { combineMenu, loadCatalogue, loadCatalogueForEditing, loadStock, type Catalogue, type CatalogueProduct, type Menu, type StockTable } from './queries';

const CATALOGUE_TYPES = new Set<string>(CATALOG_EVENT_TYPES);
const STOCK_TYPES = new Set<string>(STOCK_EVENT_TYPES);

/**
 * The menu is read far more often than it changes. It is kept in two parts: the catalogue, which changes
 * when staff change it, and the stock table, which every basket move changes. So a basket move never
 * reloads the catalogue, and checking a product before a move costs no query at all.
 */
export class MenuCache implements CataloguePort {
  private readonly catalogueCopy: ReadModelCache<Catalogue>;
  private readonly stockCopy: ReadModelCache<StockTable>;
  private combined?: { catalogue: Catalogue; stock: StockTable; menu: Menu };

  /** `changes`: the menu projection's runner in this process. */
  constructor(private readonly pool: DatabasePool, clock: Clock, changes: ProjectionChanges) {
    this.catalogueCopy = new ReadModelCache({
      changes,
      clock,
      touches: (event) => CATALOGUE_TYPES.has(event.type),
      load: () => loadCatalogue(pool),
    });
    this.stockCopy = new ReadModelCache({
      changes,
      clock,
      touches: (event) => STOCK_TYPES.has(event.type),
      load: (now) => loadStock(pool, now),
      expired: (stock, now) => stock.nextHoldExpiry !== null && now >= stock.nextHoldExpiry,
    });
  }

  /** Categories and products without stock counts. */
  catalogue(): Promise<Catalogue> {
    return this.catalogueCopy.get();
  }

  forEditing() {
    return loadCatalogueForEditing(this.pool);
  }

  async product(productId: number): Promise<CatalogueProduct | null> {
    return (await this.catalogue()).products.find((product) => product.id === productId) ?? null;
  }

  /** The whole menu with what is available; the same object while nothing changes. */
  async get(): Promise<Menu> {
    const [catalogue, stock] = await Promise.all([this.catalogueCopy.get(), this.stockCopy.get()]);
    if (this.combined?.catalogue !== catalogue || this.combined.stock !== stock) {
      this.combined = { catalogue, stock, menu: combineMenu(catalogue, stock) };
    }
    return this.combined.menu;
  }
}
