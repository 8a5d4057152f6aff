import type { StaffRole } from './accountsApi';

export { rolesGivenBy } from '../../../../src/shared/roles';

export const ROLE_NAMES: Record<StaffRole, string> = { staff: 'Staff', manager: 'Manager', admin: 'Admin' };
