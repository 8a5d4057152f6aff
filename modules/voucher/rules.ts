import { formatPence } from '../../src/shared/money';
import { londonDate } from '../../src/shared/london-time';
import { voucherDeductionPence } from '../../src/shared/voucher';
import type { Existing } from './state';

export const VOUCHER_TEXTS = {
  unknown: 'Sorry, that is not a voucher code we know',
  disabled: 'This code is no longer valid',
  expired: 'This code has expired',
  usedUp: 'This code has been used up',
  alreadyUsed: 'This code has already been used',
  perCustomer: 'You have already used this code as many times as it allows',
  firstOrderOnly: 'This code is for a first order only',
  collectOnly: 'This code is for collection orders only',
  deliverOnly: 'This code is for delivery orders only',
  freeDeliveryOnCollect: 'This code gives free delivery, so it cannot be used on a collection order',
  chooseMethodFirst: 'Please choose collection or delivery before using this code',
  nothingOff: 'This code takes nothing off this order',
  oneVoucher: 'Only one voucher can be used on an order: remove the one applied first',
  vouchersOff: 'Vouchers are not available at the moment',
} as const;

export const notYetValid = (from: string) => `This code can be used from ${londonDate(from)}`;
export const spendAtLeast = (pence: number) => `Spend ${formatPence(pence)} or more to use this code`;

/** What the rules need to know about the order and the customer at the moment of the check. */
export interface UseFacts {
  /** The code as the customer typed it (any case), normalised. */
  code: string;
  orderId: string;
  now: string;
  itemsTotalPence: number;
  /** 0 before a method is chosen; negative is the collect discount. */
  postagePence: number;
  method: 'COLLECT' | 'DELIVER' | null;
  /** From the voucher_customers lookup (by the email's keyed hash): orders of this customer paid before. */
  customerPaidOrders: number;
  /** Uses of this voucher (reserved or confirmed) by this customer on other orders. */
  customerUses: number;
}

/**
 * Every rule of a voucher use (issue 19 item 1), in the order a customer would want to hear them: the deduction
 * it gives, or why not. Uses held for `facts.orderId` itself do not count against it (a retried reservation).
 */
export function voucherVerdict(voucher: Existing, facts: UseFacts): { deductionPence: number } | { refused: string } {
  const refused = (message: string) => ({ refused: message });
  const { terms } = voucher;
  if (!voucher.codes.includes(facts.code)) return refused(VOUCHER_TEXTS.unknown);
  if (voucher.status === 'disabled') return refused(VOUCHER_TEXTS.disabled);
  if (terms.validFrom && facts.now < terms.validFrom) return refused(notYetValid(terms.validFrom));
  if (terms.validUntil && facts.now >= terms.validUntil) return refused(VOUCHER_TEXTS.expired);
  const others = Object.values(voucher.uses).filter((use) => use.orderId !== facts.orderId);
  if (voucher.singleUse && others.some((use) => use.code === facts.code)) return refused(VOUCHER_TEXTS.alreadyUsed);
  if (terms.maxUses !== null && others.length >= terms.maxUses) return refused(VOUCHER_TEXTS.usedUp);
  if (terms.maxUsesPerCustomer !== null && facts.customerUses >= terms.maxUsesPerCustomer) return refused(VOUCHER_TEXTS.perCustomer);
  if (terms.firstOrderOnly && facts.customerPaidOrders > 0) return refused(VOUCHER_TEXTS.firstOrderOnly);
  if (terms.benefit.kind === 'free_delivery' && facts.method === 'COLLECT') return refused(VOUCHER_TEXTS.freeDeliveryOnCollect);
  if ((terms.method !== 'ANY' || terms.benefit.kind === 'free_delivery') && facts.method === null) return refused(VOUCHER_TEXTS.chooseMethodFirst);
  if (terms.method === 'COLLECT' && facts.method !== 'COLLECT') return refused(VOUCHER_TEXTS.collectOnly);
  if (terms.method === 'DELIVER' && facts.method !== 'DELIVER') return refused(VOUCHER_TEXTS.deliverOnly);
  if (facts.itemsTotalPence < terms.minSpendPence) return refused(spendAtLeast(terms.minSpendPence));
  const deductionPence = voucherDeductionPence(terms.benefit, { itemsTotalPence: facts.itemsTotalPence, postagePence: facts.postagePence });
  if (deductionPence === 0) return refused(VOUCHER_TEXTS.nothingOff);
  return { deductionPence };
}
