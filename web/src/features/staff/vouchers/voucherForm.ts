import type { VoucherMethod, VoucherTerms } from './vouchersApi';

/** The form's fields, as typed (pounds, local date-times); `termsOf` turns them into the terms the server takes. */
export interface VoucherFormFields {
  kind: 'shared' | 'batch';
  code: string;
  count: string;
  description: string;
  benefit: 'percent' | 'fixed' | 'free_delivery';
  amount: string;
  minSpend: string;
  validFrom: string;
  validUntil: string;
  method: VoucherMethod;
  firstOrderOnly: boolean;
  maxUses: string;
  maxUsesPerCustomer: string;
}

export const EMPTY_FORM: VoucherFormFields = {
  kind: 'shared',
  code: '',
  count: '200',
  description: '',
  benefit: 'percent',
  amount: '10',
  minSpend: '',
  validFrom: '',
  validUntil: '',
  method: 'ANY',
  firstOrderOnly: false,
  maxUses: '',
  maxUsesPerCustomer: '',
};

const pence = (pounds: string) => Math.round(Number(pounds || '0') * 100);
const whole = (text: string) => (text.trim() === '' ? null : Math.trunc(Number(text)));
const instant = (local: string) => (local ? new Date(local).toISOString() : null);
const localOf = (iso: string | null) => {
  if (!iso) return '';
  const date = new Date(iso);
  return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};

/** The terms the fields say; the server checks them again (zod) and answers what is wrong. */
export function termsOf(fields: VoucherFormFields): VoucherTerms {
  const benefit =
    fields.benefit === 'percent'
      ? { kind: 'percent' as const, percent: Math.trunc(Number(fields.amount)) }
      : fields.benefit === 'fixed'
        ? { kind: 'fixed' as const, pence: pence(fields.amount) }
        : { kind: 'free_delivery' as const };
  return {
    description: fields.description,
    benefit,
    minSpendPence: pence(fields.minSpend),
    validFrom: instant(fields.validFrom),
    validUntil: instant(fields.validUntil),
    method: fields.method,
    firstOrderOnly: fields.firstOrderOnly,
    maxUses: whole(fields.maxUses),
    maxUsesPerCustomer: whole(fields.maxUsesPerCustomer),
  };
}

/** A voucher's terms back into the form, for editing. */
export function fieldsOf(terms: VoucherTerms): VoucherFormFields {
  const benefit = terms.benefit;
  return {
    ...EMPTY_FORM,
    description: terms.description,
    benefit: benefit.kind,
    amount: benefit.kind === 'percent' ? String(benefit.percent) : benefit.kind === 'fixed' ? (benefit.pence / 100).toFixed(2) : '',
    minSpend: terms.minSpendPence ? (terms.minSpendPence / 100).toFixed(2) : '',
    validFrom: localOf(terms.validFrom),
    validUntil: localOf(terms.validUntil),
    method: terms.method,
    firstOrderOnly: terms.firstOrderOnly,
    maxUses: terms.maxUses === null ? '' : String(terms.maxUses),
    maxUsesPerCustomer: terms.maxUsesPerCustomer === null ? '' : String(terms.maxUsesPerCustomer),
  };
}
