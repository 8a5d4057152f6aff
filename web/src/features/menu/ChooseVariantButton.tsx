import { Suspense, useState } from 'react';
import { loadLater } from '../../app/loadLater';
import Button from 'react-bootstrap/Button';
import { addButtonTitle } from '../cart/addButtonTitle';
import { useOrderingState } from '../settings/useShopSettings';
import { canBeAdded, type Product } from './menuApi';

const VariantsModal = loadLater(() => import('./VariantsModal').then((module) => module.VariantsModal));

/** For a product with variants: opens the variants modal, where the shopper picks which one to add. */
export function ChooseVariantButton({ product, size }: { product: Product; size?: 'sm' | 'lg' }) {
  const [choosing, setChoosing] = useState(false);
  const [opened, setOpened] = useState(false);
  if (choosing && !opened) setOpened(true);
  const disabledBecause = addButtonTitle({ ordering: useOrderingState(), isProcessing: false, inStock: canBeAdded(product) });

  return (
    <>
      <Button
        variant="primary"
        size={size}
        disabled={disabledBecause !== undefined}
        title={disabledBecause}
        aria-haspopup="dialog"
        onClick={() => setChoosing(true)}
        data-testid="choose-variant"
        data-product-id={product.id}
      >
        Choose<span className="visually-hidden">: {product.name}</span>
      </Button>
      {opened && (
        <Suspense fallback={null}>
          <VariantsModal product={product} show={choosing} onHide={() => setChoosing(false)} />
        </Suspense>
      )}
    </>
  );
}
