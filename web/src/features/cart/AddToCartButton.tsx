import Button from 'react-bootstrap/Button';
import { canBeAdded, type Product } from '../menu/menuApi';
import { useAddToCart } from './useAddToCart';

const CLOSED_TITLE = "Sorry, we're closed & not taking orders right now";

/** Adds one unit of a product without variants. */
export function AddToCartButton({ product, size }: { product: Product; size?: 'sm' | 'lg' }) {
  const { addToCart, isProcessing, isOrderingBlocked, cartLabel } = useAddToCart();
  const inStock = canBeAdded(product);
  const title = !inStock ? 'no more stock' : isOrderingBlocked ? CLOSED_TITLE : undefined;

  return (
    <Button
      variant="primary"
      size={size}
      disabled={isProcessing || !inStock || isOrderingBlocked}
      title={title}
      aria-label={`Add ${product.name} to ${cartLabel}`}
      onClick={() => addToCart(product)}
      data-testid="add-to-cart"
      data-product-id={product.id}
    >
      {isProcessing ? 'Adding…' : `Add to ${cartLabel}`}
    </Button>
  );
}
