import { useState } from 'react';
import Form from 'react-bootstrap/Form';
import type { FormControlProps } from 'react-bootstrap/FormControl';

/** How a kind of value is typed: read from the text (null: not one yet), and shown from the value. */
export interface TypedFormat {
  parse: (typed: string) => string | null;
  show: (value: string) => string;
  placeholder: string;
  maxLength: number;
}

export type ParsedTextInputProps = Omit<FormControlProps, 'value' | 'onChange' | 'type'> & {
  /** The value in its stored form, '' for none, or what was typed while it is not one yet. */
  value: string;
  onChange: (value: string) => void;
  required?: boolean;
};

/**
 * A value typed as text and shown the same in every browser (issue 38: the native time and date inputs follow
 * the browser's locale, which the shop never does). A value is handed on in its stored form; anything else as
 * typed, for the form's own check to name.
 */
export function ParsedTextInput({ format, value, onChange, ...rest }: ParsedTextInputProps & { format: TypedFormat }) {
  const { parse, show } = format;
  const [typed, setTyped] = useState(show(value));
  // A value changed from outside (a reload, a row removed above) replaces what was typed, unless it is what it means.
  const [given, setGiven] = useState(value);
  if (given !== value) {
    setGiven(value);
    if ((parse(typed) ?? typed) !== value) setTyped(show(value));
  }
  const invalid = typed.trim() !== '' && parse(typed) === null;

  return (
    <Form.Control
      {...rest}
      type="text"
      inputMode="numeric"
      autoComplete="off"
      placeholder={format.placeholder}
      maxLength={format.maxLength}
      value={typed}
      isInvalid={invalid}
      onChange={(event) => {
        setTyped(event.target.value);
        onChange(parse(event.target.value) ?? event.target.value);
      }}
      onBlur={() => setTyped((current) => show(parse(current) ?? current))}
    />
  );
}
