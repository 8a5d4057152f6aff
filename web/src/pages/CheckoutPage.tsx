import Alert from 'react-bootstrap/Alert';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import Spinner from 'react-bootstrap/Spinner';
import { CheckoutErrors } from '../features/checkout/CheckoutErrors';
import { checkoutProblem } from '../features/checkout/checkoutProblem';
import { CheckoutSteps } from '../features/checkout/CheckoutSteps';
import { DeliveryChargeBands } from '../features/checkout/DeliveryChargeBands';
import { CLOSED_NOTICE, useClosedStoreRedirect } from '../features/checkout/useClosedStoreRedirect';
import { ExtraOrderInfo } from '../features/order/ExtraOrderInfo';
import { OrderSummary } from '../features/order/OrderSummary';
import { OrderTimeChoice } from '../features/order/OrderTimeChoice';
import { useCheckoutOrder } from '../features/order/useCheckoutOrder';
import { useCheckoutSettings } from '../features/settings/useCheckoutSettings';
import { useShopSettings } from '../features/settings/useShopSettings';

function Waiting({ label }: { label: string }) {
  return (
    <div className="text-center py-3">
      <Spinner animation="border" role="status">
        <span className="visually-hidden">{label}</span>
      </Spinner>
    </div>
  );
}

/** /checkout (mount point checkout-wrapper), in the order of spec §2 "Checkout page". */
export function CheckoutPage() {
  const shop = useShopSettings();
  const settings = useCheckoutSettings();
  const closed = useClosedStoreRedirect();
  const settingsLoaded = shop.isLoaded && settings.isLoaded;
  const { order, isLoading, noOrder, failed } = useCheckoutOrder(settingsLoaded && !closed);
  const problem = checkoutProblem(order, { noOrder, failed }, shop.isTakeaway);
  const canGoOn = order?.status === 'checkout' && problem === null && !closed;

  return (
    <Row as="section" id="checkout-wrapper" className="justify-content-center" data-testid="checkout-page">
      <Col lg={8}>
        <h1 className="h3 mb-3">Checkout</h1>
        <CheckoutErrors problem={problem} cartLabel={shop.cartLabel} />
        {closed && (
          <Alert variant="warning" data-testid="checkout-closed">
            {CLOSED_NOTICE}
          </Alert>
        )}
        {(!settingsLoaded || isLoading) && <Waiting label="Loading your order…" />}
        {order && !closed && (
          <>
            <OrderSummary order={order} caption="Your order" testId="checkout-summary" removableVoucher={order.status === 'checkout'} />
            <ExtraOrderInfo note={order.extra_info} />
            {shop.isTakeaway && <DeliveryChargeBands />}
            {settings.checkoutIntro && (
              <p className="lead fs-6" data-testid="checkout-intro">
                {settings.checkoutIntro}
              </p>
            )}
            {canGoOn && <OrderTimeChoice order={order} />}
            {canGoOn ? (
              <CheckoutSteps
                order={order}
                isTakeaway={shop.isTakeaway}
                collectFrom={settings.fullAddress}
                phoneNoDisplay={settings.phoneNoDisplay}
              />
            ) : (
              problem === null && !closed && <Waiting label="Getting your order ready…" />
            )}
          </>
        )}
      </Col>
    </Row>
  );
}
