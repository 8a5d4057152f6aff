import Router from '@koa/router';
import { z } from 'zod';
import type { Clock } from '../../src/core/clock';
import { commandContext } from '../../src/http/command-context';
import { requireRole } from '../../src/identity/auth';
import type { Services } from '../../src/services';
import { readSettings } from './read-settings';
import { settingKeySchema, type SettingKey } from './settings';
import { changeSettings } from './change-settings';

const updateInput = z.strictObject({
  settings: z.partialRecord(settingKeySchema, z.unknown()).refine((value) => Object.keys(value).length > 0, 'Nothing to change'),
});

/** Managers change settings; each changed value is an event, so every change is audited. */
export function storeSettingsRoutes(deps: { services: Services; clock: Clock }) {
  const router = new Router();

  router.post('/api/settings/update', requireRole('manager'), async (ctx) => {
    const { settings } = updateInput.parse(ctx.request.body);
    const result = await changeSettings(deps.services.commands, settings, commandContext(ctx, deps.clock));
    await deps.services.readModels.waitFor('settings', result.position);
    ctx.body = {
      status: true,
      message: result.events.length === 0 ? 'Nothing changed' : 'Settings saved',
      values: await readSettings(deps.services.settings, Object.keys(settings) as SettingKey[]),
    };
  });

  return router;
}
