import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import type { LiveOrder } from './kitchenOrder';
import { previewPath } from './printing';
import { TicketPreview } from './TicketPreview';

/** The on-screen preview of an order's ticket. */
export function PreviewButton({ order }: { order: LiveOrder }) {
  const [open, setOpen] = useState(false);
  const titleId = `preview-title-${order.id}`;

  return (
    <>
      <Button variant="outline-secondary" size="sm" onClick={() => setOpen(true)} aria-label={`Preview order ${order.ref}`} data-testid="preview">
        Preview
      </Button>
      <Modal show={open} onHide={() => setOpen(false)} scrollable aria-labelledby={titleId} data-testid="preview-modal">
        <Modal.Header closeButton closeLabel="Close preview">
          <Modal.Title id={titleId} as="h2" className="h5">
            Order {order.ref}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>{open && <TicketPreview order={order} />}</Modal.Body>
        <Modal.Footer>
          <a href={previewPath(order.id)} target="_blank" rel="noopener" className="btn btn-link">
            Open the printable page
          </a>
          <Button variant="secondary" onClick={() => setOpen(false)}>
            Close
          </Button>
        </Modal.Footer>
      </Modal>
    </>
  );
}
