import Button from 'react-bootstrap/Button';
import { CredentialsCard } from './CredentialsCard';
import { useAuthorizedApplicationsQuery, useRevokeApplicationMutation } from './apiAccessApi';

/** Staff spec §2 "Authorized applications": shown only when tokens exist; each application's name, scopes and Revoke. */
export function AuthorizedApplications() {
  const { data: applications } = useAuthorizedApplicationsQuery();
  const [revoke] = useRevokeApplicationMutation();
  if (!applications || applications.length === 0) return null;
  return (
    <CredentialsCard
      testId="authorized-applications"
      title="Authorized Applications"
      items={applications}
      label="Authorized applications"
      columns={['Name', 'Scopes']}
      row={(application) => (
        <tr key={application.id}>
          <td>{application.client.name}</td>
          <td>{application.scopes.join(', ')}</td>
          <td className="text-end">
            <Button size="sm" variant="outline-danger" onClick={() => void revoke(application.id)} aria-label={`Revoke ${application.client.name}`}>
              Revoke
            </Button>
          </td>
        </tr>
      )}
    />
  );
}
