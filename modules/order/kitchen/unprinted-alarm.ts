import type { CommandContext } from '../../../src/core/decider';
import { DomainError } from '../../../src/core/errors';
import { uuidFromName } from '../../../src/core/uuid';
import type { StoredEvent } from '../../../src/eventstore/types';
import type { ProcessDefinition } from '../../../src/process';
import type { Services } from '../../../src/services';
import { orderRef } from '../../../src/shared/order';
import { secondStageAt, unprintedAlarmSettings, unprintedAlarmStage } from '../../../src/shared/unprinted-alarm';
import { readSettings } from '../../store';
import { orderDecider } from '../core/decider';
import { orderStream, type OrderPaid, type OrderReleased, type OrderSubmitted } from '../core/events';

type Fact = { event: 'new'; orderId: string; since: string } | { event: 'handled'; orderId: string };
export type UnprintedAlarmCommand = { type: 'RaiseSecondUnprintedAlarm'; orderId: string; since: string };
type State = { status: 'idle' } | { status: 'watching'; orderId: string; since: string };

/** The earliest the second stage can come (both settings at their least, 1 minute each). */
const EARLIEST_MS = 2 * 60_000;
const NOT_DUE = 'not due until ';
const HANDLED = ['OrderPrinted', 'OrderCancelled', 'OrderCompleted'];

/** What the process asks of the order module: safe to repeat with the same command id. */
export interface UnprintedAlarmActions {
  raiseSecondStage(orderId: string, since: string, commandId: string, context: CommandContext): Promise<void>;
}

/**
 * The unprinted-order alarm's second stage (issue 17 item 7), exactly once per order: an order still NEW and
 * unprinted `unprinted_alarm_second_stage_minutes` after the first alarm mails the managers (the staff screen
 * sounds its louder alarm by the same rule, src/shared/unprinted-alarm.ts). An order printed, cancelled or
 * completed before the earliest possible second stage never starts a process; a later one finishes it.
 * The settings are read when the alarm is checked, so the check may find it not due yet and look again then.
 */
export function unprintedAlarmProcess(actions: UnprintedAlarmActions): ProcessDefinition<State, Fact, UnprintedAlarmCommand> {
  return {
    kind: 'unprintedAlarm',
    startsOn: ['OrderPaid', 'OrderSubmitted', 'OrderReleased'],
    advancesOn: HANDLED,
    withdrawnBy: { eventTypes: HANDLED, processIdOf: (event) => (event.data as { orderId: string }).orderId },
    receive(event: StoredEvent) {
      const { orderId } = event.data as { orderId: string };
      if (HANDLED.includes(event.type)) return { processId: orderId, fact: { event: 'handled', orderId } };
      const since = newSince(event);
      if (since === undefined) return undefined; // awaiting payment, or booked for later: not in the kitchen yet
      return { processId: orderId, fact: { event: 'new', orderId, since }, waitUntil: new Date(Date.parse(since) + EARLIEST_MS).toISOString() };
    },
    initialState: { status: 'idle' },
    evolve(state, input) {
      if (input.kind !== 'event') return state;
      return input.fact.event === 'new' ? { status: 'watching', orderId: input.fact.orderId, since: input.fact.since } : { status: 'idle' };
    },
    decide(input, state) {
      switch (input.kind) {
        case 'event':
          if (input.fact.event === 'handled') return { finish: true };
          return { send: [{ type: 'RaiseSecondUnprintedAlarm', orderId: input.fact.orderId, since: input.fact.since }] };
        case 'timer':
          return state.status === 'watching' ? { send: [{ type: 'RaiseSecondUnprintedAlarm', orderId: state.orderId, since: state.since }] } : {};
        case 'succeeded':
          return { finish: true };
        case 'refused':
          // Not due yet (the settings were raised meanwhile): look again then. Anything else: nothing to raise.
          return input.reason.startsWith(NOT_DUE) ? { setTimers: [{ name: 'check', at: input.reason.slice(NOT_DUE.length) }] } : { finish: true };
      }
    },
    send: (command, { commandId, context }) => actions.raiseSecondStage(command.orderId, command.since, commandId, context),
  };
}

/** When an order became NEW in the kitchen: paid (unless booked for later, issue 37), submitted paid, or released at its slot less the lead. */
function newSince(event: StoredEvent): string | undefined {
  switch (event.type) {
    case 'OrderPaid': {
      const paid = event.data as OrderPaid['data'];
      return paid.releaseAt && paid.releaseAt > paid.paidAt ? undefined : paid.paidAt;
    }
    case 'OrderReleased':
      return (event.data as OrderReleased['data']).releasedAt;
    default: {
      const submitted = event.data as OrderSubmitted['data'];
      return submitted.status === 'NEW' ? submitted.submittedAt : undefined;
    }
  }
}

/** A mail to the managers: the order's reference and how long it has waited, nothing about the customer. */
export interface ManagerAlarmMail {
  mailId: string;
  orderId: string;
  to: string;
  subject: string;
  text: string;
}

const MAIL_NAMESPACE = '0b7f6a52-3c1e-4f57-9d0a-6a3f5e2c8b41';

export function unprintedAlarmActions(deps: {
  services: Services;
  /** The active managers' and admins' addresses. */
  managerEmails(): Promise<string[]>;
  /** Queues the mails once each (a repeat with the same ids queues nothing more). */
  queueMails(mails: ManagerAlarmMail[]): Promise<void>;
  /** Told once the mails are queued: for a log line (the order's reference only). */
  raised?(ref: string): void;
}): UnprintedAlarmActions {
  return {
    async raiseSecondStage(orderId, since, commandId, context) {
      const [state, settings] = await Promise.all([
        deps.services.commands.load(orderStream(orderId), orderDecider),
        readSettings(deps.services.settings, ['unprinted_alarm_minutes', 'unprinted_alarm_second_stage_minutes', 'site_name']),
      ]);
      const printedCopies = state.status === 'none' || state.status === 'checkout' ? 0 : state.copiesPrinted;
      if (state.status !== 'NEW' || printedCopies > 0) throw new DomainError('conflict', 'The order is no longer new and unprinted');
      const minutes = unprintedAlarmSettings(settings);
      if (unprintedAlarmStage({ status: state.status, printedCopies, since }, Date.parse(context.now), minutes) !== 'second') {
        throw new DomainError('conflict', `${NOT_DUE}${secondStageAt(since, minutes)}`);
      }
      const ref = orderRef(orderId);
      const waited = minutes.first + minutes.second;
      const mails = (await deps.managerEmails()).map((to) => ({
        mailId: uuidFromName(MAIL_NAMESPACE, `${commandId} ${to.toLowerCase()}`),
        orderId,
        to,
        subject: `Order ${ref} is still not printed after ${waited} minutes`,
        text: `Order ${ref} has been waiting for the kitchen, unprinted, for over ${waited} minutes. Please check the live orders screen (/takeaway) and the printer at ${String(settings.site_name)}.`,
      }));
      await deps.queueMails(mails);
      deps.raised?.(ref);
    },
  };
}
