import Button from 'react-bootstrap/Button';
import { TrashIcon } from '../../components/icons/TrashIcon';
import { useShopSettings } from '../settings/useShopSettings';
import { useClearCartMutation } from './cartApi';

/** The trash icon: gives every unit back to stock and empties the basket. */
export function ClearCartButton() {
  const { cartLabel } = useShopSettings();
  const [clearCart, { isLoading }] = useClearCartMutation();
  const label = `Clear ${cartLabel}`;

  return (
    <Button
      variant="outline-danger"
      size="sm"
      title={label}
      aria-label={label}
      disabled={isLoading}
      onClick={() => clearCart()}
      data-testid="clear-cart"
    >
      <TrashIcon />
    </Button>
  );
}
