import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { DayMonthYearInput } from '../../../components/DayMonthYearInput';
import { NEW_SHIFT, type SpecialDayFields } from './hoursForm';
import type { SettingsForm, UpdateForm } from './settingsForm';
import { SettingsSection } from './SettingsSection';
import { ShiftList } from './ShiftList';

const MAX_SPECIAL_DAYS = 100;

/** Dates closed (a holiday) or with other shifts, each with the message the banner shows that day. */
export function SpecialDaysSection({ form, update }: { form: SettingsForm; update: UpdateForm }) {
  const days = form.special_days;
  const setDay = (index: number, changes: Partial<SpecialDayFields>) => update({ special_days: days.map((day, at) => (at === index ? { ...day, ...changes } : day)) });

  return (
    <SettingsSection id="special-days" title="Special days">
      {days.length === 0 && <p className="text-body-secondary">No special days: every date keeps its weekday's shifts.</p>}
      {days.map((day, index) => {
        const label = `Special day ${index + 1}`;
        return (
          <fieldset key={index} className="border-bottom mb-3" data-testid="special-day">
            <legend className="h6">{label}</legend>
            <Row className="g-2 align-items-end mb-2">
              <Form.Group as={Col} sm={4} controlId={`special-${index}-date`}>
                <Form.Label>{label} date</Form.Label>
                <DayMonthYearInput required value={day.date} onChange={(date) => setDay(index, { date })} />
              </Form.Group>
              <Col sm={4}>
                <Form.Check id={`special-${index}-closed`} label={`${label} closed all day`} checked={day.closed} onChange={(event) => setDay(index, { closed: event.target.checked })} />
              </Col>
              <Col sm={4}>
                <Button variant="outline-danger" onClick={() => update({ special_days: days.filter((_day, at) => at !== index) })} aria-label={`Remove ${label}`}>
                  Remove
                </Button>
              </Col>
            </Row>
            {!day.closed && <ShiftList id={`special-${index}`} label={label} shifts={day.shifts} onChange={(shifts) => setDay(index, { shifts })} />}
            <Form.Group className="mb-2" controlId={`special-${index}-message`}>
              <Form.Label>{label} message for the banner</Form.Label>
              <Form.Control
                type="text"
                maxLength={200}
                placeholder="Closed today for Christmas – back on the 27th"
                value={day.message}
                onChange={(event) => setDay(index, { message: event.target.value })}
              />
            </Form.Group>
          </fieldset>
        );
      })}
      <Button
        variant="outline-primary"
        disabled={days.length >= MAX_SPECIAL_DAYS}
        onClick={() => update({ special_days: [...days, { date: '', closed: true, shifts: [NEW_SHIFT], message: '' }] })}
      >
        Add a special day
      </Button>
    </SettingsSection>
  );
}
