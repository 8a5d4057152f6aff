import type { SettingsSource } from '../../src/services';
import { parsePostcode } from '../../src/shared/postcode';
import { readSettings } from './read-settings';

/**
 * What the store asks of the delivery module: whether a postcode can be located. Passed in at wiring time (the
 * delivery module reads the store's settings, so the store may not import it back).
 */
export interface PostcodeLocator {
  distance(postcode: string): Promise<unknown>;
}

export const KITCHEN_POSTCODE_PROBLEM = 'Kitchen Postcode missing or invalid';

/** Delivery can be offered only when the kitchen's own postcode is valid and can be located. */
export async function canOfferDelivery(settings: SettingsSource, delivery: PostcodeLocator): Promise<boolean> {
  const { kitchen_postcode: kitchen } = await readSettings(settings, ['kitchen_postcode']);
  const postcode = parsePostcode(String(kitchen));
  if (!postcode) return false;
  return delivery.distance(postcode).then(() => true, () => false);
}
