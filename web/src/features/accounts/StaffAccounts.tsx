import type { User } from '../auth/authApi';
import { InviteForm } from './InviteForm';
import { PeopleTable } from './PeopleTable';
import { ForgetPersonForm } from '../privacy/ForgetPersonForm';

/** /takeaway-staff: the admin (and managers, for staff) give people a login and take it away again. */
export function StaffAccounts({ me }: { me: User }) {
  return (
    <>
      <h1 className="h3 mb-3">Staff logins</h1>
      <InviteForm actorRole={me.role} />
      <PeopleTable me={me} />
      {me.role === 'admin' && <ForgetPersonForm />}
    </>
  );
}
