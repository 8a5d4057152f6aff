import type { CartLineRow } from './basket-lines';
import { foldStoredStock, holdKey, storedHold, type StockEvent, type StockState } from '../stock';

const REMEMBERED_BASKETS = 10_000;

export type LineKey = { productId: number; variantId: number | null };

/**
 * Baskets opened by this process, with the order their lines were added in. Every change to such a basket
 * goes through this process (the shop runs as one; with several instances, behind sticky sessions), so its
 * lines can be read from the stock module's in-memory state at once, instead of waiting for the carts read
 * model to catch up with a change answered a moment ago. Any other basket is read from the read model.
 */
export class KnownBaskets {
  private readonly baskets = new Map<string, LineKey[]>();

  opened(cartId: string): void {
    this.baskets.set(cartId, []);
    if (this.baskets.size > REMEMBERED_BASKETS) this.baskets.delete(this.baskets.keys().next().value!);
  }

  forget(cartId: string): void {
    this.baskets.delete(cartId);
  }

  /**
   * After a move: a line that now holds nothing leaves the list; a line whose hold was just created goes to
   * the end, as the read model orders a line by when its hold began (`holdBegan` says).
   */
  moved(cartId: string, line: LineKey, held: number, holdCreated: boolean): void {
    const lines = this.baskets.get(cartId);
    if (!lines) return;
    const index = lines.findIndex((known) => known.productId === line.productId && known.variantId === line.variantId);
    if (index >= 0 && (held === 0 || holdCreated)) lines.splice(index, 1);
    if (held > 0 && (index < 0 || holdCreated)) lines.push({ productId: line.productId, variantId: line.variantId });
  }

  /** Which dishes the basket has lines of (in the order added), or undefined for a basket this process did not open. */
  dishes(cartId: string): readonly LineKey[] | undefined {
    return this.baskets.get(cartId);
  }

  /** The basket's lines from the stock held for it, or undefined for a basket this process did not open. */
  async lines(cartId: string, stockOf: (productId: number) => Promise<StockState>): Promise<CartLineRow[] | undefined> {
    const lines = this.baskets.get(cartId);
    if (!lines) return undefined;
    const rows: CartLineRow[] = [];
    // A copy: another request may add a line to this basket while this loop awaits the stock.
    // oxlint-disable-next-line unicorn/no-useless-spread
    for (const { productId, variantId } of [...lines]) {
      const hold = (await stockOf(productId)).holds[holdKey(cartId, variantId)];
      // A hold swept away after it lapsed is gone from the basket, as it is from the read model.
      if (hold && hold.quantity > 0) rows.push({ productId, variantId, quantity: hold.quantity, holdUntil: new Date(hold.holdUntil) });
    }
    return rows;
  }
}

/**
 * Whether a move's events began the line's hold afresh (none before, or a lapsed one given back first), by the
 * stock module's own fold from the line as it was: the carts read model places its lines by the same fold.
 */
export function holdBegan(cartId: string, dish: LineKey, was: CartLineRow | undefined, events: readonly StockEvent[]): boolean {
  const key = holdKey(cartId, dish.variantId);
  const holds = was ? { [key]: storedHold(cartId, dish.variantId, was.quantity, was.holdUntil.toISOString()) } : {};
  let began = false;
  foldStoredStock({ units: {}, par: {}, holds }, events, (begun) => {
    if (begun === key) began = true;
  });
  return began;
}
