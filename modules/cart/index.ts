export { CART_EVENT_TYPES, cartStream } from './events';
export { createBasket, type Basket, type CartView, type CartItem } from './basket';
export { basketRoutes } from './routes';
