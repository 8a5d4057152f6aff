import { AuthorizeApplication } from '../../features/apiAccess/AuthorizeApplication';
import { RequireRole } from '../../features/staff/RequireRole';

/** /oauth/authorize: the consent screen an OAuth client sends a member of staff to (issue 41 item 2). */
export function AuthorizePage() {
  return (
    <RequireRole role="staff">
      <AuthorizeApplication />
    </RequireRole>
  );
}
