import { createBrowserRouter } from 'react-router';
import { Layout } from '../components/Layout';
import { CheckoutPage } from '../pages/CheckoutPage';
import { HomePage } from '../pages/HomePage';
import { LoginPage } from '../pages/LoginPage';
import { ManageCartPage } from '../pages/ManageCartPage';
import { NotFoundPage } from '../pages/NotFoundPage';
import { OrderCompletePage } from '../pages/OrderCompletePage';
import { ProductPage } from '../pages/ProductPage';
import { StaffPageLoading } from '../pages/staff/StaffPageLoading';

export const router = createBrowserRouter([
  {
    element: <Layout />,
    children: [
      { path: '/', element: <HomePage /> },
      { path: '/login', element: <LoginPage /> },
      { path: '/product/:id', element: <ProductPage /> },
      { path: '/manageCart', element: <ManageCartPage /> },
      { path: '/checkout', element: <CheckoutPage /> },
      { path: '/order-complete', element: <OrderCompletePage /> },
      // Back-office screens load on demand, so customers never download them.
      { path: '/takeaway', lazy: () => import('../pages/staff/LiveOrdersPage').then((page) => ({ Component: page.LiveOrdersPage })), hydrateFallbackElement: <StaffPageLoading /> },
      { path: '/takeaway-oos', lazy: () => import('../pages/staff/OutOfStockPage').then((page) => ({ Component: page.OutOfStockPage })), hydrateFallbackElement: <StaffPageLoading /> },
      { path: '/takeaway-settings', lazy: () => import('../pages/staff/TakeawaySettingsPage').then((page) => ({ Component: page.TakeawaySettingsPage })), hydrateFallbackElement: <StaffPageLoading /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
