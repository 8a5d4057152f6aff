import Router from '@koa/router';
import { z } from 'zod';
import type { SettingsSource } from '../../src/services';
import { DomainError } from '../../src/core/errors';
import { hasRole, type Role } from '../../src/identity/roles';
import { readSettings, settingKeySchema, type SettingKey } from '../../modules/store';

/** The shop's contact address is for its own mail (issue 34): a page would hand it to every address harvester. */
const MANAGERS_ONLY: readonly SettingKey[] = ['contact_email'];
const settingsInput = z.strictObject({ keys: z.array(settingKeySchema).min(1).max(50) });

/** Settings customers may read by name (spec §7); none of them is secret, and the few for managers' eyes only (the settings screen's) are refused to others. */
export function settingsRoutes(deps: { settings: SettingsSource }) {
  const router = new Router();

  router.post('/api/settings', async (ctx) => {
    const { keys } = settingsInput.parse(ctx.request.body);
    const user = ctx.state.user as { role: Role } | undefined;
    if (keys.some((key) => MANAGERS_ONLY.includes(key)) && !(user && hasRole(user.role, 'manager'))) throw new DomainError('forbidden', 'Only a manager may read contact_email');
    ctx.body = { status: true, values: await readSettings(deps.settings, keys) };
  });

  // The snowfall part reads its dates on its own, so a failure names what failed (customer spec §8).
  for (const key of ['is_takeaway', 'order_status', 'snowfall_dates'] as const) {
    router.get(`/api/settings/${key}`, async (ctx) => {
      ctx.body = { status: true, value: (await readSettings(deps.settings, [key]))[key] };
    });
  }

  return router;
}
