import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { DayMonthYearInput } from '../../../components/DayMonthYearInput';
import { SNOWFALL_DATES_MAX, snowfallDatesProblems } from '../../../../../src/shared/snowfall';
import type { SettingsForm, UpdateForm } from './settingsForm';
import { SettingsSection } from './SettingsSection';

/** The dates the content pages' snowfall parts show snow (issue 39 item 6): stretches of London dates, both ends included. */
export function SnowfallSection({ form, update }: { form: SettingsForm; update: UpdateForm }) {
  const ranges = form.snowfall_dates;
  const setRange = (index: number, changes: Partial<SettingsForm['snowfall_dates'][number]>) =>
    update({ snowfall_dates: ranges.map((range, at) => (at === index ? { ...range, ...changes } : range)) });
  const problems = snowfallDatesProblems(ranges.filter((range) => range.from !== '' && range.to !== ''));

  return (
    <SettingsSection id="snowfall" title="Snowfall on content pages">
      {ranges.length === 0 && <p className="text-body-secondary">No snow: a page's snowfall part shows nothing until you choose its dates.</p>}
      {ranges.map((range, index) => {
        const label = `Snow ${index + 1}`;
        return (
          <Row key={index} className="g-2 align-items-end mb-2" data-testid="snowfall-dates">
            <Form.Group as={Col} sm={4} controlId={`snow-${index}-from`}>
              <Form.Label>{label} from</Form.Label>
              <DayMonthYearInput required value={range.from} onChange={(from) => setRange(index, { from })} />
            </Form.Group>
            <Form.Group as={Col} sm={4} controlId={`snow-${index}-to`}>
              <Form.Label>{label} until (included)</Form.Label>
              <DayMonthYearInput required value={range.to} onChange={(to) => setRange(index, { to })} />
            </Form.Group>
            <Col sm={4}>
              <Button variant="outline-danger" onClick={() => update({ snowfall_dates: ranges.filter((_range, at) => at !== index) })} aria-label={`Remove ${label}`}>
                Remove
              </Button>
            </Col>
          </Row>
        );
      })}
      {problems.map((problem) => (
        <p key={problem} className="text-danger small mb-2" role="alert">
          {problem[0].toUpperCase() + problem.slice(1)}.
        </p>
      ))}
      <Button variant="outline-primary" disabled={ranges.length >= SNOWFALL_DATES_MAX} onClick={() => update({ snowfall_dates: [...ranges, { from: '', to: '' }] })}>
        Add snow dates
      </Button>
    </SettingsSection>
  );
}
