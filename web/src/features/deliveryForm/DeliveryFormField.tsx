import type { ChangeEvent } from 'react';
import Form from 'react-bootstrap/Form';
import './DeliveryFormField.css';
import type { FieldSpec } from './deliveryFields';

interface DeliveryFormFieldProps {
  field: FieldSpec;
  value: string;
  error: string | undefined;
  optional: boolean;
  /** Shown read-only, with why. */
  lockedBecause?: string;
  onChange: (value: string) => void;
  onLeave: () => void;
}

/** One labelled input of the delivery form, with its error or the reason it is locked. */
export function DeliveryFormField({ field, value, error, optional, lockedBecause, onChange, onLeave }: DeliveryFormFieldProps) {
  const id = `delivery-${field.name}`;
  const noteId = `${id}-note`;
  const hintId = `${id}-hint`;
  const locked = lockedBecause !== undefined;
  const describedBy = [error !== undefined || locked ? noteId : null, field.hint ? hintId : null].filter(Boolean).join(' ');
  const control = {
    name: field.name,
    autoComplete: field.autoComplete,
    maxLength: field.maxLength,
    value,
    readOnly: locked,
    plaintext: locked,
    required: !optional,
    isInvalid: error !== undefined,
    'aria-describedby': describedBy || undefined,
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => onChange(event.target.value),
    onBlur: onLeave,
  };

  return (
    <Form.Group className="mb-3" controlId={id}>
      <Form.Label>
        {field.label}
        {optional && <span className="text-body-secondary"> (optional)</span>}
      </Form.Label>
      {field.multiline ? (
        <Form.Control as="textarea" rows={2} {...control} />
      ) : (
        <Form.Control type={field.type ?? 'text'} {...control} />
      )}
      {field.hint && (
        <Form.Text id={hintId} className="d-block">
          {field.hint}
        </Form.Text>
      )}
      {field.checkedWhileTyping && !locked ? (
        <div className="field-note-line">
          {error !== undefined && (
            <Form.Control.Feedback type="invalid" id={noteId} className="d-block mt-0" data-testid={`error-${field.name}`}>
              {error}
            </Form.Control.Feedback>
          )}
        </div>
      ) : (
        error !== undefined && (
          <Form.Control.Feedback type="invalid" id={noteId} data-testid={`error-${field.name}`}>
            {error}
          </Form.Control.Feedback>
        )
      )}
      {locked && error === undefined && (
        <Form.Text id={noteId} data-testid={`locked-${field.name}`}>
          {lockedBecause}
        </Form.Text>
      )}
    </Form.Group>
  );
}
