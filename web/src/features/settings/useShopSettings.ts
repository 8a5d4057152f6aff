import { useGetSettingsQuery, type SettingValues } from './settingsApi';

import { isOrderingClosed as orderingClosed, STORE_STATUSES, type StoreStatus } from '../../../../src/shared/store-status';

export type OrderStatus = StoreStatus;

export interface ShopSettings {
  cartLabel: string;
  isTakeaway: boolean;
  orderStatus: OrderStatus;
  showSquareProductImages: boolean;
  missingProductImage: string | undefined;
  siteName: string | undefined;
}

// One fixed list, so every component shares a single cached request.
const SHOP_SETTING_KEYS = [
  'cart_label',
  'is_takeaway',
  'order_status',
  'show_square_product_images',
  'missing_product_image',
  'site_name',
] as const;


function text(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

function readShopSettings(values: SettingValues | undefined): ShopSettings {
  const orderStatus = values?.order_status;
  return {
    cartLabel: text(values?.cart_label) ?? 'Cart',
    isTakeaway: values?.is_takeaway === true,
    orderStatus: STORE_STATUSES.find((status) => status === orderStatus) ?? 'open',
    showSquareProductImages: values?.show_square_product_images === true,
    missingProductImage: text(values?.missing_product_image),
    siteName: text(values?.site_name),
  };
}

/**
 * The settings the shop pages read, with the spec's defaults until (or unless) the server answers. A failure
 * counts as loaded, also while a newly mounted reader asks again: were it "loading" then, the page would swap its
 * readers for a spinner and back on every failure, asking again each time.
 */
export function useShopSettings(): ShopSettings & { isLoaded: boolean } {
  const { data, isSuccess, error } = useGetSettingsQuery(SHOP_SETTING_KEYS);
  return { ...readShopSettings(data), isLoaded: isSuccess || error !== undefined };
}

/** Spec §4 "Ordering block": order status 'closed' blocks ordering, in takeaway mode only. */
export function isOrderingClosed(settings: Pick<ShopSettings, 'isTakeaway' | 'orderStatus'>): boolean {
  return orderingClosed(settings);
}

/** Spec §4: add-to-cart is blocked from page load while takeaway ordering is closed, and until the settings are known. */
export function useOrderingBlocked(): boolean {
  const settings = useShopSettings();
  return !settings.isLoaded || isOrderingClosed(settings);
}
