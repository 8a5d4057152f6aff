import { useEffect, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import Alert from 'react-bootstrap/Alert';
import Spinner from 'react-bootstrap/Spinner';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { selectStaffScreenShown, staffScreenShown } from '../auth/accessSlice';
import { useMeQuery, type Role } from '../auth/authApi';
import { hasRole } from './roles';
import type { LoginReturn } from '../auth/LoginForm';

/** Shows a back-office screen only to users with the role; the server refuses its calls to anyone else anyway. */
export function RequireRole({ role, children }: { role: Role; children: ReactNode }) {
  const { data: user, isLoading } = useMeQuery();
  const allowed = hasRole(user?.role, role);
  const shownBefore = useAppSelector(selectStaffScreenShown);
  const dispatch = useAppDispatch();
  // After logging in, back here: a consent screen an application sent someone to keeps its request (issue 41).
  const { pathname, search } = useLocation();
  const back = { from: `${pathname}${search}` };
  useEffect(() => {
    if (allowed) dispatch(staffScreenShown());
  }, [allowed, dispatch]);

  if (isLoading) return <Spinner animation="border" role="status" aria-label="Loading" />;
  if (!user && shownBefore) return <AccessEnded back={back} />;
  if (!user) {
    return (
      <Alert variant="warning">
        Please{' '}
        <Link to="/login" state={back}>
          log in
        </Link>{' '}
        to see this page.
      </Alert>
    );
  }
  if (!allowed) return <Alert variant="danger">You are not allowed to see this page.</Alert>;
  return <>{children}</>;
}

/** The open screen of a login that was disabled, or whose session ended: a plain page, no request left running. */
function AccessEnded({ back }: { back: LoginReturn }) {
  return (
    <section aria-labelledby="access-ended-title" data-testid="access-ended">
      <h1 id="access-ended-title" className="h3">
        Your access has ended
      </h1>
      <p>This login can no longer open the back office. If you still need it, ask the shop's manager.</p>
      <p className="mb-0">
        <Link to="/login" state={back}>
          Log in again
        </Link>
      </p>
    </section>
  );
}
