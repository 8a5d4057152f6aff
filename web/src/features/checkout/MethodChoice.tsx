import Form from 'react-bootstrap/Form';
import type { TakeawayMethod } from '../order/order';

interface MethodChoiceProps {
  method: TakeawayMethod | null;
  offerDelivery: boolean;
  onChoose: (method: TakeawayMethod) => void;
}

/** Spec §2: Collect is always offered; Deliver only for a postcode inside the delivery area. */
export function MethodChoice({ method, offerDelivery, onChoose }: MethodChoiceProps) {
  return (
    <Form.Group as="fieldset" className="mb-3">
      <Form.Label as="legend" className="h6 mb-2">
        How would you like to get your order?
      </Form.Label>
      <Form.Check
        type="radio"
        name="ta_method"
        id="method-collect"
        label="Collect"
        value="COLLECT"
        checked={method === 'COLLECT'}
        onChange={() => onChoose('COLLECT')}
        data-testid="method-collect"
      />
      {offerDelivery && (
        <Form.Check
          type="radio"
          name="ta_method"
          id="method-deliver"
          label="Deliver"
          value="DELIVER"
          checked={method === 'DELIVER'}
          onChange={() => onChoose('DELIVER')}
          data-testid="method-deliver"
        />
      )}
    </Form.Group>
  );
}
