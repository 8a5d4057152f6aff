import { z } from 'zod';
import { ROLES } from '../shared/roles';

export { hasRole, landingPathFor, ROLES, type Role } from '../shared/roles';
export const roleSchema = z.enum(ROLES);
