import type { Role } from '../auth/authApi';
import type { StaffRole } from './accountsApi';

export const ROLE_NAMES: Record<StaffRole, string> = { staff: 'Staff', manager: 'Manager', admin: 'Admin' };

/**
 * The roles a person may give, as the server's decider allows them (modules/account/rules.ts, mayManage): an
 * admin any, a manager staff. Only to fill the choices; the server decides.
 */
export const rolesGivenBy = (role: Role): StaffRole[] => (role === 'admin' ? ['staff', 'manager', 'admin'] : ['staff']);
