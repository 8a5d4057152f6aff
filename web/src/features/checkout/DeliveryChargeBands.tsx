import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Collapse from 'react-bootstrap/Collapse';
import Spinner from 'react-bootstrap/Spinner';
import { useDeliveryChargesSummaryQuery } from './deliveryApi';

/** Spec §2 "Checkout page": a toggleable explanation of the delivery charge bands, fetched when first opened. */
export function DeliveryChargeBands() {
  const [open, setOpen] = useState(false);
  const { data: summary, isFetching, isError } = useDeliveryChargesSummaryQuery(undefined, { skip: !open });

  return (
    <section className="mb-3">
      <Button
        variant="link"
        className="px-0"
        aria-expanded={open}
        aria-controls="delivery-charge-bands"
        onClick={() => setOpen((was) => !was)}
        data-testid="delivery-bands-toggle"
      >
        {open ? 'Hide how delivery is charged' : 'How is delivery charged?'}
      </Button>
      <Collapse in={open}>
        <div id="delivery-charge-bands" data-testid="delivery-bands">
          {isFetching && <Spinner animation="border" size="sm" role="status" aria-label="Loading the delivery charges" />}
          {isError && <p className="text-danger mb-0">Sorry, the delivery charges could not be loaded.</p>}
          {summary !== undefined && (
            // The only HTML taken from the server: POST /api/deliveryChargesSummary builds it from numbers and escapes it.
            <div dangerouslySetInnerHTML={{ __html: summary }} />
          )}
        </div>
      </Collapse>
    </section>
  );
}
