import { Outlet } from 'react-router';
import Container from 'react-bootstrap/Container';
import { useMeQuery } from '../features/auth/authApi';
import { AppDialog } from '../features/dialog/AppDialog';
import { StoreStatusBanner } from '../features/store-status/StoreStatusBanner';
import { DiscreetLogin } from './DiscreetLogin';
import { SiteHeader } from './SiteHeader';

export function Layout() {
  const { data: user, isLoading } = useMeQuery();
  const isGuest = !isLoading && !user;

  return (
    <>
      <SiteHeader />
      <StoreStatusBanner />
      <Container as="main" className="py-4">
        <Outlet />
      </Container>
      {isGuest && <DiscreetLogin />}
      <AppDialog />
    </>
  );
}
