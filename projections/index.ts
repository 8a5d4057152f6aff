import type { Projection } from '../src/projections/types';
import { accountsProjection } from './accounts/projection';
import { auditProjection } from './audit';
import { cartsProjection } from './carts/projection';
import { menuProjection } from './menu/projection';
import { settingsProjection } from './settings/projection';
import { ordersProjection } from './orders/projection';
import { vouchersProjection } from './vouchers/projection';
import { paymentsProjection } from './payments/projection';
import { contactMessagesProjection } from './contact/projection';
import { capacityProjection } from './capacity/projection';
import { contentPagesProjection } from './content/projection';
import { mediaProjection } from './media/projection';
import { apiTokensProjection } from './api-access/projection';

/** Every read model the shop runs. */
export function allProjections(): Projection[] {
  return [auditProjection(), menuProjection, cartsProjection, settingsProjection, ordersProjection, accountsProjection, vouchersProjection, paymentsProjection, contactMessagesProjection, capacityProjection, contentPagesProjection, mediaProjection, apiTokensProjection];
}

// The read side's door for the composition root: caches, query routes and the query ports modules are given.
export { MenuCache } from './menu/cache';
export { menuRoutes } from './menu/routes';
export { dishNames, dishImageUses, productsWithExpiredHolds, productsWithParLevels, stockLevels } from './menu/queries';
export { SettingsCache } from './settings/queries';
export { settingsRoutes } from './settings/routes';
export { storedBaskets } from './carts/queries';
export { kitchenOrders, placedOrdersPage, unpaidOrders } from './orders/queries';
export { accountOrders, ordersWithDetails } from './orders/account-orders';
export { takingsCsv, takingsRoutes } from './orders/takings-csv';
export { erasureRecords } from './orders/erasure-queries';
export { storeLogRoutes } from './settings/store-log';
export { accountList } from './accounts/queries';
export { voucherReadModel } from './vouchers/queries';
export { cardRefundRoutes } from './payments/refunds';
export { contactInbox, contactMessagesFrom } from './contact/queries';
export { windowLoads } from './capacity/queries';
export { contentReadModel, pagePartImageUses } from './content/queries';
export { mediaLibrary } from './media/queries';
export { streamCategories, streamsCorrelatedWith, streamsOfCategory, streamsWrittenBetween } from './audit';
export { nightReportRoutes, type SoldOutOfDay } from './orders/night-report';
export { ordersByRef } from './orders/order-search';
export { apiTokenReadModel, oauthClientReadModel } from './api-access/queries';
export { oauthStore } from './api-access/oauth-store';
