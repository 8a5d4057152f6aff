import { Link, NavLink, useNavigate } from 'react-router';
import Button from 'react-bootstrap/Button';
import Container from 'react-bootstrap/Container';
import Nav from 'react-bootstrap/Nav';
import Navbar from 'react-bootstrap/Navbar';
import { useLogoutMutation, useMeQuery } from '../features/auth/authApi';
import { BasketWidget } from '../features/cart/BasketWidget';
import { useShopSettings } from '../features/settings/useShopSettings';
import { StaffNavLinks } from '../features/staff/StaffNavLinks';

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
    <Navbar as="header" bg="dark" data-bs-theme="dark" expand="sm">
      <Container>
        <Navbar.Brand as={Link} to="/">
          {siteName ?? 'Takeaway'}
        </Navbar.Brand>
        <Nav as="nav" aria-label="Main" className="me-auto">
          <Nav.Link as={NavLink} to="/" end>
            Home
          </Nav.Link>
          <StaffNavLinks />
        </Nav>
        <div className="d-flex align-items-center gap-3">
          <BasketWidget />
          {user && (
            <>
              <Navbar.Text data-testid="signed-in-user">
                <span className="text-light">{user.email}</span>{' '}
                <span className="badge text-bg-secondary">{user.role}</span>
              </Navbar.Text>
              <Button variant="outline-light" size="sm" onClick={handleLogout} disabled={isLoggingOut}>
                Logout
              </Button>
            </>
          )}
        </div>
      </Container>
    </Navbar>
  );
}
