import Alert from 'react-bootstrap/Alert';
import Form from 'react-bootstrap/Form';
import { usePaypalKeyQuery, useStripeKeyQuery } from '../../payment/card/cardApi';
import Row from 'react-bootstrap/Row';
import { NumberField } from './NumberField';
import { PAYMENT_METHODS } from './settingKeys';
import type { SettingsForm, UpdateForm } from './settingsForm';
import { SettingsSection } from './SettingsSection';

export function PaymentMethodsSection({ form, update }: { form: SettingsForm; update: UpdateForm }) {
  // The keys live in the server's configuration, never in settings: the public key answer says whether they are set.
  const cardKey = useStripeKeyQuery();
  const paypalKey = usePaypalKeyQuery();
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
      {form.payment_methods.includes('card') && cardKey.data && !cardKey.data.status && (
        <Alert variant="warning" className="small mt-2 mb-0" data-testid="card-not-configured">
          Customers are not offered card payment yet: set STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET on the server
          (see the README) and restart the shop.
        </Alert>
      )}
      {form.payment_methods.includes('paypal') && paypalKey.data && !paypalKey.data.status && (
        <Alert variant="warning" className="small mt-2 mb-0" data-testid="paypal-not-configured">
          Customers are not offered PayPal yet: set PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET, PAYPAL_WEBHOOK_ID and PAYPAL_BASE_URL on the server
          (see the README) and restart the shop.
        </Alert>
      )}
      <Row className="g-2 mt-1">
        <NumberField
          id="card_unattended_minutes"
          label="Offer card and PayPal only while a staff screen has shown the orders within (minutes; 0: always)"
          min={0}
          max={1440}
          step={1}
          sm={8}
          value={form.card_unattended_minutes}
          onChange={(value) => update({ card_unattended_minutes: value })}
        />
      </Row>
    </SettingsSection>
  );
}
