/** A voucher as the manager's list shows it. */
export interface VoucherRow {
  voucherId: string;
  status: 'active' | 'disabled';
  description: string;
  singleUse: boolean;
  codeCount: number;
  /** The shared code, or the first codes of a batch. */
  codes: string[];
  terms: import('./events').VoucherTerms;
  usesHeld: number;
  givenAwayPence: number;
  createdAt: string;
}

/** One use of a voucher, for the manager's screen and its CSV. */
export interface VoucherUseRow {
  orderId: string;
  orderRef: string;
  code: string;
  status: 'reserved' | 'confirmed' | 'released';
  deductionPence: number;
  reservedAt: string;
  customer: string;
}

/** The vouchers read model (projections/vouchers), as this module reads it. */
export interface VoucherReadModel {
  voucherIdOf(code: string): Promise<string | null>;
  list(): Promise<VoucherRow[]>;
  uses(voucherId: string): Promise<VoucherUseRow[]>;
  /** The codes of one voucher (all of a batch, for the manager to print). */
  codes(voucherId: string): Promise<string[]>;
}
