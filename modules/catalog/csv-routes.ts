import Router from '@koa/router';
import { z } from 'zod';
import type { Clock } from '../../src/core/clock';
import { commandContext } from '../../src/http/command-context';
import { requireRole } from '../../src/identity/auth';
import { multiLineText } from '../../src/shared/text';
import { MENU_CSV_LIMITS, type MenuTransfer } from './menu-import';

const importInput = z.strictObject({
  csv: multiLineText({ max: MENU_CSV_LIMITS.maxBytes, required: 'Choose a CSV file of the menu' }),
  dry_run: z.boolean(),
});

const plural = (count: number, one: string) => `${count} ${one}${count === 1 ? '' : 's'}`;

/** The menu as a CSV file for managers (issue 16 item 5): download it, and check or apply an edited one. */
export function menuCsvRoutes(deps: { transfer: MenuTransfer; clock: Clock }) {
  const { transfer, clock } = deps;
  const router = new Router();
  const manager = requireRole('manager');

  router.get('/api/catalogue/menu.csv', manager, async (ctx) => {
    const csv = await transfer.exportCsv();
    ctx.type = 'text/csv; charset=utf-8';
    ctx.attachment('menu.csv');
    ctx.set('Cache-Control', 'no-store');
    ctx.body = csv;
  });

  router.post('/api/catalogue/import', manager, async (ctx) => {
    const { csv, dry_run: dryRun } = importInput.parse(ctx.request.body);
    const { problems, changes } = await transfer.importCsv(csv, { dryRun }, commandContext(ctx, clock));
    if (problems.length > 0) {
      ctx.status = 400;
      ctx.body = { status: false, message: `The file has ${plural(problems.length, 'problem')}; nothing was changed`, problems };
      return;
    }
    const message = changes === 0 ? 'The file matches the menu: nothing to change' : dryRun ? `The file is fine: it makes ${plural(changes, 'change')}` : `Imported: ${plural(changes, 'change')} made`;
    ctx.body = { status: true, message, changes, applied: !dryRun };
  });

  return router;
}
