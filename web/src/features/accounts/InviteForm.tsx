import { useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { serverMessage } from '../../app/serverMessage';
import type { Role } from '../auth/authApi';
import { useInviteMutation, type StaffRole } from './accountsApi';
import { ROLE_NAMES, rolesGivenBy } from './roleNames';

/** Invite someone by email: they get a link (valid 48 hours, once) to choose their password. */
export function InviteForm({ actorRole }: { actorRole: Role }) {
  const roles = rolesGivenBy(actorRole);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<StaffRole>('staff');
  const [invite, { isLoading, error, data, reset }] = useInviteMutation();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const result = await invite({ email, role });
    if ('data' in result) setEmail('');
  };

  return (
    <Form onSubmit={submit} aria-label="Invite someone" className="mb-4">
      <h2 className="h5">Invite someone</h2>
      {error && (
        <Alert variant="danger" role="alert">
          {serverMessage(error, 'The invitation could not be sent; please try again.')}
        </Alert>
      )}
      {data?.message && (
        <Alert variant="success" role="status" dismissible onClose={reset} data-testid="invite-sent">
          {data.message}. The link works once, for 48 hours.
        </Alert>
      )}
      <Row className="g-2 align-items-end">
        <Col sm={6}>
          <Form.Group controlId="invite-email">
            <Form.Label>Email</Form.Label>
            <Form.Control type="email" required value={email} onChange={(event) => setEmail(event.target.value)} />
          </Form.Group>
        </Col>
        <Col sm={3}>
          <Form.Group controlId="invite-role">
            <Form.Label>Role</Form.Label>
            <Form.Select value={role} onChange={(event) => setRole(event.target.value as StaffRole)}>
              {roles.map((option) => (
                <option key={option} value={option}>
                  {ROLE_NAMES[option]}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
        </Col>
        <Col sm={3}>
          <Button type="submit" disabled={isLoading} className="w-100">
            Send invitation
          </Button>
        </Col>
      </Row>
    </Form>
  );
}
