import { parseClockTime } from '../../../src/shared/london-time';
import { ParsedTextInput, type ParsedTextInputProps, type TypedFormat } from './ParsedTextInput';

/** The 24-hour clock: '17:30', '1730', '9:05' all read as 'HH:MM'. */
const CLOCK_TIME: TypedFormat = { parse: parseClockTime, show: (value) => value, placeholder: 'HH:MM', maxLength: 5 };

/** A time of day typed on the 24-hour clock, handed on as 'HH:MM' (not the browser's 5:30 PM). */
export function ClockTimeInput(props: ParsedTextInputProps) {
  return <ParsedTextInput format={CLOCK_TIME} {...props} />;
}
