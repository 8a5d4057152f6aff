/**
 * When an order is for (issue 37): as soon as possible, or a 15-minute slot the customer chose. The words every
 * surface shows for it (checkout, order-complete, mail, kitchen row, ticket), on London's 24-hour clock; the
 * slots themselves are the store module's rule (modules/store/slots.ts).
 */
import { londonDate, londonDayMonthLabel, londonTime, londonWeekdayShort } from './london-time';

export const SLOT_MINUTES = 15;
export const ASAP_TEXT = 'As soon as possible';

/** 'FRI' for an instant on a Friday in London. */
export function slotWeekday(slot: string): string {
  return londonWeekdayShort(slot).toUpperCase();
}

/** The ticket's and the kitchen row's words: '19:30 FRI'. */
export function slotLabel(slot: string): string {
  return `${londonTime(slot)} ${slotWeekday(slot)}`;
}

/** The ticket's big line: 'FOR 19:30 FRI'. */
export function ticketTimeLine(slot: string): string {
  return `FOR ${slotLabel(slot)}`;
}

/** A customer's words for a slot: 'Friday 27 November at 19:30'. */
export function slotLongLabel(slot: string): string {
  return `${londonDayMonthLabel(slot)} at ${londonTime(slot)}`;
}

/** What the customer is told an order is for. */
export function orderTimeText(scheduledFor: string | null): string {
  return scheduledFor ? `For ${slotLongLabel(scheduledFor)}` : ASAP_TEXT;
}

/** '19:45 and 20:00', '19:45, 20:00 and 20:15' (a day apart from `from`'s London date is named). */
export function slotListText(slots: readonly string[], from?: string): string {
  const words = slots.map((slot) => (from && londonDate(slot) !== londonDate(from) ? slotLabel(slot) : londonTime(slot)));
  return words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

const roomText = (next: readonly string[], chosen: string) =>
  next.length === 0 ? 'no other time today has room: please order as soon as possible or try again later' : `${slotListText(next, chosen)} ${next.length === 1 ? 'has' : 'have'} room`;

/** A slot the kitchen filled while the customer was at the checkout: '19:30 is full; 19:45 and 20:00 have room'. */
export function slotFullText(chosen: string, next: readonly string[]): string {
  return `${londonTime(chosen)} is full; ${roomText(next, chosen)}`;
}

/** A slot that passed (or left the opening hours) while the customer was at the checkout. */
export function slotGoneText(chosen: string, next: readonly string[]): string {
  return `${londonTime(chosen)} can no longer be booked; ${roomText(next, chosen)}`;
}

/** ASAP with the kitchen's windows full as far as it looks. */
export const KITCHEN_FULL_TEXT = 'The kitchen is fully booked for now: please choose a later time';
