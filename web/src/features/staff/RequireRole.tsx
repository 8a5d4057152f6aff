import { useEffect, type ReactNode } from 'react';
import { Link } from 'react-router';
import Alert from 'react-bootstrap/Alert';
import Spinner from 'react-bootstrap/Spinner';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { selectStaffScreenShown, staffScreenShown } from '../auth/accessSlice';
import { useMeQuery, type Role } from '../auth/authApi';
import { hasRole } from './roles';

/** Shows a back-office screen only to users with the role; the server refuses its calls to anyone else anyway. */
export function RequireRole({ role, children }: { role: Role; children: ReactNode }) {
  const { data: user, isLoading } = useMeQuery();
  const allowed = hasRole(user?.role, role);
  const shownBefore = useAppSelector(selectStaffScreenShown);
  const dispatch = useAppDispatch();
  useEffect(() => {
    if (allowed) dispatch(staffScreenShown());
  }, [allowed, dispatch]);

  if (isLoading) return <Spinner animation="border" role="status" aria-label="Loading" />;
  if (!user && shownBefore) return <AccessEnded />;
  if (!user) {
    return (
      <Alert variant="warning">
        Please <Link to="/login">log in</Link> to see this page.
      </Alert>
    );
  }
  if (!allowed) return <Alert variant="danger">You are not allowed to see this page.</Alert>;
  return <>{children}</>;
}

/** The open screen of a login that was disabled, or whose session ended: a plain page, no request left running. */
function AccessEnded() {
  return (
    <section aria-labelledby="access-ended-title" data-testid="access-ended">
      <h1 id="access-ended-title" className="h3">
        Your access has ended
      </h1>
      <p>This login can no longer open the back office. If you still need it, ask the shop's manager.</p>
      <p className="mb-0">
        <Link to="/login">Log in again</Link>
      </p>
    </section>
  );
}
