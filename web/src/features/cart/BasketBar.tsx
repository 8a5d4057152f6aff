import { Link } from 'react-router';
import { formatPence } from '../../app/money';
import { useShopSettings } from '../settings/useShopSettings';
import { useGetCartQuery } from './cartApi';
import { cartSignature, totalItems, totalPrice } from './cartFigures';
import { usePulseOnChange } from './usePulseOnChange';
import './BasketBar.css';

/**
 * Issue 32: on a phone, once the basket holds something, a bar at the foot of the menu's screen says what is in
 * it and leads to it: "View Cart · 3 items · £18.40". It pulses with every change, like the header widget.
 * From 768 px the summary panel beside the menu does this job.
 */
export function BasketBar() {
  const { cartLabel } = useShopSettings();
  const { data: cart } = useGetCartQuery();
  const { pulsing, pulseKey } = usePulseOnChange(cart && cartSignature(cart));
  const items = cart ? totalItems(cart) : 0;
  if (!cart || items === 0) return null;

  return (
    <div className="basket-bar d-md-none" data-testid="basket-bar">
      {/* The same link through every pulse (a keyboard's focus stays on it); each pulse restarts its animation
          by taking the other of two identical ones (BasketBar.css). */}
      <Link
        to="/manageCart"
        className={`btn btn-primary basket-bar-link ${pulsing ? `basket-bar-pulse ${pulseKey % 2 === 0 ? 'basket-bar-pulse-again' : ''}` : ''}`}
        data-pulsing={pulsing}
        data-testid="basket-bar-link"
      >
        <span>View {cartLabel}</span>
        <span aria-hidden="true">·</span>
        <span data-testid="basket-bar-count">
          {items} {items === 1 ? 'item' : 'items'}
        </span>
        <span aria-hidden="true">·</span>
        <span className="fw-bold" data-testid="basket-bar-total">
          {formatPence(totalPrice(cart))}
        </span>
      </Link>
    </div>
  );
}
