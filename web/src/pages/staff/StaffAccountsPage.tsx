import { useMeQuery } from '../../features/auth/authApi';
import { StaffAccounts } from '../../features/accounts/StaffAccounts';
import { RequireRole } from '../../features/staff/RequireRole';

/** /takeaway-staff: staff logins. */
export function StaffAccountsPage() {
  const { data: me } = useMeQuery();
  return <RequireRole role="manager">{me && <StaffAccounts me={me} />}</RequireRole>;
}
