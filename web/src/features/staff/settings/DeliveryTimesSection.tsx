import Row from 'react-bootstrap/Row';
import { NumberField } from './NumberField';
import type { SettingsForm, UpdateForm } from './settingsForm';
import { SettingsSection } from './SettingsSection';

type MinutesKey = 'open_delivery_minutes' | 'busy_delivery_minutes' | 'slammed_delivery_minutes' | 'unprinted_alarm_minutes' | 'unprinted_alarm_second_stage_minutes';

const FIELDS: Array<{ key: MinutesKey; label: string; max: number }> = [
  { key: 'open_delivery_minutes', label: 'Open', max: 600 },
  { key: 'busy_delivery_minutes', label: 'Busy', max: 600 },
  { key: 'slammed_delivery_minutes', label: 'Slammed', max: 600 },
  { key: 'unprinted_alarm_minutes', label: 'Alarm when a new order is unprinted for', max: 60 },
  { key: 'unprinted_alarm_second_stage_minutes', label: 'Louder alarm and a mail to the managers after a further', max: 60 },
];

/** Minutes from payment until an order is ready, by store status; and when an unprinted order raises the alarm. */
export function DeliveryTimesSection({ form, update }: { form: SettingsForm; update: UpdateForm }) {
  return (
    <SettingsSection id="delivery-times" title="Delivery Times (minutes)">
      <Row className="g-2">
        {FIELDS.map(({ key, label, max }) => (
          <NumberField key={key} id={key} label={label} min={1} max={max} step={1} value={form[key]} onChange={(value) => update({ [key]: value })} />
        ))}
      </Row>
    </SettingsSection>
  );
}
