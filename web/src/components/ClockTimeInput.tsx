import { useState } from 'react';
import Form from 'react-bootstrap/Form';
import type { FormControlProps } from 'react-bootstrap/FormControl';
import { parseClockTime } from '../../../src/shared/london-time';

type ClockTimeInputProps = Omit<FormControlProps, 'value' | 'onChange' | 'type'> & {
  /** 'HH:MM' on the 24-hour clock, or what was typed while it is not a time yet. */
  value: string;
  onChange: (value: string) => void;
  required?: boolean;
};

/**
 * A time of day typed on the 24-hour clock ('17:30', '1730', '9:05'), shown the same in every browser: the
 * native time input follows the browser's locale (5:30 PM in the US), which the shop's clock never does (issue 38).
 * A time is handed on as 'HH:MM'; anything else as typed, for the form's own check to name.
 */
export function ClockTimeInput({ value, onChange, ...rest }: ClockTimeInputProps) {
  const [typed, setTyped] = useState(value);
  // A value changed from outside (a reload, a row removed above) replaces what was typed, unless it is what it means.
  const [given, setGiven] = useState(value);
  if (given !== value) {
    setGiven(value);
    if ((parseClockTime(typed) ?? typed) !== value) setTyped(value);
  }
  const invalid = typed.trim() !== '' && parseClockTime(typed) === null;

  return (
    <Form.Control
      {...rest}
      type="text"
      inputMode="numeric"
      autoComplete="off"
      placeholder="HH:MM"
      maxLength={5}
      value={typed}
      isInvalid={invalid}
      onChange={(event) => {
        setTyped(event.target.value);
        onChange(parseClockTime(event.target.value) ?? event.target.value);
      }}
      onBlur={() => setTyped((current) => parseClockTime(current) ?? current)}
    />
  );
}
