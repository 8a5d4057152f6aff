export {
  VOUCHER_EVENT_SCHEMAS,
  VOUCHER_EVENT_TYPES,
  VOUCHER_METHODS,
  voucherIdOf,
  voucherStream,
  voucherTermsSchema,
  type VoucherEvent,
  type VoucherTerms,
  type ReleaseReason,
} from './events';
export { voucherDecider, NO_VOUCHER, type VoucherCommand } from './decider';
export { evolveVoucher, initialVoucherState, type VoucherState } from './state';
export { VOUCHER_TEXTS, voucherVerdict, type UseFacts } from './rules';
export { generateCodes, CODE_ALPHABET, GENERATED_CODE_LENGTH } from './codes';
export { normaliseVoucherCode, voucherDeductionPence, type VoucherBenefit, type VoucherUseView } from '../../src/shared/voucher';
export { createVouchers, VOUCHER_REFUSED, type Vouchers, type Accepted, type OrderFacts } from './vouchers';
export type { VoucherReadModel, VoucherRow, VoucherUseRow } from './ports';
export { voucherRoutes } from './routes';
