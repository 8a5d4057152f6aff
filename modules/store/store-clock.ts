import { sql } from 'slonik';
import type { Services } from '../../src/services';
import type { LiveData, LiveEvent } from '../../src/shared/live-contract';
import { notifyLiveHubs, outboxPublisher } from '../../src/live/outbox';
import { readOpeningHours, readSettings } from './read-settings';
import { closingNotice, currentShift, secondsToClose } from './opening-hours';

/**
 * Once a minute: tells customers when closing is near (ClosingTime) and tells staff when it is time to open
 * (TakeawayOpenTime); it never opens or closes the store itself: staff open (the 'Open Now?' modal), and the
 * storeHours process closes once at closing time. Driven by the injected clock, so tests call tick().
 */
export function createStoreClock(services: Services) {
  async function publish<E extends LiveEvent<'store'>>(event: E, data: LiveData<'store', E>): Promise<void> {
    await services.pool.transaction(async (tx) => outboxPublisher(tx)('store', event, data));
    await notifyLiveHubs(services.pool);
  }

  /**
   * Staff are called to open once a shift (by its opening instant), not every minute they leave the store closed:
   * the call is claimed in `store_clock_calls` in the transaction that publishes it, so with several instances
   * (whose ticks take turns, issue 42) and across restarts it comes once.
   */
  async function callToOpen(opensAt: Date): Promise<boolean> {
    const called = await services.pool.transaction(async (tx) => {
      const claimed = await tx.maybeOneFirst(sql.unsafe`
        insert into store_clock_calls (id, called_to_open_for) values (1, ${opensAt.toISOString()})
        on conflict (id) do update set called_to_open_for = excluded.called_to_open_for
         where store_clock_calls.called_to_open_for is distinct from excluded.called_to_open_for
        returning 1`);
      if (claimed === null) return false;
      await outboxPublisher(tx)('store', 'TakeawayOpenTime', {});
      return true;
    });
    if (called) await notifyLiveHubs(services.pool);
    return called;
  }

  return {
    async tick(): Promise<string | null> {
      const now = services.clock();
      const settings = await readSettings(services.settings, ['order_status', 'is_takeaway']);
      if (settings.is_takeaway !== true) return null;
      const hours = await readOpeningHours(services.settings);
      const open = settings.order_status !== 'closed';
      const notice = open ? closingNotice(secondsToClose(now, hours)) : null;
      if (notice) {
        await publish('ClosingTime', notice);
        return 'ClosingTime';
      }
      const shift = open ? null : currentShift(now, hours);
      if (shift && (await callToOpen(shift.opensAt))) return 'TakeawayOpenTime';
      return null;
    },
  };
}
