import Button from 'react-bootstrap/Button';
import { ArrowIcon } from '../../components/icons/ArrowIcon';
import type { CartItem } from './cartApi';
import { heldQuantity } from './cartFigures';

interface QuantityControlProps {
  item: CartItem;
  itemName: string;
  isProcessing: boolean;
  /** Why one more may not go into the basket (its caps), or null. */
  capRefusal: string | null;
  onIncrease: () => void;
  onDecrease: () => void;
}

/**
 * Spec §5: increase offered only while units are available, decrease only while the line holds some. Issue 13:
 * nor increase beyond the basket's caps.
 */
export function QuantityControl({ item, itemName, isProcessing, capRefusal, onIncrease, onDecrease }: QuantityControlProps) {
  const quantity = heldQuantity(item);
  const moreTitle = capRefusal ?? (item.available > 0 ? 'One more' : 'no more stock');

  return (
    <div className="d-inline-flex align-items-center gap-1" role="group" aria-label={`Quantity of ${itemName}`}>
      <Button
        variant="outline-secondary"
        size="sm"
        aria-label={`One less ${itemName}`}
        title="One less"
        disabled={isProcessing || quantity <= 0}
        onClick={onDecrease}
        data-testid="qty-down"
      >
        <ArrowIcon direction="down" />
      </Button>
      <span className="px-2 fw-semibold" aria-live="polite" data-testid="line-quantity">
        {quantity}
      </span>
      <Button
        variant="outline-secondary"
        size="sm"
        aria-label={`One more ${itemName}`}
        title={moreTitle}
        disabled={isProcessing || item.available <= 0 || capRefusal !== null}
        onClick={onIncrease}
        data-testid="qty-up"
      >
        <ArrowIcon direction="up" />
      </Button>
    </div>
  );
}
