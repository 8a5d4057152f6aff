import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { canBeAdded, type Product } from './menuApi';
import { VariantsModal } from './VariantsModal';

/** For a product with variants: opens the variants modal, where the shopper picks which one to add. */
export function ChooseVariantButton({ product, size }: { product: Product; size?: 'sm' | 'lg' }) {
  const [choosing, setChoosing] = useState(false);
  const inStock = canBeAdded(product);

  return (
    <>
      <Button
        variant="primary"
        size={size}
        disabled={!inStock}
        title={inStock ? undefined : 'no more stock'}
        aria-label={`Choose ${product.name}`}
        aria-haspopup="dialog"
        onClick={() => setChoosing(true)}
        data-testid="choose-variant"
        data-product-id={product.id}
      >
        Choose
      </Button>
      <VariantsModal product={product} show={choosing} onHide={() => setChoosing(false)} />
    </>
  );
}
