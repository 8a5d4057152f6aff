import { Link, NavLink, useNavigate } from 'react-router';
import Button from 'react-bootstrap/Button';
import { useLogoutMutation, useMeQuery } from '../features/auth/authApi';
import { BasketWidget } from '../features/cart/BasketWidget';
import { useShopSettings } from '../features/settings/useShopSettings';
import { StaffNavLinks } from '../features/staff/StaffNavLinks';
import { DEMO_LOGO } from '../features/brand/brandImages';
import { PersonIcon } from './icons/PersonIcon';
import './SiteHeader.css';

export function SiteHeader() {
  const { data: user } = useMeQuery();
  const [logout, { isLoading: isLoggingOut }] = useLogoutMutation();
  const navigate = useNavigate();
  const { siteName, logo } = useShopSettings();

  const handleLogout = async () => {
    await logout();
    navigate('/');
  };

  return (
    // Bootstrap's navbar classes on plain elements: react-bootstrap's Navbar brings its offcanvas, modal and
    // collapse code into the menu page's first download, for a menu that never collapses. The shop's name is
    // never cut (issue 32): a long one wraps onto a second line beside the logo, and the header keeps its height
    // from the first paint (SiteHeader.css), so the basket widget or the name arriving never pushes the page down.
    <header className="navbar navbar-expand site-header" data-bs-theme="dark">
      <div className={`container gap-2 ${user ? 'flex-wrap' : 'flex-nowrap'}`}>
        <Link to="/" className="navbar-brand site-name">
          <img src={logo ?? DEMO_LOGO} alt="" width={32} height={32} className="site-logo" />
          <span>{siteName ?? 'Takeaway'}</span>
        </Link>
        <nav aria-label="Main" className="navbar-nav me-auto flex-nowrap">
          <NavLink to="/" end className="nav-link d-none d-sm-block">
            Home
          </NavLink>
          <StaffNavLinks />
        </nav>
        <div className="d-flex align-items-center gap-2 flex-shrink-0">
          <BasketWidget />
          {/* Phones hardly see the discreet Login at the screen's edge: a visible way in (issue 33). */}
          {!user && (
            // An icon with its name for screen readers: a word would take the room the shop's name needs on one line.
            <Link to="/login" className="btn btn-outline-light btn-sm px-2 d-md-none d-inline-flex align-items-center" aria-label="Sign in" title="Sign in" data-testid="header-sign-in">
              <PersonIcon size="1.25em" />
            </Link>
          )}
          {user?.role === 'customer' && (
            <Link to="/account" className="btn btn-outline-light btn-sm" data-testid="header-account">
              Your account
            </Link>
          )}
          {user && (
            <>
              {/* A customer's phone shows the account link alone: the address and role would push the header off the screen. */}
              <span className={`navbar-text${user.role === 'customer' ? ' d-none d-md-inline' : ''}`} data-testid="signed-in-user">
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
