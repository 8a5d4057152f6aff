import { NavLink } from 'react-router';
import { useMeQuery } from '../auth/authApi';
import { InboxNavLink } from './inbox/InboxNavLink';
import { hasRole } from './roles';

/** The back-office links: staff and above see the live orders and stock screens, managers also the settings. */
export function StaffNavLinks() {
  const { data: user } = useMeQuery();
  if (!hasRole(user?.role, 'staff')) return null;

  return (
    <>
      <NavLink to="/takeaway" end className="nav-link" data-testid="staff-nav">
        Staff
      </NavLink>
      <NavLink to="/takeaway-oos" className="nav-link">
        Out of stock
      </NavLink>
      <InboxNavLink />
      {hasRole(user?.role, 'manager') && (
        <NavLink to="/takeaway-menu" className="nav-link">
          Menu editor
        </NavLink>
      )}
      {hasRole(user?.role, 'manager') && (
        <NavLink to="/takeaway-settings" className="nav-link">
          Settings
        </NavLink>
      )}
      {hasRole(user?.role, 'manager') && (
        <NavLink to="/takeaway-vouchers" className="nav-link">
          Vouchers
        </NavLink>
      )}
      {hasRole(user?.role, 'manager') && (
        <NavLink to="/takeaway-history" className="nav-link">
          History
        </NavLink>
      )}
      {hasRole(user?.role, 'manager') && (
        <NavLink to="/takeaway-night" className="nav-link">
          Tonight
        </NavLink>
      )}
      {hasRole(user?.role, 'manager') && (
        <NavLink to="/takeaway-staff" className="nav-link">
          Logins
        </NavLink>
      )}
      {hasRole(user?.role, 'admin') && (
        <NavLink to="/takeaway-pages" className="nav-link">
          Pages
        </NavLink>
      )}
      {hasRole(user?.role, 'admin') && (
        <NavLink to="/takeaway-streams" className="nav-link">
          Streams
        </NavLink>
      )}
      <NavLink to="/takeaway-api" className="nav-link">
        API
      </NavLink>
      <NavLink to="/account" className="nav-link">
        Your login
      </NavLink>
    </>
  );
}
