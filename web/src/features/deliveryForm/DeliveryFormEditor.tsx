import { useRef, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import type { Order } from '../order/order';
import { DELIVERY_FIELDS, detailsOf, type DeliveryField } from './deliveryFields';
import { DeliveryFormField } from './DeliveryFormField';
import { useDeliveryForm } from './useDeliveryForm';

interface DeliveryFormEditorProps {
  order: Order;
  needsAddress: boolean;
  /** The checked postcode a takeaway delivery must keep. */
  lockedPostcode: string | null;
  onCompleted: () => void;
}

const OPTIONAL_ALWAYS = new Set<DeliveryField>(['address_2', 'address_3', 'delivery_info', 'allergy_info']);

/** The delivery form in editing mode: filled from the order, checked here, sent to the order. */
export function DeliveryFormEditor({ order, needsAddress, lockedPostcode, onCompleted }: DeliveryFormEditorProps) {
  const form = useDeliveryForm({ ...detailsOf(order), postcode: lockedPostcode ?? order.postcode }, needsAddress);
  const formElement = useRef<HTMLFormElement>(null);

  const lockReason = (name: DeliveryField): string | undefined => {
    // Spec §5: a signed-in customer's order keeps the account's email.
    if (name === 'email' && order.user_id) return "You're signed in: this is your account's email";
    if (name === 'postcode' && lockedPostcode) return 'delivery distance checked';
    return undefined;
  };

  const send = async (event: FormEvent) => {
    event.preventDefault();
    const outcome = await form.submit();
    if (outcome.ok) {
      onCompleted();
      return;
    }
    const first = outcome.firstInvalid && formElement.current?.elements.namedItem(outcome.firstInvalid);
    if (first instanceof HTMLElement) first.focus();
  };

  return (
    <Form ref={formElement} noValidate onSubmit={send} aria-label="Your details">
      {/* A collection needs no address: its fields are not shown (spec §5). */}
      {DELIVERY_FIELDS.filter((field) => needsAddress || field.address !== true).map((field) => (
        <DeliveryFormField
          key={field.name}
          field={field}
          value={form.values[field.name]}
          error={form.visibleErrors[field.name]}
          optional={OPTIONAL_ALWAYS.has(field.name)}
          lockedBecause={lockReason(field.name)}
          onChange={(value) => form.setValue(field.name, value)}
          onLeave={() => form.leave(field.name)}
        />
      ))}
      <div className="d-flex justify-content-end">
        <Button type="submit" variant="primary" disabled={form.isSending} data-testid="form-submit">
          {form.isSending ? 'Saving your details…' : 'Continue to payment'}
        </Button>
      </div>
    </Form>
  );
}
