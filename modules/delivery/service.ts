import { DomainError } from '../../src/core/errors';
import { formatPence } from '../../src/shared/money';
import type { SettingsSource } from '../../src/services';
import { readSettings, type DeliveryBand } from '../store';
import { collectPostage, deliveryChargeFor, type CollectDiscount } from './charges';
import { milesBetween, roundMiles } from './distance';
import { GeocoderUnavailable, type Geocoder } from './geocoder';
import { CHECKER_INVALID, parsePostcode } from '../../src/shared/postcode';

export interface DeliveryCheck {
  postcode: string;
  miles: number;
}

export interface DeliverySettings {
  deliveringStatus: boolean;
  radiusMiles: number;
  kitchenPostcode: string;
  bands: DeliveryBand[];
  minimumOrderPence: number;
  discount: CollectDiscount;
}

export async function deliverySettings(settings: SettingsSource): Promise<DeliverySettings> {
  const values = await readSettings(settings, [
    'delivering_status',
    'delivery_radius',
    'kitchen_postcode',
    'delivery_charge_bands',
    'delivery_minimum_order',
    'offer_takeaway_collect_discount',
    'takeaway_collect_discount_type',
    'takeaway_collect_discount_amount_or_percent',
  ]);
  return {
    deliveringStatus: values.delivering_status as boolean,
    radiusMiles: values.delivery_radius as number,
    kitchenPostcode: values.kitchen_postcode as string,
    bands: values.delivery_charge_bands as DeliveryBand[],
    minimumOrderPence: values.delivery_minimum_order as number,
    discount: {
      offer: values.offer_takeaway_collect_discount as boolean,
      type: values.takeaway_collect_discount_type as CollectDiscount['type'],
      amountOrPercent: values.takeaway_collect_discount_amount_or_percent as number,
    },
  };
}

/** Distances from the kitchen and what collecting or delivering costs. */
export function createDeliveryService(source: SettingsSource, geocoder: Geocoder) {
  async function locate(postcode: string) {
    try {
      return await geocoder.locate(postcode);
    } catch (error) {
      if (error instanceof GeocoderUnavailable) {
        throw new DomainError('unavailable', 'there was a PROBLEM calculating the distance try again');
      }
      throw error;
    }
  }

  /** The kitchen's place, found once per kitchen postcode (every distance check needs it); not found, asked again. */
  let kitchenLocated: { postcode: string; at: NonNullable<Awaited<ReturnType<typeof locate>>> } | undefined;
  async function locateKitchen(postcode: string) {
    if (kitchenLocated?.postcode === postcode) return kitchenLocated.at;
    const at = await locate(postcode);
    if (at) kitchenLocated = { postcode, at };
    return at;
  }

  return {
    /** Miles from the kitchen to a postcode, rounded to two decimals. */
    async distance(input: string): Promise<DeliveryCheck> {
      const postcode = parsePostcode(input);
      if (!postcode) throw new DomainError('invalid', CHECKER_INVALID);
      const settings = await deliverySettings(source);
      const kitchen = parsePostcode(settings.kitchenPostcode);
      const kitchenAt = kitchen ? await locateKitchen(kitchen) : null;
      if (!kitchenAt) throw new DomainError('unavailable', 'Kitchen Postcode missing or invalid: we cannot check delivery distances');
      const customerAt = await locate(postcode);
      if (!customerAt) throw new DomainError('not_found', `We could not find ${postcode}: please check it`);
      return { postcode, miles: roundMiles(milesBetween(kitchenAt, customerAt)) };
    },

    /**
     * Postage for a method: collecting earns the discount (negative), delivering costs the band for the
     * checked distance. Refuses a delivery the shop cannot make, saying why.
     */
    async postage(
      method: 'COLLECT' | 'DELIVER',
      basket: { itemsTotalPence: number; allVirtual: boolean },
      check: DeliveryCheck | undefined,
    ): Promise<number> {
      const settings = await deliverySettings(source);
      if (method === 'COLLECT') return collectPostage(basket.itemsTotalPence, basket.allVirtual, settings.discount);
      if (!settings.deliveringStatus) throw new DomainError('conflict', "Sorry we can't offer delivery right now.");
      if (!check) throw new DomainError('invalid', 'Enter your postcode to check if we can deliver to you');
      if (check.miles > settings.radiusMiles) {
        throw new DomainError('conflict', 'Your postcode is outside our delivery area ... you can still collect your order from us');
      }
      if (basket.itemsTotalPence < settings.minimumOrderPence) {
        throw new DomainError('conflict', `Delivery needs an order of at least ${formatPence(settings.minimumOrderPence)}`);
      }
      if (basket.allVirtual) return 0;
      const charge = deliveryChargeFor(check.miles, settings.bands);
      if (charge === null) throw new DomainError('conflict', 'Your postcode is outside our delivery area ... you can still collect your order from us');
      return charge;
    },
  };
}

export type DeliveryService = ReturnType<typeof createDeliveryService>;
