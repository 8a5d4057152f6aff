import { DomainError } from '../../src/core/errors';
import { NO_LIVE_KEYS_CODE, NO_LIVE_KEYS_REFUSAL } from '../../src/shared/live-keys';
import { STORE_STATUS_KEY } from './events';
import type { SettingKey } from './settings';

/** Whether the live channel's keys are set (src/live's key ring, handed in by the composition root). */
export interface LiveKeysCheck {
  areSet(): Promise<boolean>;
}

/** A change that opens the store: open, busy or slammed. */
export function opensTheStore(changes: Partial<Record<SettingKey, unknown>>): boolean {
  return STORE_STATUS_KEY in changes && changes[STORE_STATUS_KEY] !== 'closed';
}

/**
 * Staff spec §2 (issue 30 item 1): without the live channel's keys the store cannot be opened, since no staff
 * screen could follow its orders. Closing, and every other setting, never needs them.
 */
export async function assertMayOpen(changes: Partial<Record<SettingKey, unknown>>, keys: LiveKeysCheck): Promise<void> {
  if (opensTheStore(changes) && !(await keys.areSet())) throw new DomainError('conflict', NO_LIVE_KEYS_REFUSAL, undefined, NO_LIVE_KEYS_CODE);
}
