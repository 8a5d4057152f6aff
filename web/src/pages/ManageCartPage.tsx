import Spinner from 'react-bootstrap/Spinner';
import { Link } from 'react-router';
import { CartLines } from '../features/cart/CartLines';
import { CartTotals } from '../features/cart/CartTotals';
import { CheckoutArea } from '../features/cart/CheckoutArea';
import { OrderingClosedNotice } from '../features/cart/OrderingClosedNotice';
import { OrderNote } from '../features/cart/OrderNote';
import { useGetCartQuery } from '../features/cart/cartApi';
import { isCartEmpty } from '../features/cart/cartFigures';
import { useReopenBasket } from '../features/cart/useReopenBasket';
import { CannotPayNotice } from '../features/checkout/CannotPayNotice';
import { useCanPay } from '../features/checkout/useCanPay';
import { useClosedStoreRedirect } from '../features/checkout/useClosedStoreRedirect';
import { useShopSettings } from '../features/settings/useShopSettings';

/** /manageCart, the basket page (spec §2 "Manage-cart page"). */
export function ManageCartPage() {
  useReopenBasket();
  const settings = useShopSettings();
  const { data: cart, isLoading } = useGetCartQuery();
  const closed = useClosedStoreRedirect();
  const canPay = useCanPay(settings.isLoaded && !closed);
  const { cartLabel } = settings;

  if (!settings.isLoaded || isLoading) {
    return (
      <Spinner animation="border" role="status">
        <span className="visually-hidden">Loading your {cartLabel}…</span>
      </Spinner>
    );
  }
  if (closed) return <OrderingClosedNotice />;
  if (isCartEmpty(cart)) {
    // Issue 32: nothing to note, collect or check out yet; the way back to the dishes instead.
    return (
      <section data-testid="manage-cart">
        {canPay === false && <CannotPayNotice />}
        <h1 className="h3 mb-3" data-testid="manage-cart-heading">
          Your {cartLabel} is empty
        </h1>
        <CartTotals cart={cart} />
        <p className="mt-3">
          <Link to="/" className="btn btn-primary" data-testid="back-to-menu">
            See the menu
          </Link>
        </p>
      </section>
    );
  }

  return (
    <section data-testid="manage-cart">
      {canPay === false && <CannotPayNotice />}
      <h1 className="h3 mb-3" data-testid="manage-cart-heading">
        Your {cartLabel}
      </h1>
      {cart && <CartLines cart={cart} cartLabel={cartLabel} />}
      <CartTotals cart={cart} />
      <OrderNote />
      {canPay === true && <CheckoutArea />}
    </section>
  );
}
