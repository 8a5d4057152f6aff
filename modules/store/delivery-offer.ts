import type { DeliveryService } from '../delivery';
import type { SettingsSource } from '../../src/services';
import { parsePostcode } from '../../src/shared/postcode';
import { readSettings } from './read-settings';

export const KITCHEN_POSTCODE_PROBLEM = 'Kitchen Postcode missing or invalid';

/** Delivery can be offered only when the kitchen's own postcode is valid and can be located. */
export async function canOfferDelivery(settings: SettingsSource, delivery: DeliveryService): Promise<boolean> {
  const { kitchen_postcode: kitchen } = await readSettings(settings, ['kitchen_postcode']);
  const postcode = parsePostcode(String(kitchen));
  if (!postcode) return false;
  return delivery.distance(postcode).then(() => true, () => false);
}
