import { useMeQuery } from '../../auth/authApi';
import { hasRole } from '../../staff/roles';

/** A picture part with nothing in it yet: admins are told how to fill it; visitors see nothing. */
export function NoPicturesYet({ what }: { what: string }) {
  const { data: user } = useMeQuery();
  if (!hasRole(user?.role, 'admin')) return null;
  return <p className="text-body-secondary small mb-0">No {what} yet: add them with Settings.</p>;
}
