import ListGroup from 'react-bootstrap/ListGroup';
import type { Cart } from './cartApi';
import { visibleLines } from './cartFigures';
import { CartRow } from './CartRow';

export function CartLines({ cart, cartLabel }: { cart: Cart; cartLabel: string }) {
  return (
    <ListGroup as="ul" variant="flush" aria-label={`${cartLabel} items`}>
      {visibleLines(cart).map((item) => (
        <CartRow key={`${item.id}-${item.variant_id ?? ''}`} item={item} cartLabel={cartLabel} />
      ))}
    </ListGroup>
  );
}
