export { createDeliveryService, deliverySettings, type DeliveryCheck, type DeliveryService, type DeliverySettings } from './service';
export { httpGeocoder, tableGeocoder, type Geocoder } from './geocoder';
export { deliveryCheckCookie, type DeliveryCheckCookie } from './last-check';
export { collectPostage, deliveryChargeFor, type CollectDiscount } from './charges';
export { deliveryRoutes } from './routes';
