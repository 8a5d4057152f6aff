import { skipToken } from '@reduxjs/toolkit/query';
import { serverMessage } from '../../app/serverMessage';
import { TYPING_PAUSE_MS } from '../../app/timings';
import { useDebouncedValue } from '../../app/useDebouncedValue';
import { useGetCartQuery } from '../cart/cartApi';
import { heldQuantity, totalPrice } from '../cart/cartFigures';
import { useShopSettings } from '../settings/useShopSettings';
import type { TakeawayMethod } from '../order/order';
import { collectPostage } from '../../../../src/shared/postage';
import { isAllVirtual, orderTotalPence } from '../../../../src/shared/order';
import { DELIVERY_CHARGE_FAILED, useDeliveryChargeQuery, useTakeawayDiscountQuery } from './deliveryApi';

export type MethodPostage =
  | { state: 'none' }
  | { state: 'pending' }
  | { state: 'failed'; reason: string }
  | { state: 'ready'; postagePence: number; itemsTotalPence: number; totalPence: number };

/**
 * Spec §4 "Delivery method": the postage of the chosen method for the basket as it is now. Collecting is priced
 * here with the shop's discount; delivering asks the server, again 500 ms after the basket total last changed.
 */
export function useMethodPostage(method: TakeawayMethod | null, checkedPostcode: string | undefined): MethodPostage {
  const { cartLabel } = useShopSettings();
  const { data: cart } = useGetCartQuery();
  const itemsTotalPence = cart ? totalPrice(cart) : 0;
  const heldLines = cart?.cartItems.filter((item) => heldQuantity(item) > 0) ?? [];
  const allVirtual = isAllVirtual(heldLines);
  const settledTotal = useDebouncedValue(itemsTotalPence, TYPING_PAUSE_MS);

  const discount = useTakeawayDiscountQuery();
  const wantsCharge = method === 'DELIVER' && checkedPostcode !== undefined && heldLines.length > 0;
  const charge = useDeliveryChargeQuery(
    wantsCharge ? { postcode: checkedPostcode, itemsTotalPence: settledTotal } : skipToken,
    { refetchOnMountOrArgChange: true },
  );

  if (method === null) return { state: 'none' };
  const ready = (postagePence: number): MethodPostage => ({
    state: 'ready',
    postagePence,
    itemsTotalPence,
    totalPence: orderTotalPence({ itemsTotalPence, postagePence, voucherDeductionPence: 0 }),
  });

  if (method === 'COLLECT') {
    if (discount.data) return ready(collectPostage(itemsTotalPence, allVirtual, discount.data));
    return discount.isError ? { state: 'failed', reason: 'Problem fetching offer_takeaway_collect_discount' } : { state: 'pending' };
  }
  if (!wantsCharge) return { state: 'failed', reason: checkedPostcode ? `${cartLabel} is Empty` : 'Check your postcode first' };
  if (settledTotal !== itemsTotalPence || charge.isFetching) return { state: 'pending' };
  if (charge.isError) return { state: 'failed', reason: serverMessage(charge.error, DELIVERY_CHARGE_FAILED) };
  return charge.currentData === undefined ? { state: 'pending' } : ready(charge.currentData);
}
