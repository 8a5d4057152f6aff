import Button from 'react-bootstrap/Button';
import { canBeAdded, type Product } from '../menu/menuApi';
import { addButtonTitle } from './addButtonTitle';
import { useAddToCart } from './useAddToCart';

/** Adds one unit of a product without variants. */
export function AddToCartButton({ product, size }: { product: Product; size?: 'sm' | 'lg' }) {
  const { addToCart, isProcessing, ordering, cartLabel } = useAddToCart();
  const disabledBecause = addButtonTitle({ ordering, isProcessing, inStock: canBeAdded(product) });

  return (
    <Button
      variant="primary"
      size={size}
      disabled={disabledBecause !== undefined}
      title={disabledBecause}
      onClick={() => addToCart(product)}
      data-testid="add-to-cart"
      data-product-id={product.id}
    >
      {/* The spoken name starts with the words on the button (voice control users say what they see). */}
      {isProcessing ? 'Adding…' : `Add to ${cartLabel}`}
      <span className="visually-hidden">: {product.name}</span>
    </Button>
  );
}
