import { Link, NavLink, useNavigate } from 'react-router';
import Button from 'react-bootstrap/Button';
import { useLogoutMutation, useMeQuery } from '../features/auth/authApi';
import { BasketWidget } from '../features/cart/BasketWidget';
import { useShopSettings } from '../features/settings/useShopSettings';
import { StaffNavLinks } from '../features/staff/StaffNavLinks';
import './SiteHeader.css';

export function SiteHeader() {
  const { data: user } = useMeQuery();
  const [logout, { isLoading: isLoggingOut }] = useLogoutMutation();
  const navigate = useNavigate();
  const { siteName } = useShopSettings();

  const handleLogout = async () => {
    await logout();
    navigate('/');
  };

  return (
    // Bootstrap's navbar classes on plain elements: react-bootstrap's Navbar brings its offcanvas, modal and
    // collapse code into the menu page's first download, for a menu that never collapses. A customer's header
    // is one line at every width (the name shortened with an ellipsis), so the basket widget or the shop's
    // name arriving never pushes the page down.
    <header className="navbar navbar-expand bg-dark site-header" data-bs-theme="dark">
      <div className={`container gap-2 ${user ? 'flex-wrap' : 'flex-nowrap'}`}>
        <Link to="/" className="navbar-brand text-truncate site-name">
          {siteName ?? 'Takeaway'}
        </Link>
        <nav aria-label="Main" className="navbar-nav me-auto flex-nowrap">
          <NavLink to="/" end className="nav-link">
            Home
          </NavLink>
          <StaffNavLinks />
        </nav>
        <div className="d-flex align-items-center gap-2 flex-shrink-0">
          <BasketWidget />
          {user && (
            <>
              <span className="navbar-text" data-testid="signed-in-user">
                <span className="text-light">{user.email}</span>{' '}
                <span className="badge text-bg-secondary">{user.role}</span>
              </span>
              <Button variant="outline-light" size="sm" onClick={handleLogout} disabled={isLoggingOut}>
                Logout
              </Button>
            </>
          )}
        </div>
      </div>
    </header>
  );
}
