/** The shop's collect discount (settings offer_takeaway_collect_discount, _type, _amount_or_percent). */
export interface CollectDiscount {
  offer: boolean;
  type: 'Percentage %' | 'Fixed Amount';
  /** A percentage, or pence for 'Fixed Amount'. */
  amountOrPercent: number;
}

/**
 * Collecting earns the discount as a negative postage: a rounded percentage of the items, or a fixed amount,
 * never more than the items; nothing for an all-virtual basket (there is nothing to collect).
 */
export function collectPostage(itemsTotalPence: number, allVirtual: boolean, discount: CollectDiscount): number {
  if (allVirtual || !discount.offer || itemsTotalPence <= 0) return 0;
  const amount =
    discount.type === 'Percentage %' ? Math.round((itemsTotalPence * discount.amountOrPercent) / 100) : discount.amountOrPercent;
  const discountPence = Math.min(amount, itemsTotalPence);
  return discountPence > 0 ? -discountPence : 0;
}
