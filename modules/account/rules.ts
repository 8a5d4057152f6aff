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

/** How long the link mailed to confirm a customer's address works (issue 33). */
export const VERIFICATION_VALID_MS = 24 * 60 * 60 * 1000;

/**
 * Whether a sign-up may (re)start this account: a new address, or one whose earlier sign-up was never confirmed
 * and whose link has run out. Anything else belongs to someone already, and gets a mail to its owner instead.
 */
export function maySignUp(state: { status: string; account?: { verification?: { expiresAt: string } | null } }, now: string): boolean {
  if (state.status === 'none') return true;
  const verification = state.account?.verification;
  return state.status === 'unverified' && !!verification && Date.parse(now) >= Date.parse(verification.expiresAt);
}

/** How long a forgotten-password link works (issue 33): short, since it opens the account. */
export const RESET_VALID_MS = 30 * 60 * 1000;
/** How long the link that confirms a customer's new address works. */
export const EMAIL_CHANGE_VALID_MS = 24 * 60 * 60 * 1000;
