import type { CommandContext } from '../../src/core/decider';
import { DomainError } from '../../src/core/errors';
import type { Services } from '../../src/services';
import { WindowFull, type KitchenWindows, type PlaceReturnReason, type WindowLoads } from '../capacity';
import { KITCHEN_FULL_TEXT, readSettings, SLOT_MINUTES, slotFullText, windowOf } from '../store';
import type { SlotOffers } from './checkout/slot-offer';
import { nextSlotsAfter } from './core/time-rules';

/** How far ahead an order as soon as possible looks for a window with room: two hours of windows. */
const ASAP_WINDOWS = 8;

export interface WindowPlaceDeps {
  services: Pick<Services, 'settings'>;
  windows: KitchenWindows;
  loads: WindowLoads;
  slots: SlotOffers;
}

/**
 * The placing sequence's capacity step (issue 37, placing.ts step 2b): with a cap set (window_order_cap), the
 * order takes a place in its slot's 15-minute window, or, as soon as possible, in the first window with room from
 * the one the store's wait ends in; a full window is refused with the next slots that have room. The place is
 * taken on the window's own stream on the revision decided on, so a race for the last place has one winner.
 * With no cap, nothing is taken and nothing is written: shops without caps run as before.
 */
export function createWindowPlace({ services, windows, loads, slots }: WindowPlaceDeps) {
  async function take(order: { orderId: string; scheduledFor: string | null }, context: CommandContext): Promise<string | null> {
    const { window_order_cap: cap } = await readSettings(services.settings, ['window_order_cap']);
    if (cap === 0) return null;
    // A placing repeated after a crash keeps the place it took.
    const held = await loads.windowOf(order.orderId);
    if (held) return held;
    const offer = await slots.offer(new Date(context.now));
    if (order.scheduledFor) {
      try {
        await windows.take(order.scheduledFor, order.orderId, cap, context);
        return order.scheduledFor;
      } catch (error) {
        if (!(error instanceof WindowFull)) throw error;
        const others = offer.slots.filter((slot) => slot !== order.scheduledFor);
        throw new DomainError('conflict', slotFullText(order.scheduledFor, nextSlotsAfter(order.scheduledFor, others)));
      }
    }
    const first = Date.parse(windowOf(new Date(Date.parse(context.now) + offer.waitMinutes * 60_000)));
    for (let index = 0; index < ASAP_WINDOWS; index++) {
      const window = new Date(first + index * SLOT_MINUTES * 60_000).toISOString();
      try {
        await windows.take(window, order.orderId, cap, context);
        return window;
      } catch (error) {
        if (!(error instanceof WindowFull)) throw error;
      }
    }
    throw new DomainError('conflict', KITCHEN_FULL_TEXT);
  }

  /** The step's undo, and the give-back of a cancelled, lapsed or refunded order: safe whatever was taken, and to repeat. */
  async function giveBack(orderId: string, window: string | null | undefined, reason: PlaceReturnReason, context: CommandContext): Promise<void> {
    const held = window ?? (await loads.windowOf(orderId));
    if (held) await windows.giveBack(held, orderId, reason, context);
  }

  return { take, giveBack };
}

export type WindowPlace = ReturnType<typeof createWindowPlace>;
