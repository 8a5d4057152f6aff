import { lazy, Suspense, type ComponentType } from 'react';
import { Route, Routes } from 'react-router';
import { PAGE_PATHS } from '../../../src/shared/page-head';
import { Layout } from '../components/Layout';
import { HomePage } from '../pages/HomePage';
import { NotFoundPage } from '../pages/NotFoundPage';
import { PageLoading } from '../pages/PageLoading';

/** A page fetched when first shown; the spinner stands in on a first visit straight to its address. */
function onDemand(load: () => Promise<ComponentType>) {
  const Page = lazy(() => load().then((component) => ({ default: component })));
  return (
    <Suspense fallback={<PageLoading />}>
      <Page />
    </Suspense>
  );
}

/**
 * The menu is the first page most customers open, so only it comes in the first download. Every other page,
 * with its forms, loads on demand (the menu's own links fetch it while the customer looks at the menu).
 * Declarative routes, not a data router: the shop uses none of its loaders or actions, and its start-up was a
 * third of the menu page's script work on a phone (issue 18).
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route path={PAGE_PATHS.menu} element={<HomePage />} />
        <Route path={PAGE_PATHS.login} element={onDemand(() => import('../pages/LoginPage').then((page) => page.LoginPage))} />
        <Route path={PAGE_PATHS.product} element={onDemand(() => import('../pages/ProductPage').then((page) => page.ProductPage))} />
        <Route path={PAGE_PATHS.cart} element={onDemand(() => import('../pages/ManageCartPage').then((page) => page.ManageCartPage))} />
        <Route path={PAGE_PATHS.checkout} element={onDemand(() => import('../pages/CheckoutPage').then((page) => page.CheckoutPage))} />
        <Route path={PAGE_PATHS.orderComplete} element={onDemand(() => import('../pages/OrderCompletePage').then((page) => page.OrderCompletePage))} />
        <Route path={PAGE_PATHS.liveOrders} element={onDemand(() => import('../pages/staff/LiveOrdersPage').then((page) => page.LiveOrdersPage))} />
        <Route path={PAGE_PATHS.outOfStock} element={onDemand(() => import('../pages/staff/OutOfStockPage').then((page) => page.OutOfStockPage))} />
        <Route path={PAGE_PATHS.staffSettings} element={onDemand(() => import('../pages/staff/TakeawaySettingsPage').then((page) => page.TakeawaySettingsPage))} />
        <Route path={PAGE_PATHS.staffAccounts} element={onDemand(() => import('../pages/staff/StaffAccountsPage').then((page) => page.StaffAccountsPage))} />
        <Route path={PAGE_PATHS.staffVouchers} element={onDemand(() => import('../pages/staff/VouchersPage').then((page) => page.VouchersPage))} />
        <Route path={PAGE_PATHS.menuEditor} element={onDemand(() => import('../pages/staff/MenuEditorPage').then((page) => page.MenuEditorPage))} />
        <Route path={PAGE_PATHS.account} element={onDemand(() => import('../pages/AccountPage').then((page) => page.AccountPage))} />
        <Route path={PAGE_PATHS.invitation} element={onDemand(() => import('../pages/InvitationPage').then((page) => page.InvitationPage))} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
