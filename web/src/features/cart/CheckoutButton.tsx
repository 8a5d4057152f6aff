import Button from 'react-bootstrap/Button';
import { useNavigate } from 'react-router';
import { useAppDispatch } from '../../app/hooks';
import { showDialog } from '../dialog/dialogSlice';
import { useShopSettings } from '../settings/useShopSettings';
import { useGetCartQuery } from './cartApi';
import { holdsNothing } from './cartFigures';

/** Outside takeaway mode the checkout area is this one button. Saving the order arrives with the checkout issue. */
export function CheckoutButton() {
  const { cartLabel } = useShopSettings();
  const { data: cart } = useGetCartQuery();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();

  const checkout = () => {
    if (holdsNothing(cart)) {
      dispatch(showDialog({ title: 'Sorry', message: `${cartLabel} is Empty`, look: 'info' }));
      return;
    }
    navigate('/checkout');
  };

  return (
    <Button variant="success" size="lg" onClick={checkout} data-testid="checkout">
      Checkout
    </Button>
  );
}
