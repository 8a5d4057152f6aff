import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { useMeQuery } from '../features/auth/authApi';
import { ChangePasswordForm } from '../features/accounts/ChangePasswordForm';
import { AccountOrders } from '../features/customerAccount/AccountOrders';
import { ChangeEmailForm } from '../features/customerAccount/ChangeEmailForm';
import { YourData } from '../features/customerAccount/YourData';
import { TotpSettings } from '../features/accounts/TotpSettings';
import { RequireRole } from '../features/staff/RequireRole';
import { hasRole } from '../features/staff/roles';

/** /account: a customer's past orders (issue 33; staff have none), one's own password, and (managers and admins) one-time codes. */
export function AccountPage() {
  const { data: me } = useMeQuery();
  return (
    <RequireRole role="customer">
      {me && (
        <Row className="justify-content-center" data-testid="account-page">
          <Col md={8} lg={6}>
            {me.role === 'customer' && (
              <>
                <h1 className="h3 mb-3">Your account</h1>
                <AccountOrders />
              </>
            )}
            {me.role === 'customer' ? <h2 className="h4 mb-3">Your login</h2> : <h1 className="h3 mb-3">Your login</h1>}
            <ChangePasswordForm email={me.email} />
            {me.role === 'customer' && (
              <>
                <ChangeEmailForm />
                <YourData />
              </>
            )}
            {hasRole(me.role, 'manager') && <TotpSettings me={me} />}
          </Col>
        </Row>
      )}
    </RequireRole>
  );
}
