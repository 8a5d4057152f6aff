import { minutesAfter } from '../../../src/core/clock';
import type { CommandContext } from '../../../src/core/decider';
import type { StoredEvent } from '../../../src/eventstore/types';
import type { ProcessDefinition } from '../../../src/process';
import type { OrderRefunded } from '../core/events';

/** How long after a refund its steps are repeated, in case the request that made it died half way. */
export const REFUND_FOLLOW_UP_MINUTES = 1;

type Fact = { orderId: string; refundNo: number };
export type RefundFollowUpCommand = { type: 'FollowRefund'; orderId: string; refundNo: number };

/**
 * A staff refund's steps (stock back, voucher use back, the card's money due back: staff-refunds.ts) are done by
 * the request that made it, and once more by this process REFUND_FOLLOW_UP_MINUTES later, which then changes
 * nothing, unless a crash cut the request off between recording the refund and its last step.
 */
export function refundFollowUpProcess(actions: { follow(orderId: string, refundNo: number, context: CommandContext): Promise<unknown> }): ProcessDefinition<{ status: 'idle' }, Fact, RefundFollowUpCommand> {
  return {
    kind: 'refundFollowUp',
    startsOn: ['OrderRefunded'],
    advancesOn: [],
    receive(event: StoredEvent) {
      const { orderId, refundNo } = event.data as OrderRefunded['data'];
      return { processId: `${orderId}-${refundNo}`, fact: { orderId, refundNo }, waitUntil: minutesAfter(event.metadata.at, REFUND_FOLLOW_UP_MINUTES) };
    },
    initialState: { status: 'idle' },
    evolve: (state) => state,
    decide: (input) => (input.kind === 'event' ? { send: [{ type: 'FollowRefund', orderId: input.fact.orderId, refundNo: input.fact.refundNo }], finish: true } : {}),
    send: async (command, { context }) => {
      await actions.follow(command.orderId, command.refundNo, context);
    },
  };
}
