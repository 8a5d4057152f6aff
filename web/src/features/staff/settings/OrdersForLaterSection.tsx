import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { NumberField } from './NumberField';
import type { SettingsForm, UpdateForm } from './settingsForm';
import { SettingsSection } from './SettingsSection';

/** Orders for later and the kitchen's cap per 15-minute window (issue 37). */
export function OrdersForLaterSection({ form, update }: { form: SettingsForm; update: UpdateForm }) {
  return (
    <SettingsSection id="orders-for-later" title="Orders for later">
      <Row className="g-2">
        <NumberField id="order_ahead_days" label="Days ahead customers may book (0: today only)" min={0} max={7} step={1} value={form.order_ahead_days} onChange={(value) => update({ order_ahead_days: value })} />
        <NumberField id="scheduled_lead_minutes" label="Minutes before its time an order comes to the kitchen" min={0} max={240} step={1} value={form.scheduled_lead_minutes} onChange={(value) => update({ scheduled_lead_minutes: value })} />
        <NumberField id="window_order_cap" label="Orders the kitchen takes per 15 minutes (0: no cap)" min={0} max={500} step={1} value={form.window_order_cap} onChange={(value) => update({ window_order_cap: value })} />
      </Row>
      <Form.Text>A cap counts every order, as soon as possible or booked; 6 orders per 15 minutes suits most small kitchens.</Form.Text>
    </SettingsSection>
  );
}
