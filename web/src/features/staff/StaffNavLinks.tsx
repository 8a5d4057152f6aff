import { NavLink } from 'react-router';
import Nav from 'react-bootstrap/Nav';
import { useMeQuery } from '../auth/authApi';
import { hasRole } from './roles';

/** The back-office links: staff and above see the live orders and stock screens, managers also the settings. */
export function StaffNavLinks() {
  const { data: user } = useMeQuery();
  if (!hasRole(user?.role, 'staff')) return null;

  return (
    <>
      <Nav.Link as={NavLink} to="/takeaway" end data-testid="staff-nav">
        Staff
      </Nav.Link>
      <Nav.Link as={NavLink} to="/takeaway-oos">
        Out of stock
      </Nav.Link>
      {hasRole(user?.role, 'manager') && (
        <Nav.Link as={NavLink} to="/takeaway-settings">
          Settings
        </Nav.Link>
      )}
    </>
  );
}
