import { useState, type MouseEvent } from 'react';
import { Link, NavLink, useNavigate } from 'react-router';
import Button from 'react-bootstrap/Button';
import { useLogoutMutation, useMeQuery } from '../features/auth/authApi';
import { BasketWidget } from '../features/cart/BasketWidget';
import { useShopSettings } from '../features/settings/useShopSettings';
import { StaffNavLinks } from '../features/staff/StaffNavLinks';
import { hasRole } from '../features/staff/roles';
import { DEMO_LOGO } from '../features/brand/brandImages';
import { PersonIcon } from './icons/PersonIcon';
import './SiteHeader.css';

export function SiteHeader() {
  const { data: user } = useMeQuery();
  const [logout, { isLoading: isLoggingOut }] = useLogoutMutation();
  const navigate = useNavigate();
  const { siteName, logo } = useShopSettings();

  const [menuOpen, setMenuOpen] = useState(false);
  const closeOnLink = (event: MouseEvent<HTMLElement>) => {
    if ((event.target as HTMLElement).closest('a')) setMenuOpen(false);
  };

  const handleLogout = async () => {
    setMenuOpen(false);
    await logout();
    navigate('/');
  };

  // The back office's many links fold into a menu below 1200 px (issue 38): a phone or a kitchen tablet keeps a
  // one-line header. A customer's header has few links and never folds.
  const staffMenu = hasRole(user?.role, 'staff');
  const account = (
    <div className="d-flex flex-wrap align-items-center gap-2 flex-shrink-0">
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
          <span className={`navbar-text text-break${user.role === 'customer' ? ' d-none d-md-inline' : ''}`} data-testid="signed-in-user">
            <span className="text-light">{user.email}</span> <span className="badge text-bg-secondary">{user.role}</span>
          </span>
          <Button variant="outline-light" size="sm" onClick={handleLogout} disabled={isLoggingOut}>
            Logout
          </Button>
        </>
      )}
    </div>
  );
  const links = (
    <nav aria-label="Main" className={`navbar-nav me-auto ${staffMenu ? 'flex-xl-wrap' : 'flex-nowrap'}`}>
      <NavLink to="/" end className="nav-link d-none d-sm-block">
        Home
      </NavLink>
      <StaffNavLinks />
    </nav>
  );

  return (
    // Bootstrap's navbar classes on plain elements: react-bootstrap's Navbar brings its offcanvas, modal and
    // collapse code into the menu page's first download, for a menu that only staff see folded. The shop's name is
    // never cut (issue 32): a long one wraps onto a second line beside the logo, and the header keeps its height
    // from the first paint (SiteHeader.css), so the basket widget or the name arriving never pushes the page down.
    <header className={`navbar site-header ${staffMenu ? 'navbar-expand-xl' : 'navbar-expand'}`} data-bs-theme="dark">
      <div className={`container gap-2 ${user ? 'flex-wrap' : 'flex-nowrap'}`}>
        <Link to="/" className="navbar-brand site-name">
          <img src={logo ?? DEMO_LOGO} alt="" width={32} height={32} className="site-logo" />
          <span>{siteName ?? 'Takeaway'}</span>
        </Link>
        {staffMenu ? (
          <>
            <button
              type="button"
              className="navbar-toggler"
              aria-controls="site-menu"
              aria-expanded={menuOpen}
              aria-label="Menu"
              data-testid="site-menu-toggle"
              onClick={() => setMenuOpen((open) => !open)}
            >
              <span className="navbar-toggler-icon" />
            </button>
            {/* A link chosen closes the menu: the next screen shows under a one-line header. */}
            <div id="site-menu" className={`collapse navbar-collapse gap-2${menuOpen ? ' show' : ''}`} onClick={closeOnLink}>
              {links}
              {account}
            </div>
          </>
        ) : (
          <>
            {links}
            {account}
          </>
        )}
      </div>
    </header>
  );
}
