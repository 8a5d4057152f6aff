import { StreamBrowser } from '../../features/staff/history/StreamBrowser';
import { RequireRole } from '../../features/staff/RequireRole';

/** /takeaway-streams: the event streams, read-only, for admins (issue 40 item 2). */
export function StreamsPage() {
  return (
    <RequireRole role="admin">
      <StreamBrowser />
    </RequireRole>
  );
}
