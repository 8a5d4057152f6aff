import { useGetSettingsQuery, type SettingValues } from './settingsApi';

export interface CheckoutSettings {
  deliveringStatus: boolean;
  /** Miles. */
  deliveryRadius: number;
  fullAddress: string;
  checkoutIntro: string;
  phoneNoDisplay: string;
}

// One fixed list, so every checkout component shares a single cached request.
const CHECKOUT_SETTING_KEYS = ['delivering_status', 'delivery_radius', 'full_address', 'checkout_intro', 'phone_no_display'] as const;

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function readCheckoutSettings(values: SettingValues | undefined): CheckoutSettings {
  return {
    deliveringStatus: values?.delivering_status === true,
    deliveryRadius: typeof values?.delivery_radius === 'number' ? values.delivery_radius : 0,
    fullAddress: text(values?.full_address),
    checkoutIntro: text(values?.checkout_intro),
    phoneNoDisplay: text(values?.phone_no_display),
  };
}

/** The settings the basket's checkout area, the checkout page and the order-complete page read; see useShopSettings on failures. */
export function useCheckoutSettings(): CheckoutSettings & { isLoaded: boolean } {
  const { data, isSuccess, error } = useGetSettingsQuery(CHECKOUT_SETTING_KEYS);
  return { ...readCheckoutSettings(data), isLoaded: isSuccess || error !== undefined };
}
