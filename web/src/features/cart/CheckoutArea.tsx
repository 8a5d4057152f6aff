import { CollectOrDeliver } from '../checkout/CollectOrDeliver';
import { useShopSettings } from '../settings/useShopSettings';
import { CheckoutButton } from './CheckoutButton';

/** Spec §2: the 'Collect or Deliver' block in takeaway mode, otherwise a single 'Checkout' button. */
export function CheckoutArea() {
  const { isTakeaway } = useShopSettings();
  if (isTakeaway) return <CollectOrDeliver />;
  return (
    <div className="d-flex justify-content-end">
      <CheckoutButton />
    </div>
  );
}
