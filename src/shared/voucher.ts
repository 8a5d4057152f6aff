/**
 * What a voucher takes off an order: the one home of the deduction, for the server's totals and the web app's
 * summary line (issue 19). Every amount is integer pence.
 */
export type VoucherBenefit =
  | { kind: 'percent'; percent: number }
  | { kind: 'fixed'; pence: number }
  | { kind: 'free_delivery' };

/** A voucher use as the web app shows it (customer spec §3 "Voucher use"). */
export interface VoucherUseView {
  code: string;
  description: string;
  /** Pence taken off the order. */
  deduction: number;
}

/**
 * A percentage or a fixed amount comes off the items total (a percentage rounded to the nearest penny, half up);
 * free delivery takes the delivery charge off. The collect discount is computed on the items total beside it, so
 * 10 % off and a 10 % collect discount on £20.00 of items leave £16.00. Never more than the order costs.
 */
export function voucherDeductionPence(benefit: VoucherBenefit, order: { itemsTotalPence: number; postagePence: number }): number {
  const wanted = wantedPence(benefit, order);
  const payable = Math.max(0, order.itemsTotalPence + order.postagePence);
  return Math.max(0, Math.min(wanted, payable));
}

function wantedPence(benefit: VoucherBenefit, order: { itemsTotalPence: number; postagePence: number }): number {
  switch (benefit.kind) {
    case 'percent':
      return Math.floor((order.itemsTotalPence * benefit.percent + 50) / 100);
    case 'fixed':
      return benefit.pence;
    case 'free_delivery':
      return Math.max(0, order.postagePence);
    default: {
      const never: never = benefit;
      return never;
    }
  }
}

/** Codes are case-insensitive: stored and compared in capitals, without surrounding spaces. */
export function normaliseVoucherCode(code: string): string {
  return code.trim().toUpperCase();
}
