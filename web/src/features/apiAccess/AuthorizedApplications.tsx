import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Table from 'react-bootstrap/Table';
import { useAuthorizedApplicationsQuery, useRevokeApplicationMutation } from './apiAccessApi';

/** Staff spec §2 "Authorized applications": shown only when tokens exist; each application's name, scopes and Revoke. */
export function AuthorizedApplications() {
  const { data: applications } = useAuthorizedApplicationsQuery();
  const [revoke] = useRevokeApplicationMutation();
  if (!applications || applications.length === 0) return null;
  return (
    <Card className="mb-4" data-testid="authorized-applications">
      <Card.Header>
        <h2 className="h5 mb-0">Authorized Applications</h2>
      </Card.Header>
      <Card.Body>
        <Table responsive className="mb-0" aria-label="Authorized applications">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Scopes</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {applications.map((application) => (
              <tr key={application.id}>
                <td>{application.client.name}</td>
                <td>{application.scopes.join(', ')}</td>
                <td className="text-end">
                  <Button size="sm" variant="outline-danger" onClick={() => void revoke(application.id)} aria-label={`Revoke ${application.client.name}`}>
                    Revoke
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      </Card.Body>
    </Card>
  );
}
