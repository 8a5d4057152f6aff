import { useState } from 'react';
import { useNavigate } from 'react-router';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { useOosProductsQuery } from './oosApi';
import { lowStockSeen, rememberLowStockSeen } from './lowStockSeen';
import { isLowStock, itemKey, lowStockList } from './stockItems';

/**
 * On the live-orders screen: says when anything is low or out of stock, with a way to manage it; once for each
 * change of that list on this device, not on every visit (issue 38). `held`: another question is up, and this
 * one waits for it to be answered (one dialog at a time).
 */
export function LowStockWarning({ held = false }: { held?: boolean }) {
  const { data: items } = useOosProductsQuery();
  const [seen, setSeen] = useState(lowStockSeen);
  const navigate = useNavigate();
  const low = items?.filter(isLowStock) ?? [];
  const list = lowStockList(items ?? []);
  const dismiss = () => {
    rememberLowStockSeen(list);
    setSeen(list);
  };

  return (
    <Modal show={!held && low.length > 0 && list !== seen} onHide={dismiss} scrollable aria-labelledby="low-stock-title" data-testid="low-stock-warning">
      <Modal.Header closeButton closeLabel="Close">
        <Modal.Title id="low-stock-title" as="h2" className="h5">
          Low stock
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p>{low.length} item(s) are low (under 5 left) or out of stock:</p>
        <ul className="mb-0">
          {low.slice(0, 8).map((item) => (
            <li key={itemKey(item)}>
              {item.name}: {item.status === 'out-of-stock' ? 'out of stock' : `${item.stock} left`}
            </li>
          ))}
          {low.length > 8 && <li>and {low.length - 8} more</li>}
        </ul>
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={dismiss}>
          Close
        </Button>
        <Button
          variant="primary"
          onClick={() => {
            dismiss();
            navigate('/takeaway-oos');
          }}
        >
          Manage
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
