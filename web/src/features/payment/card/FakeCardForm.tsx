import { useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { formatPence } from '../../../app/money';
import { intentIdOf, type CardConfirmation } from './cardApi';
import { declineText } from '../../../../../src/shared/payment-texts';

/**
 * FAKE_CARD_PAYMENTS only (the demo shop, the browser tests): Stripe.js loads from Stripe, so offline a small
 * form stands in for the Payment Element and confirms at the local fake Stripe API, as Stripe.js would. The card
 * number goes to the fake, never to the shop.
 */
type ChallengeResult = 'pass' | 'fail';
type FakeIntent = { status?: string; last_payment_error?: { message: string; decline_code?: string } | null; error?: { message: string } };

export function FakeCardForm({ apiUrl, totalPence, isPlacing, onPay }: {
  apiUrl: string;
  totalPence: number;
  isPlacing: boolean;
  onPay: (confirm: (clientSecret: string) => Promise<CardConfirmation>) => void;
}) {
  const [card, setCard] = useState('4242 4242 4242 4242');
  // The bank's 3-D Secure check, while it waits for the customer's answer.
  const [challenge, setChallenge] = useState<((result: ChallengeResult) => void) | null>(null);

  const post = async (id: string, step: 'confirm' | 'authenticate', fields: Record<string, string>): Promise<FakeIntent> => {
    const answer = await fetch(`${apiUrl}/v1/payment_intents/${encodeURIComponent(id)}/${step}`, { method: 'POST', body: new URLSearchParams(fields) });
    return (await answer.json()) as FakeIntent;
  };

  const confirm = async (clientSecret: string): Promise<CardConfirmation> => {
    const id = intentIdOf(clientSecret);
    let intent = await post(id, 'confirm', { card, client_secret: clientSecret });
    if (intent.status === 'requires_action') {
      const result = await new Promise<ChallengeResult>((resolve) => setChallenge(() => resolve));
      setChallenge(null);
      intent = await post(id, 'authenticate', { result, client_secret: clientSecret });
    }
    return { id, status: intent.status ?? 'failed', message: intent.last_payment_error ? declineText(intent.last_payment_error) : (intent.error?.message ?? '') };
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onPay(confirm);
  };

  return (
    <Form onSubmit={submit} data-testid="fake-card-form">
      <Alert variant="secondary" className="small">
        Test card form (FAKE_CARD_PAYMENTS): no real card is charged. Any number pays; 4000 0000 0000 0002 is declined, 4000 0000 0000 9995 for want of funds;
        4000 0025 0000 3155 asks for the bank's check (3-D Secure).
      </Alert>
      <Form.Group className="mb-2" controlId="fake-card-number">
        <Form.Label>Card number</Form.Label>
        <Form.Control inputMode="numeric" autoComplete="cc-number" value={card} onChange={(event) => setCard(event.target.value)} required />
      </Form.Group>
      <Button type="submit" variant="success" size="lg" disabled={isPlacing} data-testid="pay-by-card">
        {isPlacing ? 'Your order is being processed' : `Pay ${formatPence(totalPence)} by card`}
      </Button>
      <Modal show={challenge !== null} backdrop="static" keyboard={false} centered aria-labelledby="bank-check-title" data-testid="bank-check">
        <Modal.Header>
          <Modal.Title id="bank-check-title" as="h2" className="h5">
            Your bank's check (3-D Secure test page)
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>Your bank asks you to confirm this payment of {formatPence(totalPence)}.</Modal.Body>
        <Modal.Footer>
          <Button variant="outline-danger" onClick={() => challenge?.('fail')}>
            Fail authentication
          </Button>
          <Button variant="success" onClick={() => challenge?.('pass')}>
            Complete authentication
          </Button>
        </Modal.Footer>
      </Modal>
    </Form>
  );
}
