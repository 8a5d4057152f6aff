import Router from '@koa/router';
import { z } from 'zod';
import { noInput } from '../../src/http/inputs';
import type { Clock } from '../../src/core/clock';
import { commandContext } from '../../src/http/command-context';
import { requireRole } from '../../src/identity/auth';
import type { Services } from '../../src/services';
import { readOpeningHours, readOpeningWeek, readSettings } from './read-settings';
import { parseKitchenPostcode } from '../../src/shared/postcode';
import { canOfferDelivery, KITCHEN_POSTCODE_PROBLEM, type PostcodeLocator } from './delivery-offer';
import { singleLineText } from '../../src/shared/text';
import { isWithinHours, nextOpenAt, secondsToClose } from './opening-hours';
import { currentBannerText, specialDayMessage } from './store-banner';
import { type LiveKeysCheck } from './live-keys-gate';
import { storeSwitches } from './store-switches';

const statusInput = z.strictObject({ state: z.enum(['closed', 'open', 'busy', 'slammed'], 'state must be closed, open, busy or slammed') });
const postcodeInput = z.strictObject({ postcode: singleLineText({ max: 20 }) });

/** Store status, opening hours, the delivery toggle's state and the settings screen's helpers. */
export function storeStatusRoutes(deps: { services: Services; clock: Clock; delivery: PostcodeLocator; liveKeys: LiveKeysCheck }) {
  const { services, clock } = deps;
  const router = new Router();
  const switches = storeSwitches(deps);

  const hours = () => readOpeningHours(services.settings);

  router.post('/api/change-status', requireRole('staff'), async (ctx) => {
    const { state } = statusInput.parse(ctx.request.body);
    await switches.setStatus(state, commandContext(ctx, clock));
    ctx.body = { status: true, message: `The store is now ${state}` };
  });

  router.get('/store-status', async (ctx) => {
    ctx.type = 'text/plain; charset=utf-8';
    ctx.body = await currentBannerText(services.settings, clock);
  });

  router.get('/api/minsToCloseTime', async (ctx) => {
    const seconds = secondsToClose(clock(), await hours());
    ctx.body = { status: true, minsToClose: Math.floor(seconds / 60), secsToClose: seconds };
  });

  /** Today's special day's message (e.g. closed for Christmas), shown while the store is closed; '' if none. */
  const specialDay = () => specialDayMessage(services.settings, clock);

  router.get('/api/nextOpenAt', async (ctx) => {
    const next = nextOpenAt(clock(), await hours());
    const message = next ? await specialDay() : 'No opening hours are set';
    ctx.body = { status: true, nextOpenAt: next?.toISOString() ?? null, message };
  });

  /** The customer footer's opening hours: the seven days from today's London date, special days included. */
  router.get('/api/opening-hours/week', async (ctx) => {
    ctx.body = { status: true, ...(await readOpeningWeek(services.settings, clock())) };
  });

  router.post('/api/ta/canOpen', requireRole('staff'), async (ctx) => {
    noInput.parse(ctx.request.body);
    const within = isWithinHours(clock(), await hours());
    // Why not, on a special day (closed for a holiday): the opening modal's confirmation shows it.
    ctx.body = within ? { status: true } : { status: false, message: await specialDay() };
  });

  router.get('/api/deliveringStatus', async (ctx) => {
    const { delivering_status: delivering } = await readSettings(services.settings, ['delivering_status']);
    const canOffer = await canOfferDelivery(services.settings, deps.delivery);
    ctx.body = { status: true, delivering: delivering === true && canOffer, can_offer_delivery: canOffer, message: canOffer ? '' : KITCHEN_POSTCODE_PROBLEM };
  });

  router.post('/api/validate_postcode', requireRole('manager'), async (ctx) => {
    const { postcode } = postcodeInput.parse(ctx.request.body);
    const valid = parseKitchenPostcode(postcode);
    const located = valid ? await deps.delivery.distance(valid).then(() => true, () => false) : false;
    ctx.body = { status: located, message: located ? 'postcode is OK' : valid ? "Can't check delivery distance" : ' ... incomplete or invalid postcode' };
  });

  router.get('/api/settings/ta_print_categories', requireRole('staff'), async (ctx) => {
    ctx.body = { status: true, value: (await readSettings(services.settings, ['ta_print_categories'])).ta_print_categories };
  });

  return router;
}
