/**
 * The roles and who may manage whom: the server's deciders and routes and the web app's screens read the same
 * rules from here (zod-free, so the web bundle stays small).
 */
import { PAGE_PATHS } from './page-head';

export const ROLES = ['customer', 'staff', 'manager', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** Each role may do everything the roles before it may. */
export function hasRole(actual: Role, required: Role): boolean {
  return ROLES.indexOf(actual) >= ROLES.indexOf(required);
}

/** The roles a login can be given here; customers sign themselves up. */
export const STAFF_ROLES = ['staff', 'manager', 'admin'] as const satisfies readonly Role[];
export type StaffRole = (typeof STAFF_ROLES)[number];

/**
 * Who may invite, change, disable or enable whom: an admin anyone, a manager only staff, nobody else anyone.
 * A manager can therefore never make or touch a manager or an admin.
 */
export function mayManage(actor: Role, target: Role): boolean {
  if (actor === 'admin') return true;
  return actor === 'manager' && target === 'staff';
}

/** The roles `actor` may give (what the invitation and role choices offer). */
export const rolesGivenBy = (actor: Role): StaffRole[] => STAFF_ROLES.filter((role) => mayManage(actor, role));

/**
 * Where a role lands after signing in (issue 38 item 7): staff of every rank on the live orders (the kitchen's
 * screen), a customer on the menu.
 */
export function landingPathFor(role: Role): string {
  return role === 'customer' ? PAGE_PATHS.menu : PAGE_PATHS.liveOrders;
}

/**
 * Where a login goes: back to the page of this site that asked for it (`from`, the link's state), else the role's
 * landing page. Only a path of this site: never another host (`//host`, or `/\host`, which browsers read alike),
 * nor the login page itself.
 */
export function pathAfterLogin(from: unknown, role: Role): string {
  const ownPath = typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') && !from.startsWith('/\\') && ![...from].some((character) => character.charCodeAt(0) < 0x20);
  return ownPath && from.split(/[?#]/)[0] !== '/login' ? from : landingPathFor(role);
}
