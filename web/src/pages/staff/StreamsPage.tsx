import { StreamBrowser } from '../../features/staff/history/StreamBrowser';
import { VerifyReadModels } from '../../features/staff/history/VerifyReadModels';
import { RequireRole } from '../../features/staff/RequireRole';

/** /takeaway-streams: the event streams, read-only, for admins (issue 40 item 2), and "Verify read models" (item 3). */
export function StreamsPage() {
  return (
    <RequireRole role="admin">
      <StreamBrowser />
      <VerifyReadModels />
    </RequireRole>
  );
}
