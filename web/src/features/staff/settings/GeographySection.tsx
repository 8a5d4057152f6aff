import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { NumberField } from './NumberField';
import type { SettingsForm, UpdateForm } from './settingsForm';
import { SettingsSection } from './SettingsSection';
import type { PostcodeCheck } from './usePostcodeCheck';

const CHECK_CLASS: Record<PostcodeCheck['state'], string> = {
  waiting: 'text-muted',
  checking: 'text-muted',
  blank: 'text-danger',
  invalid: 'text-danger',
  'not-ok': 'text-danger',
  ok: 'text-success',
};

export function GeographySection({ form, update, postcodeCheck }: { form: SettingsForm; update: UpdateForm; postcodeCheck: PostcodeCheck }) {
  return (
    <SettingsSection id="geography" title="Geography info">
      <Row className="g-2">
        <Form.Group as={Col} sm={4} controlId="kitchen_postcode">
          <Form.Label>Kitchen postcode</Form.Label>
          <Form.Control
            value={form.kitchen_postcode}
            maxLength={10}
            autoComplete="postal-code"
            aria-describedby="kitchen-postcode-check"
            isInvalid={postcodeCheck.state === 'invalid' || postcodeCheck.state === 'blank' || postcodeCheck.state === 'not-ok'}
            isValid={postcodeCheck.state === 'ok'}
            onChange={(event) => update({ kitchen_postcode: event.target.value })}
            data-testid="kitchen-postcode"
          />
          <Form.Text id="kitchen-postcode-check" className={CHECK_CLASS[postcodeCheck.state]} role="status" data-testid="postcode-check">
            {postcodeCheck.message}
          </Form.Text>
        </Form.Group>
        <NumberField
          id="delivery_radius"
          label="Delivery radius (miles)"
          min={0}
          max={50}
          step="any"
          value={form.delivery_radius}
          onChange={(value) => update({ delivery_radius: value })}
        />
        <Form.Group as={Col} xs={12} controlId="full_address">
          <Form.Label>Full address</Form.Label>
          <Form.Control
            as="textarea"
            rows={2}
            maxLength={300}
            value={form.full_address}
            onChange={(event) => update({ full_address: event.target.value })}
          />
        </Form.Group>
      </Row>
    </SettingsSection>
  );
}
