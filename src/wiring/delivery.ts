import type { Config } from '../config';
import type { Services } from '../services';
import { createDeliveryService, deliveryCheckCookie, httpGeocoder, tableGeocoder } from '../../modules/delivery';

/** Distances from the kitchen (by the configured postcode lookup) and the cookie that remembers a checked postcode. */
export function wireDelivery(config: Config, services: Services) {
  const geocoder = config.POSTCODE_LOOKUP === 'http' ? httpGeocoder(config.POSTCODES_URL) : tableGeocoder(services.pool);
  return {
    service: createDeliveryService(services.settings, geocoder),
    checks: deliveryCheckCookie({ production: config.NODE_ENV === 'production' }),
  };
}

export type WiredDelivery = ReturnType<typeof wireDelivery>;
