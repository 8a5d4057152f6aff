import Alert from 'react-bootstrap/Alert';

/** Spec §2 "Collect or Deliver block" when delivery is switched off. */
export function DeliveryOffNotice({ fullAddress }: { fullAddress: string }) {
  return (
    <Alert variant="info" className="py-2" data-testid="delivery-off">
      <p className="mb-1">Sorry we can't offer delivery right now.</p>
      <p className="mb-0">
        Please choose Collect: you can collect your order from us at <span className="fw-semibold">{fullAddress}</span>
      </p>
    </Alert>
  );
}
