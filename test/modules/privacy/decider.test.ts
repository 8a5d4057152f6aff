import { randomUUID } from 'node:crypto';
import { erasureDecider, guestRetentionProcess, nextRetentionRun, refuseErasure, retentionCutoff, retentionDecider, type PrivacyEvent } from '../../../modules/privacy';
import { loadConfig } from '../../../src/config';
import { DomainError } from '../../../src/core/errors';
import type { AnyProcessDefinition, HandleInput } from '../../../src/process';
import { firedTimer, runProcess } from '../../support/process-inputs';
import { specFor } from '../../support/given-when-then';

const subject = 'guest_order:55555555-5555-4555-8555-555555555555';
const erased = (reason: 'request' | 'retention' = 'request'): PrivacyEvent => ({ type: 'PersonalDataErased', data: { subject, reason } });
const scheduled = (runAt: string, erasedOrders = 0): PrivacyEvent => ({ type: 'GuestRetentionScheduled', data: { runAt, erasedOrders } });

/** Issue 15 item 5: erasure on request and the daily retention job, as given events / when command / then events. */
describe('privacy deciders', () => {
  describe('erasure (one subject’s stream)', () => {
    const spec = specFor(erasureDecider);

    it('records an erasure once, with its reason', () => {
      spec([]).when({ type: 'RecordErasure', subject, reason: 'request' }).then([erased('request')]);
      spec([]).when({ type: 'RecordErasure', subject, reason: 'retention' }).then([erased('retention')]);
    });

    it('records nothing more when the subject was erased already, whatever asks again', () => {
      spec([erased('retention')]).when({ type: 'RecordErasure', subject, reason: 'request' }).then([]);
      spec([erased('request')]).when({ type: 'RecordErasure', subject, reason: 'retention' }).then([]);
    });

    it('refuses to erase a person whose login is still active, so nobody is locked out by surprise', () => {
      expect(() => refuseErasure({ activeLogins: 0 })).not.toThrow();
      let refused: unknown;
      try {
        refuseErasure({ activeLogins: 1 });
      } catch (error) {
        refused = error;
      }
      expect(refused).toBeInstanceOf(DomainError);
      expect(refused).toMatchObject({ kind: 'conflict', message: expect.stringMatching(/disable it before erasing/) });
    });
  });

  describe('retention (its schedule stream)', () => {
    const spec = specFor(retentionDecider);
    const day1 = '2026-11-21T19:00:00.000Z';
    const day2 = '2026-11-22T19:00:00.000Z';

    it('schedules the first run, and each later run once, with what the run before erased', () => {
      spec([]).when({ type: 'ScheduleRetention', runAt: day1, erasedOrders: 0 }).then([scheduled(day1)]);
      spec([scheduled(day1)]).when({ type: 'ScheduleRetention', runAt: day2, erasedOrders: 3 }).then([scheduled(day2, 3)]);
    });

    it('schedules nothing when that run or a later one is scheduled already (a repeated or crashed-and-retried run)', () => {
      spec([scheduled(day1)]).when({ type: 'ScheduleRetention', runAt: day1, erasedOrders: 0 }).then([]);
      spec([scheduled(day1), scheduled(day2, 2)]).when({ type: 'ScheduleRetention', runAt: day1, erasedOrders: 5 }).then([]);
    });
  });
});

describe('the guest-retention process', () => {
  const runAt = '2026-11-21T19:00:00.000Z';
  const at = '2026-11-20T19:00:00.000Z';
  const definition = guestRetentionProcess({
    runRetention: async () => {
      throw new Error('a decider never sends');
    },
  });
  const processId = definition.receive({ id: randomUUID(), type: 'GuestRetentionScheduled', stream: 'privacy-retention', data: { runAt, erasedOrders: 0 }, metadata: { at } } as never)!.processId;

  const run = (inputs: Array<HandleInput['input']>) => runProcess(definition as unknown as AnyProcessDefinition, processId, inputs);
  const started = { kind: 'event' as const, inputId: randomUUID(), eventType: 'GuestRetentionScheduled', fact: { runAt }, at };
  const fired = firedTimer;

  it('is one process per run, named by the run’s time', () => {
    expect(processId).toBe('20261121190000000');
    expect(definition.startsOn).toEqual(['GuestRetentionScheduled']);
  });

  it('waits for the run’s time, then asks for the run once and finishes', () => {
    const waiting = run([started]);
    expect(waiting).toMatchObject({ timers: [{ name: 'run', dueAt: runAt }], sent: [], finished: false });
    const ran = run([started, fired(waiting.timers[0])]);
    expect(ran.sent).toEqual([{ type: 'RunRetention', runAt }]);
    expect(ran.finished).toBe(true);
  });

  it('sets no second timer when the same run is announced again', () => {
    const again = { ...started, inputId: randomUUID() };
    expect(run([started, again]).timers).toHaveLength(1);
  });
});

describe('retention dates', () => {
  const DAY_MS = 24 * 60 * 60 * 1000;

  it('keeps guest data 90 days unless the setting says otherwise, and refuses a period of no days', () => {
    expect(loadConfig({}).GUEST_PII_RETENTION_DAYS).toBe(90);
    expect(loadConfig({ GUEST_PII_RETENTION_DAYS: '30' }).GUEST_PII_RETENTION_DAYS).toBe(30);
    expect(() => loadConfig({ GUEST_PII_RETENTION_DAYS: '0' })).toThrow(/GUEST_PII_RETENTION_DAYS/);
  });

  it('erases what was given before the cutoff: that many days before now', () => {
    const now = new Date('2026-11-20T19:00:00.000Z');
    expect(retentionCutoff(now, 90)).toEqual(new Date(now.getTime() - 90 * DAY_MS));
  });

  it('runs a day after the last run, or, after the shop was stopped for days, at the first such time after now', () => {
    const last = '2026-11-20T19:00:00.000Z';
    expect(nextRetentionRun(last, new Date('2026-11-20T19:00:00.000Z'))).toBe('2026-11-21T19:00:00.000Z');
    expect(nextRetentionRun(last, new Date('2026-11-21T18:59:00.000Z'))).toBe('2026-11-21T19:00:00.000Z');
    expect(nextRetentionRun(last, new Date('2026-11-24T20:00:00.000Z'))).toBe('2026-11-25T19:00:00.000Z');
  });
});
