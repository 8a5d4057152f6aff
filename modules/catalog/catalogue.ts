import type { MenuCategory, MenuProduct, MenuVariant, MenuView, StockCounts } from '../../src/shared/menu';

/** A product as the catalogue describes it, without what is on the shelf. */
export type CatalogueVariant = Omit<MenuVariant, keyof StockCounts>;
export type CatalogueProduct = Omit<MenuProduct, keyof StockCounts | 'variants'> & { variants: CatalogueVariant[] };

/** Categories and products: changes only when staff change the catalogue. */
export interface Catalogue {
  categories: MenuCategory[];
  products: CatalogueProduct[];
}

/** A category as the manager's editor sees it: hidden ones too. */
export interface EditableCategory {
  id: number;
  name: string;
  position: number;
  hidden: boolean;
}

/** Everything a manager may edit (every dish not archived, in hidden categories too), and the ids used so far. */
export interface EditableCatalogue {
  categories: EditableCategory[];
  products: CatalogueProduct[];
  lastCategoryId: number;
  lastProductId: number;
  lastVariantId: number;
}

/**
 * The catalogue's query port: what other modules may ask of the menu. The menu read model's in-memory cache
 * implements it; the composition root hands it in.
 */
export interface CataloguePort {
  catalogue(): Promise<Catalogue>;
  product(productId: number): Promise<CatalogueProduct | null>;
  /** What the manager's editor shows, read fresh (not cached): it is read only to edit. */
  forEditing(): Promise<EditableCatalogue>;
  /** The whole menu with what is available now. */
  get(): Promise<MenuView>;
}
