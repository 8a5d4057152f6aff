import type { BasketCaps } from '../../../../src/shared/basket-caps';
import { useGetSettingsQuery } from '../settings/settingsApi';

const CAP_KEYS = ['max_units_per_dish', 'max_units_per_basket'] as const;

/** The basket caps the manager set (issue 13), or null until they are known: the server refuses beyond them anyway. */
export function useBasketCaps(): BasketCaps | null {
  const { data } = useGetSettingsQuery(CAP_KEYS);
  const perDish = data?.max_units_per_dish;
  const perBasket = data?.max_units_per_basket;
  return typeof perDish === 'number' && typeof perBasket === 'number' ? { perDish, perBasket } : null;
}
