import { useEffect, useRef, useState } from 'react';
import { useAppDispatch } from '../../app/hooks';
import { caughtMessage, errorText, isServerAnswer } from '../../app/serverMessage';
import { showDialog } from '../dialog/dialogSlice';
import type { PaymentMethod } from '../order/order';
import { useUpdatePayMethodMutation } from '../order/orderApi';

const NOT_SAVED = 'Sorry, your payment method could not be saved';

/**
 * Spec §2/§7: the customer's payment method (a single one is chosen for them), each choice sent once to
 * POST /api/updatePayMethod. Spec §8: a refused choice shows 'PROBLEM', one that never reached the shop 'ERROR';
 * either way the choice is undone, so choosing it again sends it again.
 */
export function usePaymentMethodChoice(methods: PaymentMethod[] | undefined, saved: PaymentMethod | null = null) {
  const [picked, setPicked] = useState<PaymentMethod | null>(null);
  // Back on the page (a reload, Stripe's return), the order's own method stays chosen.
  const kept = saved && methods?.includes(saved) ? saved : null;
  const chosen = methods?.length === 1 ? methods[0] : (picked ?? kept);
  const [updatePayMethod] = useUpdatePayMethodMutation();
  const dispatch = useAppDispatch();
  const lastSent = useRef<PaymentMethod | null>(null);

  useEffect(() => {
    if (!chosen || chosen === lastSent.current) return;
    lastSent.current = chosen;
    updatePayMethod({ method: chosen })
      .unwrap()
      .catch((error: unknown) => {
        if (lastSent.current === chosen) lastSent.current = null;
        setPicked((current) => (current === chosen ? null : current));
        const dialog = isServerAnswer(error)
          ? { title: 'PROBLEM', message: caughtMessage(error, NOT_SAVED) }
          : { title: 'ERROR', message: `${NOT_SAVED}\n${errorText(error)}` };
        dispatch(showDialog({ ...dialog, look: 'error' }));
      });
  }, [chosen, updatePayMethod, dispatch]);

  return { chosen, choose: setPicked };
}
