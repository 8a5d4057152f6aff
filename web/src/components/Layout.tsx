import { Outlet } from 'react-router';
import Container from 'react-bootstrap/Container';
import { useDocumentTitle } from '../app/useDocumentTitle';
import { useMeQuery } from '../features/auth/authApi';
import { LazyAppDialog } from '../features/dialog/LazyAppDialog';
import { ChangePasswordBanner } from '../features/accounts/ChangePasswordBanner';
import { StoreStatusBanner } from '../features/store-status/StoreStatusBanner';
import { DiscreetLogin } from './DiscreetLogin';
import { SiteHeader } from './SiteHeader';

export function Layout() {
  const { data: user, isLoading } = useMeQuery();
  const isGuest = !isLoading && !user;
  useDocumentTitle();

  return (
    <>
      <SiteHeader />
      <ChangePasswordBanner />
      <StoreStatusBanner />
      <Container as="main" className="py-4">
        <Outlet />
      </Container>
      <footer>{isGuest && <DiscreetLogin />}</footer>
      <LazyAppDialog />
    </>
  );
}
