import { randomUUID } from 'node:crypto';
import type { Services } from '../../src/services';
import { notifyLiveHubs, outboxPublisher } from '../../src/live/outbox';
import { readSettings } from './read-settings';
import { closingNotice, isWithinHours, secondsToClose } from './opening-hours';
import { londonDate } from '../../src/shared/london-time';
import { SETTINGS_STREAM } from './settings';
import { settingsDecider } from './settings-decider';

/**
 * Once a minute: tells customers when closing is near (ClosingTime), closes the store at closing time, and
 * tells staff when it is time to open (TakeawayOpenTime). Driven by the injected clock, so tests call tick().
 */
export function createStoreClock(services: Services) {
  /** Staff are called to open once a day, not every minute they leave the store closed. */
  let calledToOpenOn: string | null = null;
  async function publish(event: string, data: unknown): Promise<void> {
    await services.pool.transaction(async (tx) => outboxPublisher(tx)('store', event, data));
    await notifyLiveHubs(services.pool);
  }

  return {
    async tick(): Promise<string | null> {
      const now = services.clock();
      const settings = await readSettings(services.settings, ['order_status', 'open_time', 'close_time', 'is_takeaway']);
      if (settings.is_takeaway !== true) return null;
      const hours = { openTime: settings.open_time as string, closeTime: settings.close_time as string };
      const open = settings.order_status !== 'closed';
      const left = secondsToClose(now, hours);
      if (open && left <= 0 && left > -60 * 60) {
        const context = { actor: 'system', now: now.toISOString(), correlationId: randomUUID() };
        const result = await services.commands.handle(SETTINGS_STREAM, settingsDecider, { type: 'ChangeSettings', changes: { order_status: 'closed' } }, context);
        await services.readModels.waitFor('settings', result.position);
        return 'closed';
      }
      const notice = open ? closingNotice(left) : null;
      if (notice) {
        await publish('ClosingTime', notice);
        return 'ClosingTime';
      }
      if (!open && isWithinHours(now, hours) && calledToOpenOn !== londonDate(now)) {
        calledToOpenOn = londonDate(now);
        await publish('TakeawayOpenTime', { message: 'Time to open for orders' });
        return 'TakeawayOpenTime';
      }
      return null;
    },
  };
}
