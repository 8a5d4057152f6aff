import Card from 'react-bootstrap/Card';
import { Link } from 'react-router';
import { formatPence } from '../../app/money';
import { useShopSettings } from '../settings/useShopSettings';
import { useGetCartQuery } from './cartApi';
import { isCartEmpty, totalItems, totalPrice } from './cartFigures';
import { ClearCartButton } from './ClearCartButton';
import { SummaryCheckoutLink } from './SummaryCheckoutLink';

/** Spec §2 "Cart summary panel". */
export function CartSummaryPanel() {
  const { cartLabel } = useShopSettings();
  const { data: cart } = useGetCartQuery();
  const empty = isCartEmpty(cart);

  return (
    <Card as="aside" aria-label={`${cartLabel} summary`} className="mb-3" data-testid="cart-summary">
      <Card.Body>
        <div className="d-flex justify-content-between align-items-center mb-2">
          <Card.Title as="h2" className="h5 mb-0">
            {cartLabel}
          </Card.Title>
          {!empty && <ClearCartButton />}
        </div>
        <dl className="row mb-2">
          <dt className="col-6 fw-normal">Quantity</dt>
          <dd className="col-6 text-end mb-0" data-testid="summary-quantity">
            {cart ? totalItems(cart) : 0}
          </dd>
          <dt className="col-6 fw-normal">Price</dt>
          <dd className="col-6 text-end mb-0" data-testid="summary-price">
            {formatPence(cart ? totalPrice(cart) : 0)}
          </dd>
        </dl>
        {!empty && (
          <div className="d-flex justify-content-between">
            <Link to="/manageCart" data-testid="summary-manage-cart">
              Manage {cartLabel}
            </Link>
            <SummaryCheckoutLink />
          </div>
        )}
      </Card.Body>
    </Card>
  );
}
