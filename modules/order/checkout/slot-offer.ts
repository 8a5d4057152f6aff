import type { Services } from '../../../src/services';
import type { WindowLoads } from '../../capacity';
import { deliveryMinutesFor, readOpeningHours, readSettings, slotsAhead, tradingDayOf } from '../../store';

/** What the checkout offers for "when" (issue 37): the wait for as soon as possible, and the slots with room. */
export interface SlotOffer {
  waitMinutes: number;
  /** The slots with room. */
  slots: string[];
  /** Every slot within the hours, full or not. */
  open: string[];
}

/**
 * The slots a customer may book now: the store module's slotsAhead, less the windows the read model counts as
 * full under the manager's cap (window_order_cap; 0 is no cap). The read model may lag a moment behind: the
 * window's own stream decides when the order is placed (window-place.ts).
 */
export function createSlotOffer(deps: { services: Pick<Services, 'settings' | 'clock'>; windowLoads: WindowLoads }) {
  const { services, windowLoads } = deps;

  async function offer(now: Date = services.clock()): Promise<SlotOffer> {
    const [settings, hours] = await Promise.all([
      readSettings(services.settings, ['order_status', 'open_delivery_minutes', 'busy_delivery_minutes', 'slammed_delivery_minutes', 'order_ahead_days', 'window_order_cap']),
      readOpeningHours(services.settings),
    ]);
    const waitMinutes = deliveryMinutesFor(settings.order_status, settings);
    const all = slotsAhead({ now, hours, waitMinutes, daysAhead: settings.order_ahead_days });
    if (settings.window_order_cap === 0) return { waitMinutes, slots: all, open: all };
    const taken = await windowLoads.taken(all);
    return { waitMinutes, slots: all.filter((slot) => (taken.get(slot) ?? 0) < settings.window_order_cap), open: all };
  }

  return {
    offer,
    /** The trading day an order counts in: its slot's, or the moment's (issue 37). */
    async tradingDayFor(scheduledFor: string | null, now: string): Promise<string> {
      return tradingDayOf(new Date(scheduledFor ?? now), await readOpeningHours(services.settings));
    },
  };
}

export type SlotOffers = ReturnType<typeof createSlotOffer>;
