export { CART_PERSONAL_DATA, CART_EVENT_SCHEMAS, CART_EVENT_TYPES, cartStream, type CartEvent } from './events';
export { createBasket, type Basket, type CartView, type CartItem } from './basket';
export { checkOut } from './check-out';
export { sessionBasketTotals, type BasketTotals } from './session-basket';
export type { CartLineRow, CartRow, HeldUnits, StoredBaskets } from './basket-lines';
export { forgetOldBasketHolders } from './basket-holders';
export { basketRoutes } from './routes';
export { BASKET_AT_CHECKOUT } from './decider';
