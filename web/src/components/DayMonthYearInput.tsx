import { useState } from 'react';
import Form from 'react-bootstrap/Form';
import type { FormControlProps } from 'react-bootstrap/FormControl';
import { dayMonthYear, parseDayMonthYear } from '../../../src/shared/london-time';

type DayMonthYearInputProps = Omit<FormControlProps, 'value' | 'onChange' | 'type'> & {
  /** 'YYYY-MM-DD', '' for none, or what was typed while it is not a date yet. */
  value: string;
  onChange: (value: string) => void;
  required?: boolean;
};

const shown = (value: string) => (/^\d{4}-\d{2}-\d{2}$/.test(value) ? dayMonthYear(value) : value);

/**
 * A date typed day first ('25/12/2026'), shown the same in every browser: the native date input follows the
 * browser's locale (12/25/2026 in the US), which the shop never does (issue 38). A date is handed on as
 * 'YYYY-MM-DD'; anything else as typed, for the form's own check to name.
 */
export function DayMonthYearInput({ value, onChange, ...rest }: DayMonthYearInputProps) {
  const [typed, setTyped] = useState(shown(value));
  // A value changed from outside (a reload, a row removed above) replaces what was typed, unless it is what it means.
  const [given, setGiven] = useState(value);
  if (given !== value) {
    setGiven(value);
    if ((parseDayMonthYear(typed) ?? typed) !== value) setTyped(shown(value));
  }
  const invalid = typed.trim() !== '' && parseDayMonthYear(typed) === null;

  return (
    <Form.Control
      {...rest}
      type="text"
      inputMode="numeric"
      autoComplete="off"
      placeholder="DD/MM/YYYY"
      maxLength={10}
      value={typed}
      isInvalid={invalid}
      onChange={(event) => {
        setTyped(event.target.value);
        onChange(parseDayMonthYear(event.target.value) ?? event.target.value);
      }}
      onBlur={() => setTyped((current) => shown(parseDayMonthYear(current) ?? current))}
    />
  );
}
