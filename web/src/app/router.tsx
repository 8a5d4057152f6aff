import { lazy, Suspense, type ComponentType } from 'react';
import { Route, Routes } from 'react-router';
import Container from 'react-bootstrap/Container';
import { PAGE_PATHS } from '../../../src/shared/page-head';
import { Layout } from '../components/Layout';
import { HomePage } from '../pages/HomePage';
import { NotFoundPage } from '../pages/NotFoundPage';
import { PageLoading } from '../pages/PageLoading';
import { PageErrorBoundary } from '../components/PageErrorBoundary';
import { PageShown } from '../components/PageShown';

/** A page whose code is fetched when it is first shown (Layout's Suspense shows the spinner meanwhile). */
const onDemand = (load: () => Promise<ComponentType>) => lazy(() => load().then((component) => ({ default: component })));

/** Every page but the menu and the not-found page, made once, by its address. */
const PAGES_ON_DEMAND: ReadonlyArray<[path: string, Page: ComponentType]> = [
  [PAGE_PATHS.login, onDemand(() => import('../pages/LoginPage').then((page) => page.LoginPage))],
  [PAGE_PATHS.product, onDemand(() => import('../pages/ProductPage').then((page) => page.ProductPage))],
  [PAGE_PATHS.cart, onDemand(() => import('../pages/ManageCartPage').then((page) => page.ManageCartPage))],
  [PAGE_PATHS.checkout, onDemand(() => import('../pages/CheckoutPage').then((page) => page.CheckoutPage))],
  [PAGE_PATHS.orderComplete, onDemand(() => import('../pages/OrderCompletePage').then((page) => page.OrderCompletePage))],
  [PAGE_PATHS.orderStatus, onDemand(() => import('../pages/OrderStatusPage').then((page) => page.OrderStatusPage))],
  [PAGE_PATHS.liveOrders, onDemand(() => import('../pages/staff/LiveOrdersPage').then((page) => page.LiveOrdersPage))],
  [PAGE_PATHS.outOfStock, onDemand(() => import('../pages/staff/OutOfStockPage').then((page) => page.OutOfStockPage))],
  [PAGE_PATHS.staffSettings, onDemand(() => import('../pages/staff/TakeawaySettingsPage').then((page) => page.TakeawaySettingsPage))],
  [PAGE_PATHS.staffAccounts, onDemand(() => import('../pages/staff/StaffAccountsPage').then((page) => page.StaffAccountsPage))],
  [PAGE_PATHS.staffVouchers, onDemand(() => import('../pages/staff/VouchersPage').then((page) => page.VouchersPage))],
  [PAGE_PATHS.menuEditor, onDemand(() => import('../pages/staff/MenuEditorPage').then((page) => page.MenuEditorPage))],
  [PAGE_PATHS.account, onDemand(() => import('../pages/AccountPage').then((page) => page.AccountPage))],
  [PAGE_PATHS.invitation, onDemand(() => import('../pages/InvitationPage').then((page) => page.InvitationPage))],
  [PAGE_PATHS.contact, onDemand(() => import('../pages/ContactPage').then((page) => page.ContactPage))],
  [PAGE_PATHS.staffInbox, onDemand(() => import('../pages/staff/InboxPage').then((page) => page.InboxPage))],
  [PAGE_PATHS.about, onDemand(() => import('../pages/AboutPage').then((page) => page.AboutPage))],
  [PAGE_PATHS.accessibility, onDemand(() => import('../pages/AccessibilityPage').then((page) => page.AccessibilityPage))],
  [PAGE_PATHS.staffPages, onDemand(() => import('../pages/staff/PagesPage').then((page) => page.PagesPage))],
  [PAGE_PATHS.orderHistory, onDemand(() => import('../pages/staff/OrderHistoryPage').then((page) => page.OrderHistoryPage))],
  [PAGE_PATHS.nightReport, onDemand(() => import('../pages/staff/NightReportPage').then((page) => page.NightReportPage))],
  [PAGE_PATHS.streams, onDemand(() => import('../pages/staff/StreamsPage').then((page) => page.StreamsPage))],
  [PAGE_PATHS.apiAccess, onDemand(() => import('../pages/staff/ApiAccessPage').then((page) => page.ApiAccessPage))],
  [PAGE_PATHS.oauthAuthorize, onDemand(() => import('../pages/staff/AuthorizePage').then((page) => page.AuthorizePage))],
  // Any other one-word address: a page the restaurant wrote, or the not-found page when there is none.
  [PAGE_PATHS.content, onDemand(() => import('../pages/ContentPage').then((page) => page.ContentPage))],
];

/** The image picker (issue 39 item 4): a popup window of its own, without the shop's header and footer. */
const ImagePickerPage = onDemand(() => import('../features/media/ImagePickerPage').then((page) => page.ImagePickerPage));

/**
 * The menu is the first page most customers open, so only it comes in the first download. Every other page,
 * with its forms, loads on demand (the menu's own links fetch it while the customer looks at the menu).
 * Declarative routes, not a data router: the shop uses none of its loaders or actions, and its start-up was a
 * third of the menu page's script work on a phone (issue 18).
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route
        path={PAGE_PATHS.imagePicker}
        element={
          <Container as="main" fluid className="py-3">
            <PageErrorBoundary path={PAGE_PATHS.imagePicker}>
              <Suspense fallback={<PageLoading />}>
                <ImagePickerPage />
                <PageShown />
              </Suspense>
            </PageErrorBoundary>
          </Container>
        }
      />
      <Route element={<Layout />}>
        <Route path={PAGE_PATHS.menu} element={<HomePage />} />
        {PAGES_ON_DEMAND.map(([path, Page]) => (
          <Route key={path} path={path} element={<Page />} />
        ))}
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
