import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useAppDispatch } from '../../app/hooks';
import { caughtMessage } from '../../app/serverMessage';
import { showDialog } from '../dialog/dialogSlice';
import { useCompleteOrderMutation } from '../order/orderApi';
import { useUpdateOrder } from '../order/useUpdateOrder';

const EMAIL_SENT = 'A confirmation email has been sent & should be with you shortly.';

/**
 * Spec §4 "Payment": paying by phone makes the order AWAITING-PAYMENT, then places it. On success the dialog says
 * so and the order-complete page follows; the basket (now empty) and the menu's stock are fetched afresh.
 */
export function usePayByPhone() {
  const { updateOrder } = useUpdateOrder();
  const [completeOrder] = useCompleteOrderMutation();
  const [isPlacing, setPlacing] = useState(false);
  const navigate = useNavigate();
  const dispatch = useAppDispatch();

  const payByPhone = async () => {
    setPlacing(true);
    try {
      const chosen = await updateOrder({ payment_method: 'PHONE', status: 'AWAITING-PAYMENT' });
      if (!chosen.ok) return;
      const done = await completeOrder({ payment_method: 'PHONE', status: 'AWAITING-PAYMENT', message: 'Pay by phone' }).unwrap();
      dispatch(showDialog({ title: 'Thank you', message: `${done.message}\n${EMAIL_SENT}`, look: 'success' }));
      navigate('/order-complete');
    } catch (error) {
      const message = `There was a problem completing your order ${caughtMessage(error, '')}`.trimEnd();
      dispatch(showDialog({ title: 'Sorry', message, look: 'error' }));
    } finally {
      setPlacing(false);
    }
  };

  return { payByPhone, isPlacing };
}
