import { evolveStock, type StockState } from './decider';
import type { StockEvent } from './events';

/** A variant of one product whose shelf reached none (key as `variantKey`), and when it had units again. */
export interface SoldOutMoment {
  variantKey: string;
  soldOutAt: string;
  backAt: string | null;
}

/**
 * When a product's shelf ran out within [from, to): the moment an event took a variant's units from some to none,
 * and the first later moment before `to` that gave it units again (null if none did that day). Folded from the
 * product's whole stream (its events with their times, in order) with the decider's own `evolveStock`, so a past
 * day reads the same whatever came after it. Holds do not count: a dish held in baskets is not yet sold.
 */
export function soldOutMoments(events: ReadonlyArray<{ event: StockEvent; at: string }>, from: Date, to: Date): SoldOutMoment[] {
  let state: StockState = { units: {}, holds: {}, sold: {}, returned: {}, par: {}, startedDay: {} };
  const moments: SoldOutMoment[] = [];
  const open = new Map<string, SoldOutMoment>();
  for (const { event, at } of events) {
    const when = Date.parse(at);
    if (when >= to.getTime()) break;
    const next = evolveStock(state, event);
    for (const key of new Set([...Object.keys(state.units), ...Object.keys(next.units)])) {
      const before = state.units[key] ?? 0;
      const after = next.units[key] ?? 0;
      if (before > 0 && after <= 0 && when >= from.getTime()) {
        const moment = { variantKey: key, soldOutAt: at, backAt: null };
        moments.push(moment);
        open.set(key, moment);
      } else if (before <= 0 && after > 0 && open.has(key)) {
        open.get(key)!.backAt = at;
        open.delete(key);
      }
    }
    state = next;
  }
  return moments;
}
