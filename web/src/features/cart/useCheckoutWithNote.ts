import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useAppDispatch } from '../../app/hooks';
import { showDialog } from '../dialog/dialogSlice';
import { useSaveCartAsOrder } from '../order/useSaveCartAsOrder';
import { useShopSettings } from '../settings/useShopSettings';
import { useGetCartQuery, useGetOrderExtraQuery } from './cartApi';
import { holdsNothing } from './cartFigures';

/** Spec §4 "Checkout flow" outside takeaway mode: the basket and its note become the order, then /checkout. */
export function useCheckoutWithNote() {
  const { cartLabel } = useShopSettings();
  const { data: cart } = useGetCartQuery();
  const { data: savedNote } = useGetOrderExtraQuery();
  const { saveCartAsOrder } = useSaveCartAsOrder();
  const [isSaving, setSaving] = useState(false);
  const navigate = useNavigate();
  const dispatch = useAppDispatch();

  const checkout = async () => {
    if (holdsNothing(cart)) {
      dispatch(showDialog({ title: 'Sorry', message: `${cartLabel} is Empty`, look: 'info' }));
      return;
    }
    setSaving(true);
    try {
      const order = await saveCartAsOrder({ order_extra_info: savedNote ?? cart?.order_extra ?? '' });
      if (order) navigate('/checkout');
    } finally {
      setSaving(false);
    }
  };

  return { checkout, isSaving };
}
