import { useEffect, useMemo, type ReactNode } from 'react';
import { useGetSettingsQuery } from './settingsApi';
import { readShopSettings, SHOP_SETTING_KEYS, ShopSettingsContext } from './useShopSettings';

/** After a failed read the settings are asked for again this much later (the page shows the defaults meanwhile). */
const RETRY_AFTER_FAILURE_MS = 5000;

/**
 * The one subscription to the shop's settings, for every useShopSettings below it. A failure counts as loaded,
 * also while it asks again: were it "loading" then, the page would swap its readers for a spinner and back on
 * every failure. Readers used to ask again each time one mounted; with one subscription, it retries itself.
 */
export function ShopSettingsProvider({ children }: { children: ReactNode }) {
  const { data, isSuccess, error, isFetching, refetch } = useGetSettingsQuery(SHOP_SETTING_KEYS);
  const failed = error !== undefined;
  useEffect(() => {
    if (!failed || isFetching) return undefined;
    const retry = setTimeout(() => void refetch(), RETRY_AFTER_FAILURE_MS);
    return () => clearTimeout(retry);
  }, [failed, isFetching, refetch]);
  const settings = useMemo(() => ({ ...readShopSettings(data), isLoaded: isSuccess || failed }), [data, isSuccess, failed]);
  return <ShopSettingsContext.Provider value={settings}>{children}</ShopSettingsContext.Provider>;
}
