import Router from '@koa/router';
import { z } from 'zod';
import type { SettingsSource } from '../../src/services';
import { readSettings, settingKeySchema } from '../../modules/store';

/** The shop's contact address is for its own mail (issue 34): a page would hand it to every address harvester. */
const NOT_PUBLIC = ['contact_email'] as const;
const settingsInput = z.strictObject({ keys: z.array(settingKeySchema.exclude(NOT_PUBLIC)).min(1).max(50) });

/** Settings customers may read by name (spec §7); none of them is secret, and the few not for customers are left out. */
export function settingsRoutes(deps: { settings: SettingsSource }) {
  const router = new Router();

  router.post('/api/settings', async (ctx) => {
    const { keys } = settingsInput.parse(ctx.request.body);
    ctx.body = { status: true, values: await readSettings(deps.settings, keys) };
  });

  for (const key of ['is_takeaway', 'order_status'] as const) {
    router.get(`/api/settings/${key}`, async (ctx) => {
      ctx.body = { status: true, value: (await readSettings(deps.settings, [key]))[key] };
    });
  }

  return router;
}
