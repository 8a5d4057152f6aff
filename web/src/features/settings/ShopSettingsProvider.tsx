import { useMemo, type ReactNode } from 'react';
import { useGetSettingsQuery } from './settingsApi';
import { readShopSettings, SHOP_SETTING_KEYS, ShopSettingsContext } from './useShopSettings';

/**
 * The one subscription to the shop's settings, for every useShopSettings below it. A failure counts as loaded,
 * also while it asks again: were it "loading" then, the page would swap its readers for a spinner and back on
 * every failure.
 */
export function ShopSettingsProvider({ children }: { children: ReactNode }) {
  const { data, isSuccess, error } = useGetSettingsQuery(SHOP_SETTING_KEYS);
  const failed = error !== undefined;
  const settings = useMemo(() => ({ ...readShopSettings(data), isLoaded: isSuccess || failed }), [data, isSuccess, failed]);
  return <ShopSettingsContext.Provider value={settings}>{children}</ShopSettingsContext.Provider>;
}
