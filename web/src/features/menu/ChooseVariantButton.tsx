import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { addButtonTitle } from '../cart/addButtonTitle';
import { useOrderingBlocked } from '../settings/useShopSettings';
import { canBeAdded, type Product } from './menuApi';
import { VariantsModal } from './VariantsModal';

/** For a product with variants: opens the variants modal, where the shopper picks which one to add. */
export function ChooseVariantButton({ product, size }: { product: Product; size?: 'sm' | 'lg' }) {
  const [choosing, setChoosing] = useState(false);
  const isOrderingBlocked = useOrderingBlocked();
  const disabledBecause = addButtonTitle({ isOrderingBlocked, isProcessing: false, inStock: canBeAdded(product) });

  return (
    <>
      <Button
        variant="primary"
        size={size}
        disabled={disabledBecause !== undefined}
        title={disabledBecause}
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
