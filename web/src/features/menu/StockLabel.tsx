import Badge from 'react-bootstrap/Badge';
import { stockLabel } from '../../../../src/shared/menu';
import type { StockCounts, StockStatus } from './menuApi';

/**
 * Beside the add button (issue 16): 'Sold out' in words when nothing can be added, since the disabled button's
 * 'no more stock' title is invisible on a touch screen, and 'Only N left' below five units.
 */
export function StockLabel({ item }: { item: StockCounts & { status: StockStatus } }) {
  const label = item.status === 'active' ? stockLabel(item.available) : { kind: 'sold-out' as const };
  if (label === null) return null;
  return label.kind === 'sold-out' ? (
    <Badge bg="secondary" data-testid="sold-out">
      Sold out
    </Badge>
  ) : (
    <Badge bg="warning" text="dark" data-testid="few-left">
      Only {label.left} left
    </Badge>
  );
}
