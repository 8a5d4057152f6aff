import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { TakeawayMethod } from '../order/order';
import { useSaveCartAsOrder } from '../order/useSaveCartAsOrder';
import { useUpdateOrder } from '../order/useUpdateOrder';

export interface MethodChoice {
  method: TakeawayMethod;
  postagePence: number;
  totalPence: number;
  /** The canonical postcode whose distance the server checked, when there is one. */
  postcode: string | null;
}

/** Spec §4 "Checkout flow" in takeaway mode: save the basket as the order, give it the method, go to /checkout. */
export function useProceedToCheckout() {
  const { saveCartAsOrder } = useSaveCartAsOrder();
  const { updateOrder } = useUpdateOrder();
  const navigate = useNavigate();
  // One flag over both requests, so the button never looks free between them.
  const [isProceeding, setProceeding] = useState(false);

  const proceed = async (choice: MethodChoice) => {
    setProceeding(true);
    try {
      // The note is not sent in takeaway mode: the server takes the one saved with the basket.
      if (!(await saveCartAsOrder({}))) return;
      const updated = await updateOrder({
        ta_method: choice.method,
        postage: choice.postagePence,
        total_cost: choice.totalPence,
        postcode: choice.postcode,
      });
      if (updated.ok) navigate('/checkout');
    } finally {
      setProceeding(false);
    }
  };

  return { proceed, isProceeding };
}
