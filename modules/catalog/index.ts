export {
  CATALOG_EVENT_SCHEMAS,
  CATALOG_EVENT_TYPES,
  productStream,
  CATEGORIES_STREAM,
  type ProductEvent,
  type CategoryEvent,
  type CategoryAdded,
  type ProductAdded,
  type ProductStatusChanged,
  type VariantAdded,
  type VariantStatusChanged,
} from './events';
export { productDecider, categoriesDecider } from './decider';
export type { Catalogue, CatalogueProduct, CatalogueVariant, CataloguePort } from './catalogue';
export { seedDemoMenu } from './seed';
export { stockStatusRoutes } from './stock-status-routes';
export { dishName, dishNotOffered, notOfferedMessage } from './offer';
