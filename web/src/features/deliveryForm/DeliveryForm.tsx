import Card from 'react-bootstrap/Card';
import { needsAddress as orderNeedsAddress, type Order } from '../order/order';
import { DeliveryDetailsSummary } from './DeliveryDetailsSummary';
import { DeliveryFormEditor } from './DeliveryFormEditor';

interface DeliveryFormProps {
  order: Order;
  isTakeaway: boolean;
  collectFrom: string;
  /** Spec §2: the compact summary once the details are complete, editing otherwise. */
  readyToPay: boolean;
  onCompleted: () => void;
  onEdit: () => void;
}

/** Spec §2 "Delivery form": editing, or the compact summary with its 'change' control. */
export function DeliveryForm({ order, isTakeaway, collectFrom, readyToPay, onCompleted, onEdit }: DeliveryFormProps) {
  const needsAddress = orderNeedsAddress(order, isTakeaway);
  // Spec §2: a takeaway delivery keeps the postcode whose distance was checked.
  const lockedPostcode = isTakeaway && order.ta_method === 'DELIVER' && order.postcode ? order.postcode : null;

  return (
    <Card as="section" className="mb-3" aria-labelledby="delivery-form-heading" data-testid="delivery-form" data-mode={readyToPay ? 'summary' : 'editing'}>
      <Card.Body>
        <Card.Title as="h2" id="delivery-form-heading" className="h5 mb-3">
          {needsAddress ? 'Your delivery details' : 'Your details'}
        </Card.Title>
        {readyToPay ? (
          <DeliveryDetailsSummary order={order} needsAddress={needsAddress} collectFrom={collectFrom} onChange={onEdit} />
        ) : (
          <DeliveryFormEditor order={order} needsAddress={needsAddress} lockedPostcode={lockedPostcode} onCompleted={onCompleted} />
        )}
      </Card.Body>
    </Card>
  );
}
