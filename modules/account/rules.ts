import { hasRole, type Role } from '../../src/identity/roles';

// Who may manage whom is shared with the web app's screens.
export { mayManage, STAFF_ROLES, type StaffRole } from '../../src/shared/roles';

/** True when this change would leave the shop with no active admin: it must be refused. */
export function removesLastAdmin(target: { role: Role; active: boolean }, activeAdmins: number): boolean {
  return target.active && target.role === 'admin' && activeAdmins <= 1;
}

/** Managers and admins may turn on a second factor (staff screens hold nothing a code would protect more). */
export const mayUseTotp = (role: Role) => hasRole(role, 'manager');

export const INVITATION_VALID_MS = 48 * 60 * 60 * 1000;
