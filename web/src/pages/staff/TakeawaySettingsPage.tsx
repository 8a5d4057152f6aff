import { RequireRole } from '../../features/staff/RequireRole';
import { TakeawaySettingsAdmin } from '../../features/staff/settings/TakeawaySettingsAdmin';

/** /takeaway-settings: managers configure the takeaway. */
export function TakeawaySettingsPage() {
  return (
    <RequireRole role="manager">
      <TakeawaySettingsAdmin />
    </RequireRole>
  );
}
