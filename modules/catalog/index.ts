export { CATALOG_EVENT_TYPES, productStream, CATEGORIES_STREAM } from './events';
export { productDecider, categoriesDecider } from './decider';
export { seedDemoMenu } from './seed';
