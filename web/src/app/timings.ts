/** Spec §9: the pause after typing before the postcode check, the delivery recalculation and the phone check. */
export const TYPING_PAUSE_MS = 500;
/** Spec §9: the checkout page asks for the order this often until it is ready for its details. */
export const ORDER_POLL_MS = 1000;
/** Spec §9: how long a page that cannot take an order shows why before going home. */
export const REDIRECT_HOME_MS = 5000;
/** Spec §4/§9: product images are squared this long after they load. */
export const SQUARE_IMAGES_DELAY_MS = 2000;
/** Spec §4/§9: ...and only when the widest of them is over this many CSS pixels. */
export const SQUARE_IMAGES_MIN_WIDTH_PX = 100;
/** Not in the spec: how long a window resize must settle before the product images are measured again. */
export const RESIZE_SETTLE_MS = 250;
