import Form from 'react-bootstrap/Form';
import { PAYMENT_METHODS } from './settingKeys';
import type { SettingsForm, UpdateForm } from './settingsForm';
import { SettingsSection } from './SettingsSection';

export function PaymentMethodsSection({ form, update }: { form: SettingsForm; update: UpdateForm }) {
  const toggle = (method: string, on: boolean) =>
    update({ payment_methods: on ? [...form.payment_methods, method] : form.payment_methods.filter((chosen) => chosen !== method) });
  return (
    <SettingsSection id="payment-methods" title="Payment methods">
      <fieldset>
        <legend className="visually-hidden">Payment methods customers may use</legend>
        {PAYMENT_METHODS.map((method) => (
          <Form.Check
            key={method.value}
            inline
            type="checkbox"
            id={`payment-method-${method.value}`}
            label={method.label}
            checked={form.payment_methods.includes(method.value)}
            onChange={(event) => toggle(method.value, event.target.checked)}
          />
        ))}
      </fieldset>
    </SettingsSection>
  );
}
