import type { Clock } from '../../src/core/clock';
import { deliveryMinutesFor, storeBanner, type StoreBanner } from '../../src/shared/store-status';
import { bannerText, secondsToClose, specialDayOn } from './opening-hours';
import type { SettingsSource } from '../../src/services';
import { readOpeningHours, readSettings } from './read-settings';
import { tradingDayOf } from './trading-day';

/** Today's special day's message (e.g. closed for Christmas); '' if none. */
export async function specialDayMessage(settings: SettingsSource, clock: Clock): Promise<string> {
  const opening = await readOpeningHours(settings);
  return specialDayOn(tradingDayOf(clock(), opening), opening)?.message ?? '';
}

/** `/store-status`'s text: today's special day's message while closed, else the status's words. */
export async function currentBannerText(settings: SettingsSource, clock: Clock): Promise<string> {
  const values = await readSettings(settings, ['order_status', 'open_delivery_minutes', 'busy_delivery_minutes', 'slammed_delivery_minutes']);
  return (values.order_status === 'closed' && (await specialDayMessage(settings, clock))) || bannerText(values.order_status, deliveryMinutesFor(values.order_status, values));
}

/**
 * The customer banner as the browser makes it from `/store-status`, `order_status` and `/api/minsToCloseTime`:
 * for the first screen the server renders, so the banner (a closing notice's second line too) is in the page
 * from the start and does not push the menu down when it arrives.
 */
export async function readStoreBanner(settings: SettingsSource, clock: Clock): Promise<StoreBanner> {
  const [text, { order_status: orderStatus }, hours] = await Promise.all([
    currentBannerText(settings, clock),
    readSettings(settings, ['order_status']),
    readOpeningHours(settings),
  ]);
  return storeBanner(text, orderStatus, secondsToClose(clock(), hours));
}
