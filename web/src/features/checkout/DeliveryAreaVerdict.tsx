import Alert from 'react-bootstrap/Alert';
import type { PostcodeCheck } from './deliveryApi';

/** Spec §2 "Postcode checker": inside the area, or outside with where to collect from. */
export function DeliveryAreaVerdict({ check, fullAddress }: { check: PostcodeCheck; fullAddress: string }) {
  if (check.inside_area) {
    return (
      <Alert variant="success" className="py-2" data-testid="delivery-area-verdict" data-inside="true">
        SUCCESS your postcode is in our delivery area
      </Alert>
    );
  }
  return (
    <Alert variant="warning" className="py-2" data-testid="delivery-area-verdict" data-inside="false">
      <p className="mb-1">Your postcode is outside our delivery area ... you can still collect your order from us at:</p>
      <address className="mb-0 fw-semibold">{fullAddress}</address>
    </Alert>
  );
}
