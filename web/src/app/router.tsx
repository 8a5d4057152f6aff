import { createBrowserRouter } from 'react-router';
import { PAGE_PATHS } from '../../../src/shared/page-head';
import { Layout } from '../components/Layout';
import { HomePage } from '../pages/HomePage';
import { NotFoundPage } from '../pages/NotFoundPage';
import { PageLoading } from '../pages/PageLoading';

/**
 * The menu is the first page most customers open, so only it comes in the first download. Every other page,
 * with its forms, loads on demand (the menu's own links fetch it while the customer looks at the menu).
 */
export const router = createBrowserRouter([
  {
    element: <Layout />,
    children: [
      { path: PAGE_PATHS.menu, element: <HomePage /> },
      { path: PAGE_PATHS.login, lazy: () => import('../pages/LoginPage').then((page) => ({ Component: page.LoginPage })), hydrateFallbackElement: <PageLoading /> },
      { path: PAGE_PATHS.product, lazy: () => import('../pages/ProductPage').then((page) => ({ Component: page.ProductPage })), hydrateFallbackElement: <PageLoading /> },
      { path: PAGE_PATHS.cart, lazy: () => import('../pages/ManageCartPage').then((page) => ({ Component: page.ManageCartPage })), hydrateFallbackElement: <PageLoading /> },
      { path: PAGE_PATHS.checkout, lazy: () => import('../pages/CheckoutPage').then((page) => ({ Component: page.CheckoutPage })), hydrateFallbackElement: <PageLoading /> },
      { path: PAGE_PATHS.orderComplete, lazy: () => import('../pages/OrderCompletePage').then((page) => ({ Component: page.OrderCompletePage })), hydrateFallbackElement: <PageLoading /> },
      { path: PAGE_PATHS.liveOrders, lazy: () => import('../pages/staff/LiveOrdersPage').then((page) => ({ Component: page.LiveOrdersPage })), hydrateFallbackElement: <PageLoading /> },
      { path: PAGE_PATHS.outOfStock, lazy: () => import('../pages/staff/OutOfStockPage').then((page) => ({ Component: page.OutOfStockPage })), hydrateFallbackElement: <PageLoading /> },
      { path: PAGE_PATHS.staffSettings, lazy: () => import('../pages/staff/TakeawaySettingsPage').then((page) => ({ Component: page.TakeawaySettingsPage })), hydrateFallbackElement: <PageLoading /> },
      { path: PAGE_PATHS.staffAccounts, lazy: () => import('../pages/staff/StaffAccountsPage').then((page) => ({ Component: page.StaffAccountsPage })), hydrateFallbackElement: <PageLoading /> },
      { path: PAGE_PATHS.staffVouchers, lazy: () => import('../pages/staff/VouchersPage').then((page) => ({ Component: page.VouchersPage })), hydrateFallbackElement: <PageLoading /> },
      { path: PAGE_PATHS.menuEditor, lazy: () => import('../pages/staff/MenuEditorPage').then((page) => ({ Component: page.MenuEditorPage })), hydrateFallbackElement: <PageLoading /> },
      { path: PAGE_PATHS.account, lazy: () => import('../pages/AccountPage').then((page) => ({ Component: page.AccountPage })), hydrateFallbackElement: <PageLoading /> },
      { path: PAGE_PATHS.invitation, lazy: () => import('../pages/InvitationPage').then((page) => ({ Component: page.InvitationPage })), hydrateFallbackElement: <PageLoading /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
