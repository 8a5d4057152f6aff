import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { formatPence } from '../../../app/money';
import type { CardConfirmation } from '../card/cardApi';

type Decision = 'approve' | 'cancel';

/**
 * FAKE_PAYPAL only (the demo shop, the browser tests): PayPal's script loads from PayPal, so offline a button and a
 * small window stand in for PayPal's buttons and its login window. Approving calls the local fake PayPal, as the
 * payer's approval at PayPal would; the server then captures the order, exactly as with PayPal's own buttons.
 */
export function FakePayPalButtons({ apiUrl, totalPence, isPlacing, onPay }: {
  apiUrl: string;
  totalPence: number;
  isPlacing: boolean;
  onPay: (confirm: (paypalOrderId: string) => Promise<CardConfirmation | null>) => void;
}) {
  const [asking, setAsking] = useState<((decision: Decision) => void) | null>(null);

  const confirm = async (paypalOrderId: string): Promise<CardConfirmation | null> => {
    const decision = await new Promise<Decision>((resolve) => setAsking(() => resolve));
    setAsking(null);
    if (decision === 'cancel') return null;
    const answer = await fetch(`${apiUrl}/fake/checkout/orders/${encodeURIComponent(paypalOrderId)}/approve`, { method: 'POST' });
    return { id: paypalOrderId, status: answer.ok ? 'APPROVED' : 'failed', message: '' };
  };

  return (
    <div data-testid="fake-paypal">
      <Alert variant="secondary" className="small">
        Test PayPal buttons (FAKE_PAYPAL): no real PayPal account is charged.
      </Alert>
      <Button type="button" variant="warning" size="lg" disabled={isPlacing} onClick={() => onPay(confirm)} data-testid="pay-with-paypal">
        {isPlacing ? 'Your order is being processed' : `Pay ${formatPence(totalPence)} with PayPal`}
      </Button>
      <Modal show={asking !== null} onHide={() => asking?.('cancel')} centered aria-labelledby="paypal-window-title" data-testid="paypal-window">
        <Modal.Header closeButton>
          <Modal.Title id="paypal-window-title" as="h2" className="h5">
            PayPal (test window)
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>Pay {formatPence(totalPence)} to the shop from your PayPal account?</Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={() => asking?.('cancel')}>
            Cancel and return to the shop
          </Button>
          <Button variant="primary" onClick={() => asking?.('approve')}>
            Pay now
          </Button>
        </Modal.Footer>
      </Modal>
    </div>
  );
}
