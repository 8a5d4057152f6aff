import Button from 'react-bootstrap/Button';
import { CrossIcon } from '../../components/icons/CrossIcon';

export function RemoveLineButton({ itemName, cartLabel, disabled, onRemove }: { itemName: string; cartLabel: string; disabled: boolean; onRemove: () => void }) {
  const label = `Remove ${itemName} from ${cartLabel}`;
  return (
    <Button variant="outline-danger" size="sm" aria-label={label} title={label} disabled={disabled} onClick={onRemove} data-testid="remove-line">
      <CrossIcon />
    </Button>
  );
}
