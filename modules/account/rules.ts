import { hasRole, type Role } from '../../src/identity/roles';

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

/** True when this change would leave the shop with no active admin: it must be refused. */
export function removesLastAdmin(target: { role: Role; active: boolean }, activeAdmins: number): boolean {
  return target.active && target.role === 'admin' && activeAdmins <= 1;
}

/** Managers and admins may turn on a second factor (staff screens hold nothing a code would protect more). */
export const mayUseTotp = (role: Role) => hasRole(role, 'manager');

export const INVITATION_VALID_MS = 48 * 60 * 60 * 1000;
