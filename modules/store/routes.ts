import Router from '@koa/router';
import { z } from 'zod';
import type { Clock } from '../../src/core/clock';
import { DomainError } from '../../src/core/errors';
import { commandContext } from '../../src/http/command-context';
import { requireRole } from '../../src/identity/auth';
import type { Services } from '../../src/services';
import { readSettings } from './read-settings';
import { settingKeySchema, type SettingKey } from './settings';
import { changeSettings } from './change-settings';
import { KITCHEN_POSTCODE_PROBLEM, type PostcodeLocator } from './delivery-offer';
import { switchesDeliveryOnWithoutPostcode } from './store-switches';
import { settingsBeyondRole } from './setting-roles';
import { assertMayOpen, type LiveKeysCheck } from './live-keys-gate';

const updateInput = z.strictObject({
  settings: z.partialRecord(settingKeySchema, z.unknown()).refine((value) => Object.keys(value).length > 0, 'Nothing to change'),
});

/**
 * Staff and managers change settings, each key only by the role it needs (setting-roles.ts): a request with one
 * key beyond the caller's role changes nothing. Each changed value is an event, so every change is audited.
 */
export function storeSettingsRoutes(deps: { services: Services; clock: Clock; delivery: PostcodeLocator; liveKeys: LiveKeysCheck }) {
  const router = new Router();

  router.post('/api/settings/update', requireRole('staff'), async (ctx) => {
    const { settings } = updateInput.parse(ctx.request.body);
    const keys = Object.keys(settings) as SettingKey[];
    const refused = settingsBeyondRole(ctx.state.user!.role, keys);
    if (refused.length > 0) throw new DomainError('forbidden', `Only a manager may change ${refused.join(', ')}`);
    await assertMayOpen(settings, deps.liveKeys);
    if (await switchesDeliveryOnWithoutPostcode(deps, settings)) {
      throw new DomainError('conflict', KITCHEN_POSTCODE_PROBLEM);
    }
    const result = await changeSettings(deps.services.commands, settings, commandContext(ctx, deps.clock));
    await deps.services.readModels.waitFor('settings', result.position);
    ctx.body = {
      status: true,
      message: result.events.length === 0 ? 'Nothing changed' : 'Settings saved',
      values: await readSettings(deps.services.settings, keys),
    };
  });

  return router;
}
