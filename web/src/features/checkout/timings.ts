/** Spec §9: the pause after typing before the postcode check, the delivery recalculation and the phone check. */
export const TYPING_PAUSE_MS = 500;
/** Spec §9: the checkout page asks for the order this often until it is ready for its details. */
export const ORDER_POLL_MS = 1000;
/** Spec §9: how long a page that cannot take an order shows why before going home. */
export const REDIRECT_HOME_MS = 5000;
