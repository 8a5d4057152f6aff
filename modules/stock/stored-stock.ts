import { availableUnits, evolveStock, holdKey, variantKey, type Hold, type StockState } from './decider';
import type { StockEvent } from './events';

/**
 * What a read model keeps of one product's stock: units on the shelf and par levels per variant key, and the
 * baskets' holds by `holdKey` (some of them: a read model loads only the ones a batch touches).
 */
export interface StoredStock {
  units: Record<string, number>;
  par: Record<string, number>;
  holds: Record<string, Hold>;
}

/**
 * A hold as a read model stores it. When it began is not stored: it only bounds a renewal, which the decider
 * decides on its own state; the read side only carries it through the fold.
 */
export function storedHold(cartId: string, variantId: number | null, quantity: number, holdUntil: string): Hold {
  return { cartId, variantId, quantity, holdUntil, heldSince: holdUntil };
}

/**
 * One product's events folded onto what a read model stored of it, with the decider's own `evolveStock`: the
 * one stock fold, so the menu and basket read models hold what the decider's state holds (the property test
 * test/projections/stock-fold.test.ts checks it). `began(key, index)` hears each hold that the event at `index`
 * started afresh (none before it, or emptied by an earlier event): a basket orders its lines by that.
 */
export function foldStoredStock(
  stored: StoredStock,
  events: readonly StockEvent[],
  began: (key: string, index: number) => void = () => undefined,
): StoredStock {
  let state = stateOf(stored);
  events.forEach((event, index) => {
    const next = evolveStock(state, event);
    if (event.type === 'StockReserved') {
      const key = holdKey(event.data.cartId, event.data.variantId);
      if (!state.holds[key] && next.holds[key]) began(key, index);
    }
    state = next;
  });
  return { units: state.units, par: state.par, holds: state.holds };
}

/**
 * Units of a variant on the shelf for others at `now` (the decider's `availableUnits`), in what a read model
 * loaded, where `heldElsewhere` units are held by active holds it did not load.
 */
export function storedAvailable(stored: StoredStock, variantId: number | null, now: string, heldElsewhere = 0): number {
  const key = variantKey(variantId);
  return availableUnits({ ...stateOf(stored), units: { [key]: (stored.units[key] ?? 0) - heldElsewhere } }, variantId, now);
}

function stateOf(stored: StoredStock): StockState {
  return { units: stored.units, par: stored.par, holds: stored.holds, sold: {}, returned: {}, startedDay: {} };
}
