import { hasRole, type Role } from '../../src/identity/roles';
import { DELIVERY_KEY } from './events';
import type { SettingKey } from './settings';

/** Issue 14 item 8: the kitchen switches delivery on and off mid-service; every other setting is a manager's. */
export function roleToChange(key: SettingKey): Role {
  return key === DELIVERY_KEY ? 'staff' : 'manager';
}

/** The keys of a change that `role` may not make; a change is allowed only when this is empty. */
export function settingsBeyondRole(role: Role, keys: readonly SettingKey[]): SettingKey[] {
  return keys.filter((key) => !hasRole(role, roleToChange(key)));
}
