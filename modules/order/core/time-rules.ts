import { minutesAfter } from '../../../src/core/clock';
import { DomainError } from '../../../src/core/errors';
import { slotFullText, slotGoneText } from '../../../src/shared/order-time';
import { dueByFrom, type DeliveryMinutesKey, type StoreStatus } from '../../../src/shared/store-status';
import type { InCheckout } from './state';

/** How many other slots a refusal offers. */
const OFFERED_INSTEAD = 2;

/** The slots after `chosen` that have room, at most two: what a refusal offers instead. */
export function nextSlotsAfter(chosen: string, slots: readonly string[]): string[] {
  return slots.filter((slot) => slot > chosen).slice(0, OFFERED_INSTEAD);
}

/**
 * A slot booked must still be offered when the order is placed (issue 37): one that passed or left the hours while
 * the customer was at the checkout is refused with the next ones that have room; with `bookable` (the slots with
 * room), a full one is refused as full. At placing only the hours are checked here: the window's own stream says
 * whether it is full (the placing sequence's capacity step).
 */
export function assertSlotStands(order: Pick<InCheckout, 'scheduledFor'>, slots: readonly string[] | undefined, bookable?: readonly string[]): void {
  const chosen = order.scheduledFor;
  if (!chosen) return;
  const withRoom = bookable ?? slots ?? [];
  if (!(slots ?? []).includes(chosen)) throw new DomainError('conflict', slotGoneText(chosen, nextSlotsAfter(chosen, withRoom)));
  if (!withRoom.includes(chosen)) throw new DomainError('conflict', slotFullText(chosen, nextSlotsAfter(chosen, withRoom)));
}

/**
 * The kitchen's promise when an order is paid: as soon as possible, the paid time plus the store status's
 * minutes, or the start of the later window it found room in (`window`); for later, its slot (or later still, if paid too late for it), and it waits as SCHEDULED until the
 * slot less the preparation lead (`releaseAt`, only when that is still to come).
 */
export function promiseOf(
  scheduledFor: string | null | undefined,
  paid: { now: string; storeStatus: StoreStatus; deliveryMinutes: Record<DeliveryMinutesKey, number>; leadMinutes?: number },
  window?: string | null,
): { dueBy: string; releaseAt?: string } {
  const soonest = dueByFrom(paid.now, paid.storeStatus, paid.deliveryMinutes);
  if (!scheduledFor) return { dueBy: window && window > soonest ? window : soonest };
  const dueBy = scheduledFor > soonest ? scheduledFor : soonest;
  const releaseAt = minutesAfter(scheduledFor, -(paid.leadMinutes ?? 0));
  return releaseAt > paid.now ? { dueBy, releaseAt } : { dueBy };
}
