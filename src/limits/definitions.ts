/**
 * Every limit the shop keeps, one place (issue 13). A limit counts calls per key (a client address, an account
 * and address, a phone number) in a fixed window. Each one's value is a setting, `LIMIT_<NAME>=<max>/<seconds>`
 * (e.g. `LIMIT_LOG_LINES=30/60`); the defaults below are in the README and in docs/limits.md's table, which must follow this list.
 */
export const LIMIT_DEFAULTS = {
  /** Failed logins for one account from one address (or one known device) before a human check is asked. */
  login_failures: { max: 5, windowSeconds: 15 * 60 },
  /** Failed logins from one address across all accounts before every login from it needs a human check. */
  login_address_failures: { max: 50, windowSeconds: 15 * 60 },
  /** Failed logins for one account from any address before every login to it needs a human check (no lock). */
  login_account_failures: { max: 10, windowSeconds: 15 * 60 },
  /** Login attempts for one account from one address, human-checked or not: ASVS's cap of 100 an hour. */
  login_attempts: { max: 100, windowSeconds: 60 * 60 },
  /** Human-check challenges one address may fetch (each costs the server one key derivation). */
  human_check_challenges: { max: 30, windowSeconds: 60 },
  /**
   * Phone orders (which wait for payment) placed from one address: high, because customers on one mobile carrier
   * share an address; the cap per phone number, email and session is the manager's setting max_unpaid_orders.
   */
  unpaid_orders: { max: 30, windowSeconds: 20 * 60 },
  /** Lines the web app may write to the server log from one address. */
  log_lines: { max: 30, windowSeconds: 60 },
  /**
   * Baskets one address may open: each may hold units off the menu, so many baskets would empty it. Generous,
   * since customers behind one mobile carrier or office share an address.
   */
  baskets_opened: { max: 60, windowSeconds: 60 * 60 },
  /** Invitations to a staff login one admin or manager may send (each is a mail to an address they typed). */
  invitations_sent: { max: 20, windowSeconds: 24 * 60 * 60 },
  /** One-time codes (TOTP) one account may try, at sign-in or when turning them on: 10 guesses of a 6-digit code. */
  login_codes: { max: 10, windowSeconds: 15 * 60 },
  /** Distinct voucher codes one session's order may try and fail (a code sent again is not counted twice). */
  voucher_guesses: { max: 10, windowSeconds: 15 * 60 },
  /** Distinct failed voucher codes from one address, across sessions. */
  voucher_address_guesses: { max: 30, windowSeconds: 15 * 60 },
  /** Content-Security-Policy violation reports one address may send (a page with a blocked script sends a few). */
  csp_reports: { max: 30, windowSeconds: 60 },
  /** Contact-form messages one address may send (issue 34), refused attempts too: each is a mail to the shop. */
  contact_messages: { max: 10, windowSeconds: 60 * 60 },
  /** Contact-form messages giving one email address, from any client address. */
  contact_messages_per_email: { max: 5, windowSeconds: 60 * 60 },
  /**
   * Customers' account requests from one address (issue 33: sign-ups, and later forgotten passwords and resent
   * links) before each needs a human check, as failed logins do.
   */
  account_requests: { max: 3, windowSeconds: 15 * 60 },
  /** The hard cap on those requests from one address, human-checked or not. */
  account_requests_cap: { max: 30, windowSeconds: 60 * 60 },
  /** Mails about one customer's account one address may be sent: more requests answer alike and send nothing. */
  account_mails_per_email: { max: 3, windowSeconds: 60 * 60 },
  /** Calls to the public API (`/api/v1`, issue 41) one token may make: a till polling every second fits with room. */
  api_requests: { max: 120, windowSeconds: 60 },
} as const satisfies Record<string, LimitSetting>;

export interface LimitSetting {
  max: number;
  windowSeconds: number;
}

export type LimitName = keyof typeof LIMIT_DEFAULTS;
export type LimitSettings = Record<LimitName, LimitSetting>;
export const LIMIT_NAMES = Object.keys(LIMIT_DEFAULTS) as LimitName[];

/**
 * How much of the menu the baskets of one client address may hold at once (issue 28), in percent: of each dish's
 * units on the shelf (`held_dish_share`), and of all the menu's (`held_menu_share`, virtual dishes such as a
 * donation aside). Held units are those in baskets, not yet ordered: they stop counting when they are given back,
 * ordered, or their hold runs out. A share is rounded up, so a dish with one unit left can still be had. Each is
 * a setting `LIMIT_<NAME>=<percent>`; 100 switches it off (a share of everything adds nothing to the shelf's own
 * refusal). Counted in modules/stock/address-share.ts from what modules/cart/address-holds.ts reads.
 *
 * The numbers: the baskets one address may open (60 an hour, of 40 units each) could hold 2,400 units, more than
 * the demo menu's 1,678 (the donation aside). A quarter of that menu is 420 units: room for 50 customers behind one
 * carrier's address with 8 units each in their baskets at the same moment, while an address at its quarter leaves
 * three-quarters of the menu to everyone else. Half of each dish: a crowd's favourite (10 of those 50 baskets with
 * two of a dish the kitchen made 40 of) still fits, and at least half of every dish stays for other addresses.
 */
export const HOLD_SHARE_DEFAULTS = {
  /** Percent of each dish's units on the shelf that the baskets of one address may hold. */
  held_dish_share: 50,
  /** Percent of the whole menu's units on the shelf (virtual dishes aside) that the baskets of one address may hold. */
  held_menu_share: 25,
} as const satisfies Record<string, number>;

export type HoldShareName = keyof typeof HOLD_SHARE_DEFAULTS;
/** Each share in percent, 1 to 100. */
export type HoldShares = Record<HoldShareName, number>;
export const HOLD_SHARE_NAMES = Object.keys(HOLD_SHARE_DEFAULTS) as HoldShareName[];

/** The environment variable that sets a limit or a share. */
export const limitVariable = (name: LimitName | HoldShareName) => `LIMIT_${name.toUpperCase()}`;
