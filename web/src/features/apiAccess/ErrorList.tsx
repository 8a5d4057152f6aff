import Alert from 'react-bootstrap/Alert';
import { API_ACCESS_TEXTS } from '../../../../src/shared/api-scopes';

/** The create and edit modals' errors (staff spec §8): a list under 'Whoops! Something went wrong!'. */
export function ErrorList({ errors }: { errors: string[] }) {
  if (errors.length === 0) return null;
  return (
    <Alert variant="danger" role="alert" data-testid="api-errors">
      <p className="mb-1">
        <strong>{API_ACCESS_TEXTS.whoops}</strong>
      </p>
      <ul className="mb-0">
        {errors.map((error) => (
          <li key={error}>{error}</li>
        ))}
      </ul>
    </Alert>
  );
}
