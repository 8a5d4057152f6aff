export {
  CATALOG_EVENT_SCHEMAS,
  CATALOG_EVENT_TYPES,
  productStream,
  CATEGORIES_STREAM,
  CATALOG_UPCASTERS,
  VAT_RATES,
  type CatalogEvent,
  type VatRate,
  type DishDetails,
  type ProductEvent,
  type CategoryEvent,
  type CategoryAdded,
  type ProductAdded,
  type ProductStatusChanged,
  type VariantAdded,
  type VariantStatusChanged,
  type VariantArchived,
} from './events';
export { productDecider, categoriesDecider } from './decider';
export type { Catalogue, CatalogueProduct, CatalogueVariant, CataloguePort, EditableCatalogue, EditableCategory } from './catalogue';
export { createCatalogue, type CatalogueCommands, type DishInput } from './handlers';
export { catalogueRoutes } from './routes';
export { seedDemoMenu } from './seed';
export { stockStatusRoutes } from './stock-status-routes';
export { stockStatusSwitches } from './stock-status';
export { dishName, dishNotOffered, notOfferedMessage } from './offer';
export { dishAllergens } from './contents';
export { createMenuTransfer, type MenuTransfer, type ParLevelPort } from './menu-import';
export { menuCsvRoutes } from './csv-routes';
export { MENU_CSV_COLUMNS } from './menu-csv';
