import type { Logger } from 'pino';
import type { Clock } from '../core/clock';
import type { Services } from '../services';
import { generateLiveKeys, type LiveKeyRing } from '../live/live-keys';
import { changeSettings, closeAtClosingTime, dateOpening, readSettings, storeHoursProcess } from '../../modules/store';
import { systemContext } from './system-context';

/** The process that closes the store at its closing time. */
export function storeProcesses(services: Services) {
  return [
    storeHoursProcess({
      closeAtClosingTime: async (closesAt, context) => void (await closeAtClosingTime(services.commands, closesAt, context)),
    }),
  ];
}

/**
 * After the processes start (a kind's first start begins at the head of $all, and this opening must start the
 * storeHours process that closes it at 23:59): a store an older version left open gets its closing time (once; then
 * nothing), and `npm start`'s demo shop gets live update keys of its own, opens around the clock and offers card
 * with the fake card provider, and PayPal with the fake PayPal.
 */
export async function openTheStore(
  services: Services,
  liveKeys: LiveKeyRing,
  options: { seededDemoMenu: boolean; openDemoShop: boolean; fakeCardPayments: boolean; fakePayPal?: boolean },
  clock: Clock,
  logger: Logger,
): Promise<void> {
  const { commands } = services;
  await dateOpening(commands, systemContext(clock, 'date-opening'));
  if (options.seededDemoMenu && options.openDemoShop) {
    // The demo shop makes its own live update keys, so it may open; any other shop has them set (issue 30 item 1).
    if (!(await liveKeys.areSet())) {
      await liveKeys.save(generateLiveKeys());
      logger.info('made the demo shop its live update keys');
    }
    // No staff screen is watching a newcomer's first card order: the demo shop offers card without one.
    const changes = { open_time: '00:00', close_time: '23:59', order_status: 'open', card_unattended_minutes: 0 };
    const { position } = await changeSettings(commands, changes, systemContext(clock, 'demo-hours'));
    await services.readModels.waitFor('settings', position);
    logger.info('opened the demo shop, 00:00-23:59 every day');
  }
  // The demo shop with a fake provider (card, PayPal) offers it, so a newcomer can pay that way at once.
  const fakes = options.openDemoShop ? [...(options.fakeCardPayments ? ['card' as const] : []), ...(options.fakePayPal ? ['paypal' as const] : [])] : [];
  const offered = fakes.length > 0 ? (await readSettings(services.settings, ['payment_methods'])).payment_methods : [];
  const missing = fakes.filter((method) => !offered.includes(method));
  if (missing.length > 0) {
    const { position } = await changeSettings(commands, { payment_methods: [...offered, ...missing] }, systemContext(clock, 'demo-payments'));
    await services.readModels.waitFor('settings', position);
  }
}
