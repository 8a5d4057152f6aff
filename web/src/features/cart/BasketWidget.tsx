import { Link } from 'react-router';
import { formatPence } from '../../app/money';
import { BasketIcon } from '../../components/icons/BasketIcon';
import { useShopSettings } from '../settings/useShopSettings';
import { useGetCartQuery } from './cartApi';
import { cartSignature, totalItems, totalPrice } from './cartFigures';
import { usePulseOnChange } from './usePulseOnChange';
import './BasketWidget.css';

/** Spec §2 "Header basket widget". */
export function BasketWidget() {
  const { cartLabel } = useShopSettings();
  const { data: cart, isLoading, isUninitialized } = useGetCartQuery();
  const { pulsing, pulseKey } = usePulseOnChange(cart && cartSignature(cart));
  const loadingDone = !isLoading && !isUninitialized;

  return (
    <Link
      to="/manageCart"
      title={`Manage ${cartLabel}`}
      className={`btn btn-outline-light d-inline-flex align-items-center gap-2 ${loadingDone ? 'visible' : 'invisible'}`}
      data-testid="basket-widget"
      data-pulsing={pulsing}
    >
      <span className="visually-hidden">Manage {cartLabel}: </span>
      <span key={pulseKey} className={`d-inline-flex ${pulsing ? 'basket-pulse' : ''}`}>
        <BasketIcon size="1.25em" />
      </span>
      {cart ? (
        <>
          <span className="badge text-bg-light" data-testid="basket-count">
            {totalItems(cart)}
          </span>
          <span className="visually-hidden"> items, </span>
          <span data-testid="basket-total">{formatPence(totalPrice(cart))}</span>
        </>
      ) : (
        // The spec's placeholder, spaced as wide as an empty basket's figures: the header does not move when the
        // basket arrives, and a basket that could not be read is not shown as empty.
        <>
          <span className="badge text-bg-light invisible" aria-hidden="true">
            0
          </span>
          <span data-testid="basket-total">
            £<span className="invisible" aria-hidden="true">0.00</span>
          </span>
        </>
      )}
    </Link>
  );
}
