/**
 * The public API's scopes (issue 41): what a personal access token or an OAuth client may be granted, each with
 * the least role whose own screens do the same (staff spec §6), so no token reaches further than its owner.
 * The server's checks and the token form's checkboxes read this one list.
 */
import { hasRole, type Role } from './roles';

export const API_SCOPES = [
  { id: 'menu:read', description: 'Read the menu, with stock', role: 'staff' },
  { id: 'menu:write', description: 'Change stock and availability', role: 'staff' },
  { id: 'orders:read', description: "Read today's and past orders, without the customers' details", role: 'staff' },
  { id: 'orders:read:personal', description: "Read the customers' names, addresses and contact details on orders", role: 'staff' },
  { id: 'orders:write', description: 'Print orders, notify customers and complete orders', role: 'staff' },
  { id: 'store:write', description: 'Change the store status and switch delivery on or off', role: 'staff' },
] as const satisfies ReadonlyArray<{ id: string; description: string; role: Role }>;

export type ApiScope = (typeof API_SCOPES)[number]['id'];
export const API_SCOPE_IDS = API_SCOPES.map((scope) => scope.id) as [ApiScope, ...ApiScope[]];

/** Customers' logins hold no API credentials (issue 41: the staff spec's 'signed-in user' is a member of staff). */
export const mayHoldApiCredentials = (role: Role): boolean => role !== 'customer';

/** Whether a login of `role` may grant (and go on using) `scope`. */
export function scopeAllowed(role: Role, scope: ApiScope): boolean {
  const entry = API_SCOPES.find((each) => each.id === scope);
  return entry !== undefined && mayHoldApiCredentials(role) && hasRole(role, entry.role);
}

/** The texts of the API-credential screens (staff spec §2, §8), word for word. */
export const API_ACCESS_TEXTS = {
  noClients: 'You have not created any OAuth clients.',
  noTokens: 'You have not created any personal access tokens.',
  whoops: 'Whoops! Something went wrong!',
  failed: 'Something went wrong. Please try again.',
  shownOnce: "Here is your new personal access token. This is the only time it will be shown so don't lose it! You may now use this token to make API requests.",
  customersHaveNone: 'Customer logins have no API credentials',
  noSuchToken: 'There is no such token',
  notYours: 'You may only revoke your own tokens',
  scopeRefused: 'You may not grant that scope',
  noSuchClient: 'There is no such client',
} as const;

/** The longest name of a token or client. */
export const API_NAME_MAX = 100;

/**
 * An OAuth client's redirect URL (RFC 6749 §3.1.2, OAuth 2.1): absolute, https (or http to this machine, for a
 * tool run locally), no fragment. It is matched exactly at every authorization. The problem, or null.
 */
export function redirectProblem(redirect: string): string | null {
  let url: URL;
  try {
    url = new URL(redirect);
  } catch {
    return 'The redirect must be a valid URL.';
  }
  const local = url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
  if (url.protocol !== 'https:' && !local) return 'The redirect must be an https address (or http on localhost).';
  if (url.hash !== '' || redirect.includes('#')) return 'The redirect must not contain a fragment.';
  if (url.username !== '' || url.password !== '') return 'The redirect must not contain a user name or password.';
  return null;
}
