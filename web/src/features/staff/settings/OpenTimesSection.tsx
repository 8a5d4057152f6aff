import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { timesWork, type SettingsForm, type UpdateForm } from './settingsForm';
import { SettingsSection } from './SettingsSection';

export function OpenTimesSection({ form, update }: { form: SettingsForm; update: UpdateForm }) {
  const ok = timesWork(form);
  return (
    <SettingsSection id="open-times" title="Open Times">
      <Row className="g-2">
        <Form.Group as={Col} sm={4} controlId="open_time">
          <Form.Label>Open time</Form.Label>
          <Form.Control type="time" required value={form.open_time} onChange={(event) => update({ open_time: event.target.value })} />
        </Form.Group>
        <Form.Group as={Col} sm={4} controlId="close_time">
          <Form.Label>Close time</Form.Label>
          <Form.Control type="time" required value={form.close_time} onChange={(event) => update({ close_time: event.target.value })} />
        </Form.Group>
      </Row>
      <p className={`mb-0 mt-2 ${ok ? 'text-success' : 'text-danger'}`} role="status" data-testid="times-verdict">
        {ok ? 'Times are OK' : 'Open times do not work together'}
      </p>
    </SettingsSection>
  );
}
