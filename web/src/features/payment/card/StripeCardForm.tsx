import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { useMemo, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { formatPence } from '../../../app/money';
import { intentIdOf, type CardConfirmation } from './cardApi';
import { declineText } from '../../../../../src/shared/payment-texts';

interface CardFormProps {
  totalPence: number;
  isPlacing: boolean;
  onPay: (confirm: (clientSecret: string) => Promise<CardConfirmation>) => void;
}

/**
 * Stripe's Payment Element (card, and Apple Pay / Google Pay where the device offers them): the card details go
 * from the customer's browser to Stripe only (PCI DSS SAQ A). The payment is made on the server when Pay is
 * pressed, for the server's total; Stripe.js confirms it, redirecting only when the bank asks (3-D Secure).
 */
function PaymentForm({ totalPence, isPlacing, onPay }: CardFormProps) {
  const stripe = useStripe();
  const elements = useElements();

  const confirm = async (clientSecret: string): Promise<CardConfirmation> => {
    const id = intentIdOf(clientSecret);
    if (!stripe || !elements) return { id, status: 'failed', message: 'The card form is still loading' };
    const { error, paymentIntent } = await stripe.confirmPayment({
      elements,
      clientSecret,
      confirmParams: { return_url: `${window.location.origin}/checkout` },
      redirect: 'if_required',
    });
    return error ? { id, status: 'failed', message: error.type === 'card_error' ? declineText(error) : (error.message ?? '') } : { id: paymentIntent.id, status: paymentIntent.status, message: '' };
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!elements) return;
    const { error } = await elements.submit(); // the form's own checks, before anything is sold
    if (!error) onPay(confirm);
  };

  return (
    <Form onSubmit={submit}>
      <PaymentElement className="mb-3" />
      <Button type="submit" variant="success" size="lg" disabled={isPlacing || !stripe} data-testid="pay-by-card">
        {isPlacing ? 'Your order is being processed' : `Pay ${formatPence(totalPence)} by card`}
      </Button>
    </Form>
  );
}

/** Loaded only when a customer chooses card: Stripe.js comes from Stripe (listed in the checkout's script inventory). */
export default function StripeCardForm({ publishableKey, ...props }: CardFormProps & { publishableKey: string }) {
  const stripe = useMemo(() => loadStripe(publishableKey), [publishableKey]);
  return (
    <Elements stripe={stripe} options={{ mode: 'payment', amount: props.totalPence, currency: 'gbp', allowedPaymentMethodTypes: ['card'] }}>
      <PaymentForm {...props} />
    </Elements>
  );
}
