import { useEffect, useState } from 'react';
import Button from 'react-bootstrap/Button';
import { canBeAdded, type Product } from '../menu/menuApi';
import { addButtonTitle } from './addButtonTitle';
import { useAddToCart } from './useAddToCart';

/** How long the "Added" note stays beside the tapped button. */
const ADDED_NOTE_MS = 1500;

/** Adds one unit of a product without variants; a short "Added" beside it confirms (the live region speaks it). */
export function AddToCartButton({ product, size }: { product: Product; size?: 'sm' | 'lg' }) {
  const { addToCart, isProcessing, ordering, cartLabel } = useAddToCart();
  const disabledBecause = addButtonTitle({ ordering, isProcessing, inStock: canBeAdded(product) });
  const [added, setAdded] = useState(0);
  useEffect(() => {
    if (added === 0) return undefined;
    const timer = setTimeout(() => setAdded(0), ADDED_NOTE_MS);
    return () => clearTimeout(timer);
  }, [added]);

  return (
    <span className="add-to-cart-wrap">
      <Button
        variant="primary"
        size={size}
        disabled={disabledBecause !== undefined}
        title={disabledBecause}
        onClick={async () => {
          if (await addToCart(product)) setAdded((count) => count + 1);
        }}
        data-testid="add-to-cart"
        data-product-id={product.id}
      >
        {/* The spoken name starts with the words on the button (voice control users say what they see). */}
        {isProcessing ? 'Adding…' : `Add to ${cartLabel}`}
        <span className="visually-hidden">: {product.name}</span>
      </Button>
      {added > 0 && (
        <span key={added} className="added-note" aria-hidden="true" data-testid="added-note">
          ✓ Added
        </span>
      )}
    </span>
  );
}
