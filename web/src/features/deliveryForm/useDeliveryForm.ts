import { useState } from 'react';
import { useDebouncedValue } from '../../app/useDebouncedValue';
import { TYPING_PAUSE_MS } from '../../app/timings';
import type { DeliveryDetails } from '../order/order';
import { useUpdateOrder } from '../order/useUpdateOrder';
import { DELIVERY_FIELDS, type DeliveryField } from './deliveryFields';
import { fieldOfRefusal, trimmed, validateDetails, wordRefusal, type FieldErrors } from './deliveryFormRules';

type Touched = Partial<Record<DeliveryField, boolean>>;

export type SubmitOutcome = { ok: true } | { ok: false; firstInvalid: DeliveryField | null };

/**
 * The delivery form's values and which errors to show: a field's own error once it has been left (or the form
 * sent), the phone's also 500 ms after typing stops, and the server's verdict on a field until it changes.
 */
export function useDeliveryForm(initial: DeliveryDetails, needsAddress: boolean) {
  const [values, setValues] = useState(initial);
  const [touched, setTouched] = useState<Touched>({});
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [isSending, setSending] = useState(false);
  const { updateOrder } = useUpdateOrder();
  const settledPhone = useDebouncedValue(values.phone_number, TYPING_PAUSE_MS);

  const errors = validateDetails(values, needsAddress);
  const phoneSettled = settledPhone === values.phone_number && values.phone_number.trim() !== '';
  const shown: FieldErrors = {};
  for (const name of Object.keys(errors) as DeliveryField[]) {
    if (touched[name] || (name === 'phone_number' && phoneSettled)) shown[name] = errors[name];
  }
  const visibleErrors: FieldErrors = { ...shown, ...serverErrors };

  const setValue = (name: DeliveryField, value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    setServerErrors(({ [name]: _dropped, ...rest }) => rest);
  };
  const leave = (name: DeliveryField) => setTouched((current) => ({ ...current, [name]: true }));

  const submit = async (): Promise<SubmitOutcome> => {
    const invalid = DELIVERY_FIELDS.map((field) => field.name).filter((name) => errors[name] !== undefined);
    if (invalid.length > 0) {
      setTouched((current) => ({ ...current, ...Object.fromEntries(invalid.map((name) => [name, true])) }));
      return { ok: false, firstInvalid: invalid[0] };
    }
    setSending(true);
    try {
      const result = await updateOrder({ deliveryForm: trimmed(values) }, wordRefusal);
      if (result.ok) return { ok: true };
      const refusal = fieldOfRefusal(result.reason);
      if (refusal) setServerErrors((current) => ({ ...current, [refusal.field]: refusal.message }));
      return { ok: false, firstInvalid: refusal?.field ?? null };
    } finally {
      setSending(false);
    }
  };

  return { values, visibleErrors, setValue, leave, submit, isSending };
}
