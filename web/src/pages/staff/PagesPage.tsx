import { PagesAdmin } from '../../features/content/PagesAdmin';
import { RequireRole } from '../../features/staff/RequireRole';

/** /takeaway-pages: the restaurant's own pages (issue 39, admins). */
export function PagesPage() {
  return (
    <RequireRole role="admin">
      <PagesAdmin />
    </RequireRole>
  );
}
