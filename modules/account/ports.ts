import type { Role } from '../../src/identity/roles';

export interface PersonRow {
  id: string;
  email: string;
  role: Role;
  status: 'invited' | 'active' | 'disabled';
  totpEnabled: boolean;
  invitedUntil: string | null;
  lastLoginAt: string | null;
}

/** What the account handlers read from the accounts read model (implemented in projections/accounts). */
export interface AccountList {
  people(): Promise<PersonRow[]>;
  activeAdmins(): Promise<number>;
  /** The role of an active account, or null. */
  roleOf(id: string): Promise<Role | null>;
}
