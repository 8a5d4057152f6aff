import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';

interface NumberFieldProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  min?: number;
  max?: number;
  step?: number | 'any';
  /** Text before the number, e.g. '£'. */
  prefix?: string;
  sm?: number;
}

/** A labelled number input inside a grid column, flagged when out of its range. */
export function NumberField({ id, label, value, onChange, min, max, step, prefix, sm = 4 }: NumberFieldProps) {
  const number = Number(value);
  const invalid = value.trim() === '' || Number.isNaN(number) || (min !== undefined && number < min) || (max !== undefined && number > max);
  return (
    <Form.Group as={Col} sm={sm} controlId={id}>
      <Form.Label>{label}</Form.Label>
      <InputGroup hasValidation>
        {prefix && <InputGroup.Text>{prefix}</InputGroup.Text>}
        <Form.Control
          type="number"
          inputMode="decimal"
          min={min}
          max={max}
          step={step}
          value={value}
          isInvalid={invalid}
          onChange={(event) => onChange(event.target.value)}
        />
        <Form.Control.Feedback type="invalid">
          {min !== undefined && max !== undefined ? `Between ${min} and ${max}` : 'Enter a number'}
        </Form.Control.Feedback>
      </InputGroup>
    </Form.Group>
  );
}
