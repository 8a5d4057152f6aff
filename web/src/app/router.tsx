import { lazy, type ComponentType } from 'react';
import { Route, Routes } from 'react-router';
import { PAGE_PATHS } from '../../../src/shared/page-head';
import { Layout } from '../components/Layout';
import { HomePage } from '../pages/HomePage';
import { NotFoundPage } from '../pages/NotFoundPage';

/** A page whose code is fetched when it is first shown (Layout's Suspense shows the spinner meanwhile). */
const onDemand = (load: () => Promise<ComponentType>) => lazy(() => load().then((component) => ({ default: component })));

const LoginPage = onDemand(() => import('../pages/LoginPage').then((page) => page.LoginPage));
const ProductPage = onDemand(() => import('../pages/ProductPage').then((page) => page.ProductPage));
const ManageCartPage = onDemand(() => import('../pages/ManageCartPage').then((page) => page.ManageCartPage));
const CheckoutPage = onDemand(() => import('../pages/CheckoutPage').then((page) => page.CheckoutPage));
const OrderCompletePage = onDemand(() => import('../pages/OrderCompletePage').then((page) => page.OrderCompletePage));
const LiveOrdersPage = onDemand(() => import('../pages/staff/LiveOrdersPage').then((page) => page.LiveOrdersPage));
const OutOfStockPage = onDemand(() => import('../pages/staff/OutOfStockPage').then((page) => page.OutOfStockPage));
const TakeawaySettingsPage = onDemand(() => import('../pages/staff/TakeawaySettingsPage').then((page) => page.TakeawaySettingsPage));
const StaffAccountsPage = onDemand(() => import('../pages/staff/StaffAccountsPage').then((page) => page.StaffAccountsPage));
const VouchersPage = onDemand(() => import('../pages/staff/VouchersPage').then((page) => page.VouchersPage));
const MenuEditorPage = onDemand(() => import('../pages/staff/MenuEditorPage').then((page) => page.MenuEditorPage));
const AccountPage = onDemand(() => import('../pages/AccountPage').then((page) => page.AccountPage));
const InvitationPage = onDemand(() => import('../pages/InvitationPage').then((page) => page.InvitationPage));

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
        <Route path={PAGE_PATHS.login} element={<LoginPage />} />
        <Route path={PAGE_PATHS.product} element={<ProductPage />} />
        <Route path={PAGE_PATHS.cart} element={<ManageCartPage />} />
        <Route path={PAGE_PATHS.checkout} element={<CheckoutPage />} />
        <Route path={PAGE_PATHS.orderComplete} element={<OrderCompletePage />} />
        <Route path={PAGE_PATHS.liveOrders} element={<LiveOrdersPage />} />
        <Route path={PAGE_PATHS.outOfStock} element={<OutOfStockPage />} />
        <Route path={PAGE_PATHS.staffSettings} element={<TakeawaySettingsPage />} />
        <Route path={PAGE_PATHS.staffAccounts} element={<StaffAccountsPage />} />
        <Route path={PAGE_PATHS.staffVouchers} element={<VouchersPage />} />
        <Route path={PAGE_PATHS.menuEditor} element={<MenuEditorPage />} />
        <Route path={PAGE_PATHS.account} element={<AccountPage />} />
        <Route path={PAGE_PATHS.invitation} element={<InvitationPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
