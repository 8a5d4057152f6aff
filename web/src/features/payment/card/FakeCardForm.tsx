import { useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { formatPence } from '../../../app/money';
import { intentIdOf, type CardConfirmation } from './cardApi';

/**
 * FAKE_CARD_PAYMENTS only (the demo shop, the browser tests): Stripe.js loads from Stripe, so offline a small
 * form stands in for the Payment Element and confirms at the local fake Stripe API, as Stripe.js would. The card
 * number goes to the fake, never to the shop.
 */
export function FakeCardForm({ apiUrl, totalPence, isPlacing, onPay }: {
  apiUrl: string;
  totalPence: number;
  isPlacing: boolean;
  onPay: (confirm: (clientSecret: string) => Promise<CardConfirmation>) => void;
}) {
  const [card, setCard] = useState('4242 4242 4242 4242');

  const confirm = async (clientSecret: string): Promise<CardConfirmation> => {
    const id = intentIdOf(clientSecret);
    const answer = await fetch(`${apiUrl}/v1/payment_intents/${encodeURIComponent(id)}/confirm`, {
      method: 'POST',
      body: new URLSearchParams({ card, client_secret: clientSecret }),
    });
    const intent = (await answer.json()) as { status?: string; last_payment_error?: { message: string } | null; error?: { message: string } };
    return { id, status: intent.status ?? 'failed', message: intent.last_payment_error?.message ?? intent.error?.message ?? '' };
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onPay(confirm);
  };

  return (
    <Form onSubmit={submit} data-testid="fake-card-form">
      <Alert variant="secondary" className="small">
        Test card form (FAKE_CARD_PAYMENTS): no real card is charged. Any number pays; 4000 0000 0000 0002 is declined.
      </Alert>
      <Form.Group className="mb-2" controlId="fake-card-number">
        <Form.Label>Card number</Form.Label>
        <Form.Control inputMode="numeric" autoComplete="cc-number" value={card} onChange={(event) => setCard(event.target.value)} required />
      </Form.Group>
      <Button type="submit" variant="success" size="lg" disabled={isPlacing} data-testid="pay-by-card">
        {isPlacing ? 'Your order is being processed' : `Pay ${formatPence(totalPence)} by card`}
      </Button>
    </Form>
  );
}
