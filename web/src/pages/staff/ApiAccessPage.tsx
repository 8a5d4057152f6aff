import { ApiAccess } from '../../features/apiAccess/ApiAccess';
import { RequireRole } from '../../features/staff/RequireRole';

/** /takeaway-api: API credentials (issue 41). */
export function ApiAccessPage() {
  return (
    <RequireRole role="staff">
      <ApiAccess />
    </RequireRole>
  );
}
