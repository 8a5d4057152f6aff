import { useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { useStepUp } from '../accounts/useStepUp';
import { useErasePersonMutation, type ErasureTarget } from './privacyApi';

type Kind = 'email' | 'phone' | 'orderId';
const LABELS: Record<Kind, string> = { email: "Customer's email", phone: "Customer's phone number", orderId: 'Order id' };

/**
 * The admin forgets a customer on request: every order and basket found by the email or phone (or one order)
 * shows "[erased]" from now on; the money stays in the books. Asks for the password when it is not recent.
 */
export function ForgetPersonForm() {
  const [kind, setKind] = useState<Kind>('email');
  const [value, setValue] = useState('');
  const [sure, setSure] = useState(false);
  const [erase, { data, reset }] = useErasePersonMutation();
  const stepUp = useStepUp();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    reset();
    const target = { [kind]: value.trim() } as ErasureTarget;
    await stepUp.run(async () => {
      await erase(target).unwrap();
      setValue('');
      setSure(false);
    });
  };

  // The password prompt is a form of its own, outside this one: a submit inside a portal still bubbles in React.
  return (
    <>
      <Form onSubmit={submit} aria-label="Forget a customer" className="mt-5">
        <h2 className="h5">Forget a customer</h2>
        <p className="text-body-secondary small">
          On a customer&apos;s request: their name, contact details, addresses and notes are erased from every order, mail and
          record. This cannot be undone. The orders&apos; money and dishes stay for the accounts.
        </p>
        {stepUp.error && (
          <Alert variant="danger" role="alert">
            {stepUp.error}
          </Alert>
        )}
        {data && (
          <Alert variant="success" role="status" dismissible onClose={reset} data-testid="erased">
            {data.message}
          </Alert>
        )}
        <Row className="g-2 align-items-end">
          <Col sm={3}>
            <Form.Group controlId="forget-kind">
              <Form.Label>Find them by</Form.Label>
              <Form.Select value={kind} onChange={(event) => setKind(event.target.value as Kind)}>
                {(Object.keys(LABELS) as Kind[]).map((option) => (
                  <option key={option} value={option}>
                    {LABELS[option]}
                  </option>
                ))}
              </Form.Select>
            </Form.Group>
          </Col>
          <Col sm={5}>
            <Form.Group controlId="forget-value">
              <Form.Label>{LABELS[kind]}</Form.Label>
              <Form.Control type={kind === 'email' ? 'email' : 'text'} required value={value} onChange={(event) => setValue(event.target.value)} />
            </Form.Group>
          </Col>
          <Col sm={4}>
            <Form.Check id="forget-sure" className="mb-2" label="I understand this cannot be undone" checked={sure} onChange={(event) => setSure(event.target.checked)} />
            <Button type="submit" variant="danger" disabled={!sure || value.trim() === ''} className="w-100">
              Forget this customer
            </Button>
          </Col>
        </Row>
      </Form>
      {stepUp.prompt}
    </>
  );
}
