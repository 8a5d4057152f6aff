/** The staff screens' private live channel (`/events/orders`, issue 30 item 1), as `/broadcasting/auth` names it. */
export const STAFF_ORDERS_CHANNEL = 'private-orders';
