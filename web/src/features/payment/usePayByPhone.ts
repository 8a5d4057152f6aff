import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { useAppDispatch } from '../../app/hooks';
import { errorText } from '../../app/serverMessage';
import { showDialog, type DialogContent } from '../dialog/dialogSlice';
import { useDialogShownAndGone } from '../dialog/useDialogShownAndGone';
import { useCompleteOrderMutation } from '../order/orderApi';
import { useUpdateOrder } from '../order/useUpdateOrder';

const EMAIL_SENT = 'A confirmation email has been sent & should be with you shortly.';
/** Not in the spec: the success dialog closes by itself as the spec's other success dialogs do. */
const THANK_YOU_MS = 1700;

/**
 * Spec §4 "Payment": paying by phone makes the order AWAITING-PAYMENT, then places it. On success the dialog says
 * so and, once it has closed, the order-complete page follows (so it never stays over that page); the basket
 * (now empty) and the menu's stock are fetched afresh.
 */
export function usePayByPhone() {
  const { updateOrder } = useUpdateOrder();
  const [completeOrder] = useCompleteOrderMutation();
  const [isPlacing, setPlacing] = useState(false);
  const [thanks, setThanks] = useState<DialogContent | undefined>(undefined);
  const thanked = useDialogShownAndGone(thanks !== undefined, thanks);
  const navigate = useNavigate();
  const dispatch = useAppDispatch();

  const payByPhone = async () => {
    setPlacing(true);
    try {
      const chosen = await updateOrder({ payment_method: 'PHONE', status: 'AWAITING-PAYMENT' });
      if (!chosen.ok) return;
      const done = await completeOrder({ payment_method: 'PHONE', status: 'AWAITING-PAYMENT', message: 'Pay by phone' }).unwrap();
      const dialog: DialogContent = { title: 'Thank you', message: `${done.message}\n${EMAIL_SENT}`, look: 'success', autoCloseMs: THANK_YOU_MS };
      dispatch(showDialog(dialog));
      setThanks(dialog);
    } catch (error) {
      const message = `There was a problem completing your order ${errorText(error)}`;
      dispatch(showDialog({ title: 'Sorry', message, look: 'error' }));
    } finally {
      setPlacing(false);
    }
  };

  useEffect(() => {
    if (thanked) navigate('/order-complete');
  }, [thanked, navigate]);

  return { payByPhone, isPlacing };
}
