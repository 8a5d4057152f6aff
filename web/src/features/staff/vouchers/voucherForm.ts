import { londonDate, londonInstantOn, londonTime, parseClockTime, parseDayMonthYear } from '../../../../../src/shared/london-time';
import type { VoucherMethod, VoucherTerms } from './vouchersApi';

/** The form's fields, as typed (pounds, London dates and times); `termsOf` turns them into the terms the server takes. */
export interface VoucherFormFields {
  kind: 'shared' | 'batch';
  code: string;
  count: string;
  description: string;
  benefit: 'percent' | 'fixed' | 'free_delivery';
  amount: string;
  minSpend: string;
  /** 'YYYY-MM-DD' and 'HH:MM' on London's calendar and clock (or what was typed while they are not). */
  validFromDate: string;
  validFromTime: string;
  validUntilDate: string;
  validUntilTime: string;
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
  validFromDate: '',
  validFromTime: '',
  validUntilDate: '',
  validUntilTime: '',
  method: 'ANY',
  firstOrderOnly: false,
  maxUses: '',
  maxUsesPerCustomer: '',
};

const pence = (pounds: string) => Math.round(Number(pounds || '0') * 100);
const whole = (text: string) => (text.trim() === '' ? null : Math.trunc(Number(text)));
/** The instant London's clock shows then (midnight when no time is given); null for no date. */
function instant(name: string, date: string, time: string): string | null {
  if (date.trim() === '' && time.trim() === '') return null;
  const day = parseDayMonthYear(date) ?? (/^\d{4}-\d{2}-\d{2}$/.test(date) ? date : null);
  const clock = time.trim() === '' ? '00:00' : parseClockTime(time);
  if (!day || !clock) throw new Error(`${name}: give a date as DD/MM/YYYY and a time as HH:MM (24-hour)`);
  return londonInstantOn(day, clock).toISOString();
}

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
    validFrom: instant('Valid from', fields.validFromDate, fields.validFromTime),
    validUntil: instant('Valid until', fields.validUntilDate, fields.validUntilTime),
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
    validFromDate: terms.validFrom ? londonDate(terms.validFrom) : '',
    validFromTime: terms.validFrom ? londonTime(terms.validFrom) : '',
    validUntilDate: terms.validUntil ? londonDate(terms.validUntil) : '',
    validUntilTime: terms.validUntil ? londonTime(terms.validUntil) : '',
    method: terms.method,
    firstOrderOnly: terms.firstOrderOnly,
    maxUses: terms.maxUses === null ? '' : String(terms.maxUses),
    maxUsesPerCustomer: terms.maxUsesPerCustomer === null ? '' : String(terms.maxUsesPerCustomer),
  };
}
