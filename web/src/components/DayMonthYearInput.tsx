import { dayMonthYear, parseDayMonthYear } from '../../../src/shared/london-time';
import { ParsedTextInput, type ParsedTextInputProps, type TypedFormat } from './ParsedTextInput';

/** Day first: '25/12/2026' reads as '2026-12-25', which shows as '25/12/2026'. */
const DAY_MONTH_YEAR: TypedFormat = {
  parse: parseDayMonthYear,
  show: (value) => (/^\d{4}-\d{2}-\d{2}$/.test(value) ? dayMonthYear(value) : value),
  placeholder: 'DD/MM/YYYY',
  maxLength: 10,
};

/** A date typed day first, handed on as 'YYYY-MM-DD' (not the browser's 12/25/2026). */
export function DayMonthYearInput(props: ParsedTextInputProps) {
  return <ParsedTextInput format={DAY_MONTH_YEAR} {...props} />;
}
