import { Link } from 'react-router';

/** /checkout: a placeholder until the checkout issue builds the page (mount point checkout-wrapper). */
export function CheckoutPage() {
  return (
    <section id="checkout-wrapper" data-testid="checkout-page">
      <h1 className="h3">Checkout</h1>
      <p className="text-body-secondary">Checkout comes with the checkout issue.</p>
      <p>
        <Link to="/manageCart">Back to your basket</Link>
      </p>
    </section>
  );
}
