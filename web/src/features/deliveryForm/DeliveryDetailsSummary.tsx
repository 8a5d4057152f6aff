import Button from 'react-bootstrap/Button';
import { ALLERGEN_TEXTS } from '../../../../src/shared/allergens';
import type { Order } from '../order/order';

interface DeliveryDetailsSummaryProps {
  order: Order;
  needsAddress: boolean;
  collectFrom: string;
  onChange: () => void;
}

/** The delivery form's compact mode: the details as the order holds them, and 'change' to edit them again. */
export function DeliveryDetailsSummary({ order, needsAddress, collectFrom, onChange }: DeliveryDetailsSummaryProps) {
  const address = [order.address_1, order.address_2, order.address_3, order.town_city, order.postcode].filter(Boolean);

  return (
    <div className="d-flex justify-content-between align-items-start gap-3" data-testid="details-summary">
      <dl className="mb-0">
        <dt className="visually-hidden">Name</dt>
        <dd className="mb-0 fw-semibold">{order.full_name}</dd>
        <dt className="visually-hidden">Email</dt>
        <dd className="mb-0">{order.email}</dd>
        <dt className="visually-hidden">Phone number</dt>
        <dd className="mb-1">{order.phone_number}</dd>
        {needsAddress ? (
          <>
            <dt className="small text-body-secondary fw-normal">Deliver to</dt>
            <dd className="mb-1">{address.join(', ')}</dd>
          </>
        ) : (
          order.ta_method === 'COLLECT' && (
            <>
              <dt className="small text-body-secondary fw-normal">Collect from</dt>
              <dd className="mb-1">{collectFrom}</dd>
            </>
          )
        )}
        {order.delivery_info && (
          <>
            <dt className="small text-body-secondary fw-normal">Delivery info</dt>
            <dd className="mb-0">{order.delivery_info}</dd>
          </>
        )}
        {order.allergy_info && (
          <>
            <dt className="small text-body-secondary fw-normal">{ALLERGEN_TEXTS.allergyFieldLabel}</dt>
            <dd className="mb-0" style={{ whiteSpace: 'pre-line' }} data-testid="summary-allergy-info">
              {order.allergy_info}
            </dd>
          </>
        )}
      </dl>
      <Button variant="outline-secondary" size="sm" onClick={onChange} aria-label="change your details" data-testid="form-change">
        change
      </Button>
    </div>
  );
}
