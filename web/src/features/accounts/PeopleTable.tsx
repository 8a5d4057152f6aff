import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import Table from 'react-bootstrap/Table';
import '../staff/stackedTable.css';
import { londonDateTimeText } from '../../../../src/shared/london-time';
import type { User } from '../auth/authApi';
import { usePeopleQuery, useChangeRoleMutation, useSetActiveMutation, useTurnOffTheirTotpMutation, type Person, type StaffRole } from './accountsApi';
import { ROLE_NAMES, rolesGivenBy } from './roleNames';
import { useStepUp } from './useStepUp';

const STATUS_NAMES: Record<Person['status'], string> = { invited: 'Invited', active: 'Active', disabled: 'Disabled' };
const when = (iso: string | null) => (iso ? londonDateTimeText(iso) : 'Never');

/** Everyone with a staff login: role, active or disabled, last login; what the signed-in person may change. */
export function PeopleTable({ me }: { me: User }) {
  const { data: people, isLoading, error: loadError } = usePeopleQuery();
  const [changeRole] = useChangeRoleMutation();
  const [setActive] = useSetActiveMutation();
  const [turnOffTotp] = useTurnOffTheirTotpMutation();
  const { run, prompt, error } = useStepUp();
  const isAdmin = me.role === 'admin';
  const mayChange = (person: Person) => person.id !== me.id && rolesGivenBy(me.role).includes(person.role);

  if (isLoading) return <Spinner animation="border" role="status" aria-label="Loading" />;
  if (loadError || !people) return <Alert variant="danger">The list of logins could not be loaded.</Alert>;

  return (
    <>
      {error && (
        <Alert variant="danger" role="alert" data-testid="accounts-error">
          {error}
        </Alert>
      )}
      <Table responsive hover className="table-stacked" aria-label="Staff logins">
        <thead>
          <tr>
            <th scope="col">Email</th>
            <th scope="col">Role</th>
            <th scope="col">Status</th>
            <th scope="col">Last login</th>
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {people.map((person) => (
            <tr key={person.id} data-testid={`person-${person.email}`}>
              <td className="text-break">{person.email}</td>
              <td data-label="Role">
                {isAdmin && person.id !== me.id ? (
                  <Form.Select
                    size="sm"
                    aria-label={`Role of ${person.email}`}
                    value={person.role}
                    onChange={(event) => void run(() => changeRole({ id: person.id, role: event.target.value as StaffRole }).unwrap())}
                  >
                    {rolesGivenBy(me.role).map((role) => (
                      <option key={role} value={role}>
                        {ROLE_NAMES[role]}
                      </option>
                    ))}
                  </Form.Select>
                ) : (
                  ROLE_NAMES[person.role]
                )}
              </td>
              <td data-label="Status">{STATUS_NAMES[person.status]}{person.totpEnabled ? ' · codes on' : ''}</td>
              <td data-label="Last login">{when(person.lastLoginAt)}</td>
              <td className="d-flex flex-wrap gap-2">
                {mayChange(person) && (
                  <Button
                    size="sm"
                    variant={person.status === 'disabled' ? 'outline-success' : 'outline-danger'}
                    onClick={() => void run(() => setActive({ id: person.id, active: person.status === 'disabled' }).unwrap())}
                  >
                    {person.status === 'disabled' ? `Enable ${person.email}` : `Disable ${person.email}`}
                  </Button>
                )}
                {isAdmin && person.totpEnabled && person.id !== me.id && (
                  <Button size="sm" variant="outline-secondary" onClick={() => void run(() => turnOffTotp(person.id).unwrap())}>
                    Turn off codes (lost phone)
                  </Button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
      {prompt}
    </>
  );
}
