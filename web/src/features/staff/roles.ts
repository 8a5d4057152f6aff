import type { Role } from '../auth/authApi';

const ROLES: readonly Role[] = ['customer', 'staff', 'manager', 'admin'];

/** Each role may do everything the roles before it may (the server checks the same order on every call). */
export function hasRole(actual: Role | undefined, required: Role): boolean {
  return actual !== undefined && ROLES.indexOf(actual) >= ROLES.indexOf(required);
}
