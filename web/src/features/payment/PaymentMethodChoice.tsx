import Form from 'react-bootstrap/Form';
import type { PaymentMethod } from '../order/order';
import { PAYMENT_METHOD_LABELS } from './paymentMethods';

interface PaymentMethodChoiceProps {
  methods: PaymentMethod[];
  chosen: PaymentMethod | null;
  onChoose: (method: PaymentMethod) => void;
}

/** One radio per method the shop offers (the server leaves out those it cannot take now). */
export function PaymentMethodChoice({ methods, chosen, onChoose }: PaymentMethodChoiceProps) {
  return (
    <fieldset className="mb-3">
      <legend className="h6">How would you like to pay?</legend>
      {methods.map((method) => (
        <Form.Check
          key={method}
          type="radio"
          name="payment_method"
          id={`payment-${method}`}
          value={method}
          label={PAYMENT_METHOD_LABELS[method]}
          checked={chosen === method}
          onChange={() => onChoose(method)}
          data-testid={`payment-method-${method}`}
        />
      ))}
    </fieldset>
  );
}
