import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import ListGroup from 'react-bootstrap/ListGroup';
import { itemKey, LOW_STOCK_BELOW, type StockItem } from './stockItems';
import { useSetStockStatus } from './useSetStockStatus';

/** A titled list of items, each with the link that flips it between active and out-of-stock. */
export function StockList({ title, items, testId }: { title: string; items: StockItem[]; testId: string }) {
  const { setStatus, isSaving } = useSetStockStatus();
  const headingId = `${testId}-title`;

  return (
    <section aria-labelledby={headingId} className="mb-4" data-testid={testId}>
      <h2 id={headingId} className="h5">
        {title}
      </h2>
      {items.length === 0 && <p className="text-muted">None</p>}
      <ListGroup>
        {items.map((item) => {
          const active = item.status === 'active';
          return (
            <ListGroup.Item key={itemKey(item)} className="d-flex align-items-center gap-2" data-testid="stock-item" data-item={itemKey(item)}>
              <span className="me-auto">
                {item.name} <span className="text-muted small">({item.price})</span>
              </span>
              <Badge bg={item.stock < LOW_STOCK_BELOW ? 'warning' : 'secondary'} text={item.stock < LOW_STOCK_BELOW ? 'dark' : undefined}>
                {item.stock} left
              </Badge>
              <Badge bg={active ? 'success' : 'danger'}>{item.status}</Badge>
              <Button
                variant="link"
                size="sm"
                disabled={isSaving}
                onClick={() => void setStatus(item, active ? 'out-of-stock' : 'active')}
                aria-label={active ? `Make ${item.name} out of stock` : `Make ${item.name} active`}
              >
                {active ? 'Out of Stock' : 'Active'}
              </Button>
            </ListGroup.Item>
          );
        })}
      </ListGroup>
    </section>
  );
}
