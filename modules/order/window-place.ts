import type { CommandContext } from '../../src/core/decider';
import { DomainError } from '../../src/core/errors';
import type { Services } from '../../src/services';
import { WindowFull, type KitchenWindows, type PlaceReturnReason, type WindowLoads } from '../capacity';
import { deliveryMinutesFor, KITCHEN_FULL_TEXT, readSettings, SLOT_MINUTES, slotFullText, windowOf } from '../store';
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
    const settings = await readSettings(services.settings, ['window_order_cap', 'order_status', 'open_delivery_minutes', 'busy_delivery_minutes', 'slammed_delivery_minutes']);
    const cap = settings.window_order_cap;
    if (cap === 0) return null;
    // A placing repeated after a crash keeps the place it took (taking it again is a no-op on the window's stream;
    // one the read model still shows but given back meanwhile is taken again, or the search goes on as usual).
    const held = await loads.windowOf(order.orderId);
    if (held && (await tookPlace(held, order.orderId, cap, context))) return held;
    if (order.scheduledFor) {
      if (await tookPlace(order.scheduledFor, order.orderId, cap, context)) return order.scheduledFor;
      const others = (await slots.offer(new Date(context.now))).slots.filter((slot) => slot !== order.scheduledFor);
      throw new DomainError('conflict', slotFullText(order.scheduledFor, nextSlotsAfter(order.scheduledFor, others)));
    }
    const waitMinutes = deliveryMinutesFor(settings.order_status, settings);
    const first = Date.parse(windowOf(new Date(Date.parse(context.now) + waitMinutes * 60_000)));
    for (let index = 0; index < ASAP_WINDOWS; index++) {
      const window = new Date(first + index * SLOT_MINUTES * 60_000).toISOString();
      if (await tookPlace(window, order.orderId, cap, context)) return window;
    }
    throw new DomainError('conflict', KITCHEN_FULL_TEXT);
  }

  /** Takes a place in `window`, or answers false when it is full. */
  async function tookPlace(window: string, orderId: string, cap: number, context: CommandContext): Promise<boolean> {
    try {
      await windows.take(window, orderId, cap, context);
      return true;
    } catch (error) {
      if (error instanceof WindowFull) return false;
      throw error;
    }
  }

  /** The step's undo, and the give-back of a cancelled, lapsed or refunded order: safe whatever was taken, and to repeat. */
  async function giveBack(orderId: string, window: string | null | undefined, reason: PlaceReturnReason, context: CommandContext): Promise<void> {
    const held = window ?? (await loads.windowOf(orderId));
    if (held) await windows.giveBack(held, orderId, reason, context);
  }

  return { take, giveBack };
}

export type WindowPlace = ReturnType<typeof createWindowPlace>;
