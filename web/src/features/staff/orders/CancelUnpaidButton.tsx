import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { useAppDispatch } from '../../../app/hooks';
import { caughtMessage } from '../../../app/serverMessage';
import { showDialog } from '../../dialog/dialogSlice';
import type { LiveOrder } from './kitchenOrder';
import { useCancelUnpaidOrderMutation } from './liveOrdersApi';

/** A phone order whose payment never comes is called off, after a second thought: its dishes go back on the menu. */
export function CancelUnpaidButton({ order }: { order: LiveOrder }) {
  const [cancel, { isLoading }] = useCancelUnpaidOrderMutation();
  const [asking, setAsking] = useState(false);
  const dispatch = useAppDispatch();
  const titleId = `cancel-title-${order.id}`;

  const handleConfirm = async () => {
    setAsking(false);
    try {
      await cancel({ orderId: order.id }).unwrap();
    } catch (error) {
      dispatch(showDialog({ title: 'Error', message: caughtMessage(error, 'there was an ERROR cancelling the order'), look: 'error' }));
    }
  };

  return (
    <>
      <Button
        variant="outline-danger"
        size="sm"
        onClick={() => setAsking(true)}
        disabled={isLoading}
        aria-label={`Cancel unpaid order ${order.ref}`}
        data-testid="cancel-unpaid"
      >
        Cancel
      </Button>
      <Modal show={asking} onHide={() => setAsking(false)} centered aria-labelledby={titleId} data-testid="cancel-unpaid-confirm">
        <Modal.Header closeButton closeLabel="Close">
          <Modal.Title id={titleId} as="h2" className="h5">
            Cancel unpaid order
          </Modal.Title>
        </Modal.Header>
        <Modal.Body data-testid="cancel-unpaid-question">{`Cancel order ${order.ref}? It has not been paid: its dishes go back on the menu.`}</Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" onClick={() => setAsking(false)}>
            Keep it
          </Button>
          <Button variant="danger" onClick={handleConfirm}>
            Cancel order
          </Button>
        </Modal.Footer>
      </Modal>
    </>
  );
}
