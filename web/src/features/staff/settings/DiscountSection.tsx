import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { DISCOUNT_TYPES, type DiscountType } from './settingKeys';
import { discountIsValid, type SettingsForm, type UpdateForm } from './settingsForm';
import { SettingsSection } from './SettingsSection';

/** The collection discount; its type and amount only while it is on. */
export function DiscountSection({ form, update }: { form: SettingsForm; update: UpdateForm }) {
  const on = form.offer_takeaway_collect_discount;
  const percent = form.takeaway_collect_discount_type === 'Percentage %';
  return (
    <SettingsSection id="discounts" title="Discounts">
      <Form.Check
        type="switch"
        id="offer_takeaway_collect_discount"
        label="Offer a discount on collected orders"
        checked={on}
        onChange={(event) => update({ offer_takeaway_collect_discount: event.target.checked })}
      />
      {on && (
        <Row className="g-2 mt-1">
          <Form.Group as={Col} sm={4} controlId="takeaway_collect_discount_type">
            <Form.Label>Discount type</Form.Label>
            <Form.Select
              value={form.takeaway_collect_discount_type}
              onChange={(event) => update({ takeaway_collect_discount_type: event.target.value as DiscountType })}
            >
              {DISCOUNT_TYPES.map((type) => (
                <option key={type}>{type}</option>
              ))}
            </Form.Select>
          </Form.Group>
          <Form.Group as={Col} sm={4} controlId="takeaway_collect_discount_amount_or_percent">
            <Form.Label>{percent ? 'Discount (%)' : 'Discount (pence)'}</Form.Label>
            <Form.Control
              type="number"
              min={1}
              max={percent ? 100 : 100000}
              step={1}
              value={form.takeaway_collect_discount_amount_or_percent}
              isInvalid={!discountIsValid(form)}
              onChange={(event) => update({ takeaway_collect_discount_amount_or_percent: event.target.value })}
              data-testid="discount-amount"
            />
            <Form.Control.Feedback type="invalid">Must be more than 0</Form.Control.Feedback>
          </Form.Group>
        </Row>
      )}
    </SettingsSection>
  );
}
