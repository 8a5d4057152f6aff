import ListGroup from 'react-bootstrap/ListGroup';
import { useSquareProductImages } from '../menu/useSquareProductImages';
import type { Cart } from './cartApi';
import { visibleLines } from './cartFigures';
import { CartRow } from './CartRow';

export function CartLines({ cart, cartLabel }: { cart: Cart; cartLabel: string }) {
  const squareArea = useSquareProductImages<HTMLUListElement>();

  return (
    <ListGroup as="ul" variant="flush" aria-label={`${cartLabel} items`} {...squareArea} data-testid="cart-lines">
      {visibleLines(cart).map((item) => (
        <CartRow key={`${item.id}-${item.variant_id ?? ''}`} item={item} cartLabel={cartLabel} />
      ))}
    </ListGroup>
  );
}
