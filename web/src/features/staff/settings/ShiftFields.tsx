import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import type { Shift } from '../../../../../src/shared/shifts';
import { ClockTimeInput } from '../../../components/ClockTimeInput';

/** One shift's opening and closing times, whether it closes the next day, and a Remove button; `label` names it for every input. */
export function ShiftFields({ id, label, shift, onChange, onRemove }: { id: string; label: string; shift: Shift; onChange: (shift: Shift) => void; onRemove: () => void }) {
  return (
    <Row className="g-2 align-items-end mb-2" data-testid="shift">
      <Form.Group as={Col} xs={6} sm={3} controlId={`${id}-open`}>
        <Form.Label>{label} opens</Form.Label>
        <ClockTimeInput required value={shift.open} onChange={(open) => onChange({ ...shift, open })} />
      </Form.Group>
      <Form.Group as={Col} xs={6} sm={3} controlId={`${id}-close`}>
        <Form.Label>{label} closes</Form.Label>
        <ClockTimeInput required value={shift.close} onChange={(close) => onChange({ ...shift, close })} />
      </Form.Group>
      <Col xs={6} sm={3}>
        <Form.Check
          id={`${id}-next-day`}
          label={`${label} closes next day`}
          checked={shift.closesNextDay === true}
          onChange={(event) => onChange(event.target.checked ? { ...shift, closesNextDay: true } : { open: shift.open, close: shift.close })}
        />
      </Col>
      <Col xs={6} sm={3}>
        <Button variant="outline-danger" onClick={onRemove} aria-label={`Remove ${label}`}>
          Remove
        </Button>
      </Col>
    </Row>
  );
}
