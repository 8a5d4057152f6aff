import Form from 'react-bootstrap/Form';
import { useAppDispatch } from '../../../app/hooks';
import { errorText } from '../../../app/serverMessage';
import { showDialog } from '../../dialog/dialogSlice';
import { useDeliveringStatusQuery, useSetDeliveringStatusMutation } from './deliveringApi';

/** Mount point `deliveringStatus`: switch delivery on or off; off for good while the kitchen postcode is unusable. */
export function DeliveryToggle() {
  const { data: status, isError } = useDeliveringStatusQuery();
  const [setDelivering, { isLoading }] = useSetDeliveringStatusMutation();
  const dispatch = useAppDispatch();

  const toggle = async () => {
    if (!status) return;
    try {
      await setDelivering(!status.delivering).unwrap();
    } catch (error) {
      dispatch(showDialog({ title: 'Error', message: `ERROR toggling delivery status\n${errorText(error)}`, look: 'error' }));
    }
  };

  return (
    <section id="deliveringStatus" aria-labelledby="delivering-title" className="mb-3">
      <h2 id="delivering-title" className="h6 mb-1">
        Delivery
      </h2>
      {isError && <p className="text-danger small mb-0">ERROR fetching the delivery status</p>}
      {status && (
        <>
          <Form.Check
            type="switch"
            id="delivering-switch"
            label={status.delivering ? 'delivering' : 'not-delivering'}
            checked={status.delivering}
            disabled={!status.can_offer_delivery || isLoading}
            onChange={toggle}
            data-testid="delivering-switch"
          />
          {!status.can_offer_delivery && <p className="text-danger small mb-0">{status.message || 'Kitchen Postcode missing or invalid'}</p>}
        </>
      )}
    </section>
  );
}
