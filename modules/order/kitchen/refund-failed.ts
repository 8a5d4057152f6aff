import type { CommandContext } from '../../../src/core/decider';
import type { StoredEvent } from '../../../src/eventstore/types';
import type { ProcessDefinition } from '../../../src/process';
import type { RefundFailed } from '../../payment';

type Fact = { orderId: string; refundNo: number };
export type RefundFailedCommand = { type: 'RecordRefundFailed'; orderId: string; refundNo: number };

/**
 * A staff refund the card's provider refused (the payment module's RefundFailed, refunds numbered from 1) is told
 * to the order: the money was not given back, so the order may be refunded again and the takings count it again
 * (core/refunds.ts `refundFailed`). Refund 0 (money no food followed) is the payment module's own business.
 */
export function refundFailedProcess(actions: { recordFailure(orderId: string, refundNo: number, context: CommandContext): Promise<unknown> }): ProcessDefinition<{ status: 'idle' }, Fact, RefundFailedCommand> {
  return {
    kind: 'refundFailed',
    startsOn: ['RefundFailed'],
    advancesOn: [],
    receive(event: StoredEvent) {
      const { orderId, refundNo } = event.data as RefundFailed['data'];
      return refundNo === 0 ? undefined : { processId: `${orderId}-${refundNo}`, fact: { orderId, refundNo } };
    },
    initialState: { status: 'idle' },
    evolve: (state) => state,
    decide: (input) => (input.kind === 'event' ? { send: [{ type: 'RecordRefundFailed', orderId: input.fact.orderId, refundNo: input.fact.refundNo }], finish: true } : {}),
    send: async (command, { context }) => {
      await actions.recordFailure(command.orderId, command.refundNo, context);
    },
  };
}
