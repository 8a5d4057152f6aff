import type { ReactNode } from 'react';
import { Link } from 'react-router';
import Alert from 'react-bootstrap/Alert';
import Spinner from 'react-bootstrap/Spinner';
import { useMeQuery, type Role } from '../auth/authApi';
import { hasRole } from './roles';

/** Shows a back-office screen only to users with the role; the server refuses its calls to anyone else anyway. */
export function RequireRole({ role, children }: { role: Role; children: ReactNode }) {
  const { data: user, isLoading } = useMeQuery();

  if (isLoading) return <Spinner animation="border" role="status" aria-label="Loading" />;
  if (!user) {
    return (
      <Alert variant="warning">
        Please <Link to="/login">log in</Link> to see this page.
      </Alert>
    );
  }
  if (!hasRole(user.role, role)) return <Alert variant="danger">You are not allowed to see this page.</Alert>;
  return <>{children}</>;
}
