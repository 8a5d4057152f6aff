import { useState } from 'react';
import { detailsOf } from '../deliveryForm/deliveryFields';
import { DeliveryForm } from '../deliveryForm/DeliveryForm';
import { isComplete } from '../deliveryForm/deliveryFormRules';
import { needsAddress, type Order } from '../order/order';
import { PaymentSection } from '../payment/PaymentSection';
import { VoucherBox } from '../voucher/VoucherBox';

interface CheckoutStepsProps {
  order: Order;
  isTakeaway: boolean;
  collectFrom: string;
  phoneNoDisplay: string;
}

/**
 * Spec §4 "Delivery form on the checkout page": details first, then payment. Details the order already holds in
 * full go straight to payment; 'change' goes back to editing and hides payment.
 */
export function CheckoutSteps({ order, isTakeaway, collectFrom, phoneNoDisplay }: CheckoutStepsProps) {
  const [readyToPay, setReadyToPay] = useState(() => isComplete(detailsOf(order), needsAddress(order, isTakeaway)));

  return (
    <>
      <DeliveryForm
        order={order}
        isTakeaway={isTakeaway}
        collectFrom={collectFrom}
        readyToPay={readyToPay}
        onCompleted={() => setReadyToPay(true)}
        onEdit={() => setReadyToPay(false)}
      />
      {readyToPay && <VoucherBox order={order} />}
      {readyToPay && <PaymentSection phoneNoDisplay={phoneNoDisplay} />}
    </>
  );
}
