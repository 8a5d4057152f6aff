import { useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { caughtMessage } from '../../../app/serverMessage';
import { ClockTimeInput } from '../../../components/ClockTimeInput';
import { DayMonthYearInput } from '../../../components/DayMonthYearInput';
import { EMPTY_FORM, termsOf, type VoucherFormFields } from './voucherForm';
import type { VoucherTerms } from './vouchersApi';

interface VoucherFormProps {
  /** Editing keeps the codes: only the terms are shown. */
  editing: boolean;
  initial?: VoucherFormFields;
  onSave(input: { code?: string; count?: number; terms: VoucherTerms }): Promise<unknown>;
  onCancel?: () => void;
}

/** Create or edit a voucher: a shared code or a batch of single-use codes, and its terms. */
export function VoucherForm({ editing, initial = EMPTY_FORM, onSave, onCancel }: VoucherFormProps) {
  const [fields, setFields] = useState(initial);
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const set = <K extends keyof VoucherFormFields>(key: K) => (value: VoucherFormFields[K]) => setFields((before) => ({ ...before, [key]: value }));
  const id = (name: string) => `voucher-${editing ? 'edit' : 'new'}-${name}`;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setProblem(null);
    setSaving(true);
    try {
      const terms = termsOf(fields);
      if (editing) await onSave({ terms });
      else await onSave(fields.kind === 'shared' ? { code: fields.code, terms } : { count: Math.trunc(Number(fields.count)), terms });
      if (!editing) setFields(EMPTY_FORM);
    } catch (caught) {
      setProblem(caughtMessage(caught, 'The voucher could not be saved'));
    } finally {
      setSaving(false);
    }
  }

  return (
    <Form onSubmit={submit} data-testid={editing ? 'voucher-edit-form' : 'voucher-new-form'}>
      {problem && (
        <Alert variant="danger" data-testid="voucher-form-problem">
          {problem}
        </Alert>
      )}
      {!editing && (
        <Row className="g-2 mb-2">
          <Col sm={4}>
            <Form.Group controlId={id('kind')}>
              <Form.Label>Codes</Form.Label>
              <Form.Select value={fields.kind} onChange={(event) => set('kind')(event.target.value as VoucherFormFields['kind'])}>
                <option value="shared">One shared code</option>
                <option value="batch">A batch of single-use codes</option>
              </Form.Select>
            </Form.Group>
          </Col>
          <Col sm={4}>
            {fields.kind === 'shared' ? (
              <Form.Group controlId={id('code')}>
                <Form.Label>Code</Form.Label>
                <Form.Control value={fields.code} onChange={(event) => set('code')(event.target.value)} maxLength={40} required />
              </Form.Group>
            ) : (
              <Form.Group controlId={id('count')}>
                <Form.Label>How many codes</Form.Label>
                <Form.Control type="number" min={1} max={1000} value={fields.count} onChange={(event) => set('count')(event.target.value)} required />
              </Form.Group>
            )}
          </Col>
        </Row>
      )}
      <Row className="g-2 mb-2">
        <Col sm={6}>
          <Form.Group controlId={id('description')}>
            <Form.Label>Description</Form.Label>
            <Form.Control value={fields.description} onChange={(event) => set('description')(event.target.value)} maxLength={120} required />
          </Form.Group>
        </Col>
        <Col sm={3}>
          <Form.Group controlId={id('benefit')}>
            <Form.Label>Takes off</Form.Label>
            <Form.Select value={fields.benefit} onChange={(event) => set('benefit')(event.target.value as VoucherFormFields['benefit'])}>
              <option value="percent">A percentage of the items</option>
              <option value="fixed">A fixed amount (£)</option>
              <option value="free_delivery">The delivery charge</option>
            </Form.Select>
          </Form.Group>
        </Col>
        {fields.benefit !== 'free_delivery' && (
          <Col sm={3}>
            <Form.Group controlId={id('amount')}>
              <Form.Label>{fields.benefit === 'percent' ? 'Percent' : 'Amount (£)'}</Form.Label>
              <Form.Control type="number" step={fields.benefit === 'percent' ? 1 : 0.01} min={0} value={fields.amount} onChange={(event) => set('amount')(event.target.value)} required />
            </Form.Group>
          </Col>
        )}
      </Row>
      <Row className="g-2 mb-2">
        <Col sm={3}>
          <Form.Group controlId={id('min-spend')}>
            <Form.Label>Minimum spend (£)</Form.Label>
            <Form.Control type="number" step={0.01} min={0} value={fields.minSpend} onChange={(event) => set('minSpend')(event.target.value)} />
          </Form.Group>
        </Col>
        {(['From', 'Until'] as const).map((end) => (
          <Col sm={3} key={end}>
            <fieldset>
              <legend className="form-label fs-6 mb-2">Valid {end.toLowerCase()} (London time)</legend>
              <Row className="g-1">
                <Col xs={7}>
                  <Form.Group controlId={id(`valid-${end.toLowerCase()}-date`)}>
                    <Form.Label visuallyHidden>Valid {end.toLowerCase()} date</Form.Label>
                    <DayMonthYearInput value={fields[`valid${end}Date`]} onChange={set(`valid${end}Date`)} />
                  </Form.Group>
                </Col>
                <Col xs={5}>
                  <Form.Group controlId={id(`valid-${end.toLowerCase()}-time`)}>
                    <Form.Label visuallyHidden>Valid {end.toLowerCase()} time</Form.Label>
                    <ClockTimeInput value={fields[`valid${end}Time`]} onChange={set(`valid${end}Time`)} />
                  </Form.Group>
                </Col>
              </Row>
            </fieldset>
          </Col>
        ))}
        <Col sm={3}>
          <Form.Group controlId={id('method')}>
            <Form.Label>Orders</Form.Label>
            <Form.Select value={fields.method} onChange={(event) => set('method')(event.target.value as VoucherFormFields['method'])}>
              <option value="ANY">Collection or delivery</option>
              <option value="COLLECT">Collection only</option>
              <option value="DELIVER">Delivery only</option>
            </Form.Select>
          </Form.Group>
        </Col>
      </Row>
      <Row className="g-2 mb-3 align-items-end">
        <Col sm={3}>
          <Form.Group controlId={id('max-uses')}>
            <Form.Label>Uses in all (blank: no cap)</Form.Label>
            <Form.Control type="number" min={1} value={fields.maxUses} onChange={(event) => set('maxUses')(event.target.value)} />
          </Form.Group>
        </Col>
        <Col sm={3}>
          <Form.Group controlId={id('max-per-customer')}>
            <Form.Label>Uses per customer</Form.Label>
            <Form.Control type="number" min={1} value={fields.maxUsesPerCustomer} onChange={(event) => set('maxUsesPerCustomer')(event.target.value)} />
          </Form.Group>
        </Col>
        <Col sm={3}>
          <Form.Check
            id={id('first-order')}
            label="First order only"
            checked={fields.firstOrderOnly}
            onChange={(event) => set('firstOrderOnly')(event.target.checked)}
          />
        </Col>
      </Row>
      <Button type="submit" disabled={saving} data-testid="voucher-save">
        {editing ? 'Save voucher' : 'Create voucher'}
      </Button>
      {onCancel && (
        <Button variant="link" onClick={onCancel}>
          Cancel
        </Button>
      )}
    </Form>
  );
}
