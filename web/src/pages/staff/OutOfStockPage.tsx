import { OosManager } from '../../features/staff/oos/OosManager';
import { RequireRole } from '../../features/staff/RequireRole';

/** /takeaway-oos: take products and variants off the menu and back. */
export function OutOfStockPage() {
  return (
    <RequireRole role="staff">
      <OosManager />
    </RequireRole>
  );
}
