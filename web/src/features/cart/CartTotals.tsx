import { formatPence } from '../../app/money';
import type { Cart } from './cartApi';
import { isCartEmpty, totalItems, totalPrice } from './cartFigures';
import { ClearCartButton } from './ClearCartButton';

/** Below the rows: Total Items, the clear-cart icon and Total Price. */
export function CartTotals({ cart }: { cart: Cart | undefined }) {
  return (
    <div className="d-flex flex-wrap justify-content-between align-items-center gap-3 py-3 border-bottom">
      <div>
        Total Items: <strong data-testid="total-items">{cart ? totalItems(cart) : 0}</strong>
      </div>
      {!isCartEmpty(cart) && <ClearCartButton />}
      <div>
        Total Price: <strong data-testid="total-price">{formatPence(cart ? totalPrice(cart) : 0)}</strong>
      </div>
    </div>
  );
}
