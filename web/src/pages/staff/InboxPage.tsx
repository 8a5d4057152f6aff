import { Inbox } from '../../features/staff/inbox/Inbox';
import { RequireRole } from '../../features/staff/RequireRole';

/** /takeaway-inbox: the contact form's messages (issue 34). */
export function InboxPage() {
  return (
    <RequireRole role="staff">
      <Inbox />
    </RequireRole>
  );
}
