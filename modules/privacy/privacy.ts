import type { CommandContext } from '../../src/core/decider';
import type { Services } from '../../src/services';
import { retentionDecider } from './decider';
import { createErasure } from './erasure';
import { RETENTION_STREAM } from './events';
import type { PrivacyPorts } from './ports';
import { nextRetentionRun, retentionCutoff, type RetentionActions } from './retention';

/** The privacy module: erasure on request, and the daily retention job of guest data. */
export function createPrivacy(services: Services, ports: PrivacyPorts, options: { retentionDays: number }) {
  const erasure = createErasure(services, ports);
  const schedule = (runAt: string, erasedOrders: number, context: CommandContext) =>
    services.commands.handle(RETENTION_STREAM, retentionDecider, { type: 'ScheduleRetention', runAt, erasedOrders }, context);

  const retentionActions: RetentionActions = {
    async runRetention(runAt, context) {
      const erasedOrders = await erasure.eraseExpiredGuests(retentionCutoff(new Date(context.now), options.retentionDays), context);
      await schedule(nextRetentionRun(runAt, new Date(context.now)), erasedOrders, context);
    },
  };

  return {
    erase: erasure.erase,
    /**
     * At start-up: people stored in clear before sealing existed (EventStoreDB, or before npm run pii:rewrite)
     * get their lookups from the read models, so erasure by email or phone finds them, and the caps count them.
     */
    async backfillLookups(batch = 500): Promise<number> {
      let written = 0;
      for (;;) {
        const rows = await ports.withoutLookups(batch);
        let now = 0;
        for (const row of rows) now += await services.personalData.rememberLookups(row.subject, { email: row.email, phone: row.phone });
        written += now;
        if (rows.length < batch || now === 0) return written;
      }
    },
    retentionActions,
    /** At start-up: the first run is scheduled a day after the first start; afterwards each run schedules the next. */
    async scheduleRetention(context: CommandContext): Promise<void> {
      const state = await services.commands.load(RETENTION_STREAM, retentionDecider);
      if (state.scheduledRunAt === null) await schedule(nextRetentionRun(context.now, new Date(context.now)), 0, context);
    },
  };
}

export type Privacy = ReturnType<typeof createPrivacy>;
