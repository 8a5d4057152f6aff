export interface CollectDiscount {
  offer: boolean;
  type: 'Percentage %' | 'Fixed Amount';
  /** A percentage, or pence for 'Fixed Amount'. */
  amountOrPercent: number;
}

/**
 * The collect discount as a negative postage, the same figure modules/delivery/charges.ts computes: the server
 * refuses an order whose figures differ, so keep the two in step (rounded percentage, never more than the items).
 */
export function collectPostage(itemsTotalPence: number, allVirtual: boolean, discount: CollectDiscount): number {
  if (allVirtual || !discount.offer || itemsTotalPence <= 0) return 0;
  const amount =
    discount.type === 'Percentage %' ? Math.round((itemsTotalPence * discount.amountOrPercent) / 100) : discount.amountOrPercent;
  const discountPence = Math.min(amount, itemsTotalPence);
  return discountPence > 0 ? -discountPence : 0;
}
