import type { Logger } from 'pino';
import type { Config } from '../config';
import type { Clock } from '../core/clock';
import { endSessionsOf } from '../http/session';
import type { createCredentials } from '../identity/credentials';
import type { LiveHub } from '../live/hub';
import { forgetMails } from '../mail/forget';
import type { Services } from '../services';
import { erasureRecords } from '../../projections';
import { createPrivacy, guestRetentionProcess } from '../../modules/privacy';
import type { createVouchers } from '../../modules/voucher';
import { systemContext } from './system-context';

/** Erasure and the guests' retention: what forgetting a person reaches beyond the event store. */
export function wirePrivacy(deps: {
  config: Config;
  services: Services;
  vouchers: ReturnType<typeof createVouchers>;
  credentials: ReturnType<typeof createCredentials>;
  hub: LiveHub;
}) {
  const { config, services, hub } = deps;
  const { pool } = services;
  const privacy = createPrivacy(
    services,
    {
      ...erasureRecords(pool),
      forgetMails: async (about) => void (await forgetMails(pool, config.dataDir, about)),
      forgetOrders: (orderIds) => deps.vouchers.forgetOrders(orderIds),
      forgetLogins: async (userIds) => {
        await deps.credentials.forget(userIds);
        for (const userId of userIds) {
          await endSessionsOf(pool, userId, services.notices);
          hub.disconnect(userId);
        }
      },
    },
    { retentionDays: config.GUEST_PII_RETENTION_DAYS },
  );
  return { privacy, processes: [guestRetentionProcess(privacy.retentionActions)] };
}

/** After the processes start: schedules the guests' retention and looks up people stored before sealing existed. */
export async function startRetention(privacy: ReturnType<typeof createPrivacy>, clock: Clock, logger: Logger): Promise<void> {
  await privacy.scheduleRetention(systemContext(clock, 'guest-retention'));
  const backfilled = await privacy.backfillLookups();
  if (backfilled > 0) logger.info({ lookups: backfilled }, 'looked up people stored before sealing existed');
}
