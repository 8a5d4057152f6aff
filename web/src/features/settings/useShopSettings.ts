import { createContext, useContext } from 'react';
import { type SettingValues } from './settingsApi';

import { isOrderingClosed as orderingClosed, STORE_STATUSES, type StoreStatus } from '../../../../src/shared/store-status';

export type OrderStatus = StoreStatus;

export interface ShopSettings {
  cartLabel: string;
  isTakeaway: boolean;
  orderStatus: OrderStatus;
  showSquareProductImages: boolean;
  missingProductImage: string | undefined;
  siteName: string | undefined;
  /** The number customers call (an undeclared dish's allergen notice links to it), or undefined. */
  phone: string | undefined;
  /** The brand (issue 32): the header's line under the name, the logo's link or undefined, the theme's colour. */
  tagline: string | undefined;
  logo: string | undefined;
  accentColour: string | undefined;
  address: string | undefined;
}

// One fixed list, asked for once by ShopSettingsProvider.
export const SHOP_SETTING_KEYS = [
  'cart_label',
  'is_takeaway',
  'order_status',
  'show_square_product_images',
  'missing_product_image',
  'site_name',
  'phone_no_display',
  'site_tagline',
  'site_logo',
  'accent_colour',
  'full_address',
] as const;

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

export function readShopSettings(values: SettingValues | undefined): ShopSettings {
  const orderStatus = values?.order_status;
  return {
    cartLabel: text(values?.cart_label) ?? 'Cart',
    isTakeaway: values?.is_takeaway === true,
    orderStatus: STORE_STATUSES.find((status) => status === orderStatus) ?? 'open',
    showSquareProductImages: values?.show_square_product_images === true,
    missingProductImage: text(values?.missing_product_image),
    siteName: text(values?.site_name),
    phone: text(values?.phone_no_display),
    tagline: text(values?.site_tagline),
    logo: text(values?.site_logo),
    accentColour: text(values?.accent_colour),
    address: text(values?.full_address),
  };
}

export type LoadedShopSettings = ShopSettings & { isLoaded: boolean };

export const ShopSettingsContext = createContext<LoadedShopSettings | null>(null);

/**
 * The settings the shop pages read, with the spec's defaults until (or unless) the server answers. Read from
 * ShopSettingsProvider's one subscription: a query hook in every reader made the menu's 30 cards 90
 * subscriptions, whose mounting was a large part of the menu page's first render on a phone (issue 18).
 */
export function useShopSettings(): LoadedShopSettings {
  const settings = useContext(ShopSettingsContext);
  if (!settings) throw new Error('useShopSettings needs a ShopSettingsProvider above it (main.tsx)');
  return settings;
}

/** Spec §4 "Ordering block": order status 'closed' blocks ordering, in takeaway mode only. */
export function isOrderingClosed(settings: Pick<ShopSettings, 'isTakeaway' | 'orderStatus'>): boolean {
  return orderingClosed(settings);
}

/**
 * Whether a customer may order now. Spec §4: add-to-cart is blocked from page load while takeaway ordering is
 * closed, and until the settings are known ('unknown').
 */
export type OrderingState = 'open' | 'closed' | 'unknown';

export function useOrderingState(): OrderingState {
  const settings = useShopSettings();
  if (!settings.isLoaded) return 'unknown';
  return isOrderingClosed(settings) ? 'closed' : 'open';
}
