import { VoucherManager } from '../../features/staff/vouchers/VoucherManager';
import { RequireRole } from '../../features/staff/RequireRole';

/** /takeaway-vouchers: the manager's vouchers. */
export function VouchersPage() {
  return (
    <RequireRole role="manager">
      <VoucherManager />
    </RequireRole>
  );
}
