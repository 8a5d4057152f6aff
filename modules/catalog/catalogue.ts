import type { MenuCategory, MenuProduct, MenuVariant, MenuView, StockCounts } from '../../src/shared/menu';

/** A product as the catalogue describes it, without what is on the shelf. */
export type CatalogueVariant = Omit<MenuVariant, keyof StockCounts>;
export type CatalogueProduct = Omit<MenuProduct, keyof StockCounts | 'variants'> & { variants: CatalogueVariant[] };

/** Categories and products: changes only when staff change the catalogue. */
export interface Catalogue {
  categories: MenuCategory[];
  products: CatalogueProduct[];
}

/**
 * The catalogue's query port: what other modules may ask of the menu. The menu read model's in-memory cache
 * implements it; the composition root hands it in.
 */
export interface CataloguePort {
  catalogue(): Promise<Catalogue>;
  product(productId: number): Promise<CatalogueProduct | null>;
  /** The whole menu with what is available now. */
  get(): Promise<MenuView>;
}
