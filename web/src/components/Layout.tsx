import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import Container from 'react-bootstrap/Container';
import { useDocumentTitle } from '../app/useDocumentTitle';
import { useMeQuery } from '../features/auth/authApi';
import { LazyAppDialog } from '../features/dialog/LazyAppDialog';
import { ModalLinks } from '../features/modal/ModalLinks';
import { ChangePasswordBanner } from '../features/accounts/ChangePasswordBanner';
import { StoreStatusBanner } from '../features/store-status/StoreStatusBanner';
import { PageLoading } from '../pages/PageLoading';
import { AddedAnnouncer } from '../features/cart/AddedAnnouncer';
import { SiteFooter } from '../features/brand/SiteFooter';
import { isStaffPath, useBrandTheme } from '../features/brand/useBrandTheme';
import '../features/brand/brand.css';
import { DiscreetLogin } from './DiscreetLogin';
import { PageErrorBoundary } from './PageErrorBoundary';
import { PageShown } from './PageShown';
import { SiteHeader } from './SiteHeader';

export function Layout() {
  const { data: user, isLoading } = useMeQuery();
  const isGuest = !isLoading && !user;
  useDocumentTitle();
  const { pathname } = useLocation();
  useBrandTheme(pathname);

  return (
    <>
      <SiteHeader />
      <ChangePasswordBanner />
      <StoreStatusBanner />
      <Container as="main" className="py-4 site-main">
        {/* One boundary for every page: moving on, the page on screen stays until the next one's code is here. */}
        <PageErrorBoundary path={pathname}>
          <Suspense fallback={<PageLoading />}>
            <Outlet />
            <PageShown />
          </Suspense>
        </PageErrorBoundary>
      </Container>
      <footer>
        {!isStaffPath(pathname) && <SiteFooter />}
        {isGuest && <DiscreetLogin />}
      </footer>
      <AddedAnnouncer />
      <LazyAppDialog />
      <ModalLinks />
    </>
  );
}
