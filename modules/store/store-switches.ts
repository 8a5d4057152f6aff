import type { CommandContext } from '../../src/core/decider';
import { DomainError } from '../../src/core/errors';
import type { Services } from '../../src/services';
import type { StoreStatus } from '../../src/shared/store-status';
import { changeSettings } from './change-settings';
import { canOfferDelivery, KITCHEN_POSTCODE_PROBLEM, type PostcodeLocator } from './delivery-offer';
import { DELIVERY_KEY } from './events';
import { assertMayOpen, type LiveKeysCheck } from './live-keys-gate';
import { readSettings } from './read-settings';
import type { SettingKey } from './settings';

type Deps = { services: Pick<Services, 'commands' | 'settings' | 'readModels'>; delivery: PostcodeLocator; liveKeys: LiveKeysCheck };

/**
 * Switching delivery on needs a kitchen postcode that can be located. A save that leaves delivery on, or that
 * sets a new kitchen postcode too (the settings screen checks that one itself), is not refused.
 */
export async function switchesDeliveryOnWithoutPostcode(deps: Deps, settings: Partial<Record<SettingKey, unknown>>): Promise<boolean> {
  if (settings[DELIVERY_KEY] !== true || 'kitchen_postcode' in settings) return false;
  const { [DELIVERY_KEY]: delivering } = await readSettings(deps.services.settings, [DELIVERY_KEY]);
  if (delivering === true) return false;
  return !(await canOfferDelivery(deps.services.settings, deps.delivery));
}

/**
 * The store-state buttons and the delivery toggle as commands, for the staff screens' routes and the public API
 * alike (issue 41): the same checks (the live keys before opening, a located kitchen postcode before delivering),
 * answered once the settings read model shows the change.
 */
export function storeSwitches(deps: Deps) {
  const change = async (changes: Partial<Record<SettingKey, unknown>>, context: CommandContext) => {
    const result = await changeSettings(deps.services.commands, changes, context);
    await deps.services.readModels.waitFor('settings', result.position);
  };
  return {
    async setStatus(state: StoreStatus, context: CommandContext): Promise<void> {
      await assertMayOpen({ order_status: state }, deps.liveKeys);
      await change({ order_status: state }, context);
    },
    async setDelivering(on: boolean, context: CommandContext): Promise<void> {
      if (await switchesDeliveryOnWithoutPostcode(deps, { [DELIVERY_KEY]: on })) throw new DomainError('conflict', KITCHEN_POSTCODE_PROBLEM);
      await change({ [DELIVERY_KEY]: on }, context);
    },
  };
}

export type StoreSwitches = ReturnType<typeof storeSwitches>;
