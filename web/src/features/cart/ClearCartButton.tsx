import { useEffect, useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import { TrashIcon } from '../../components/icons/TrashIcon';
import { useShopSettings } from '../settings/useShopSettings';
import { useClearCartMutation, useGetCartQuery } from './cartApi';
import { totalItems } from './cartFigures';

/**
 * The trash icon: gives every unit back to stock and empties the basket, once the customer says so (issue 32:
 * "Remove all 4 items?"), since one tap would otherwise lose a whole order.
 */
export function ClearCartButton() {
  const { cartLabel } = useShopSettings();
  const { data: cart } = useGetCartQuery();
  const [clearCart, { isLoading }] = useClearCartMutation();
  const [asking, setAsking] = useState(false);
  const keepRef = useRef<HTMLButtonElement>(null);
  const label = `Clear ${cartLabel}`;
  const items = cart ? totalItems(cart) : 0;

  useEffect(() => {
    if (asking) keepRef.current?.focus();
  }, [asking]);

  if (asking) {
    return (
      <span role="group" aria-labelledby="clear-cart-question" className="d-inline-flex flex-wrap align-items-center gap-2" data-testid="clear-cart-confirm">
        <span id="clear-cart-question" className="small fw-semibold">
          {items === 1 ? 'Remove the 1 item?' : `Remove all ${items} items?`}
        </span>
        <Button
          variant="danger"
          size="sm"
          disabled={isLoading}
          onClick={async () => {
            await clearCart();
            setAsking(false);
          }}
          data-testid="clear-cart-yes"
        >
          Remove all
        </Button>
        <Button ref={keepRef} variant="outline-secondary" size="sm" onClick={() => setAsking(false)}>
          Keep them
        </Button>
      </span>
    );
  }

  return (
    <Button variant="outline-danger" size="sm" title={label} aria-label={label} disabled={isLoading} onClick={() => setAsking(true)} data-testid="clear-cart">
      <TrashIcon />
    </Button>
  );
}
