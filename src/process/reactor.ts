import { sql } from 'slonik';
import type { DatabaseTransactionConnection } from '../db/pool';
import type { StoredEvent } from '../eventstore/types';
import type { Projection } from '../projections/types';
import { parseProcessStream, processEvent, PROCESS_EVENT_TYPES, type RecordedInput } from './events';
import type { AnyProcessDefinition } from './types';

export const reactorName = (kind: string) => `process_${kind}`;

/**
 * Feeds one kind of process from $all, with its own checkpoint: each domain event it listens to becomes a
 * waiting input, and its process streams' own events keep the timers and the commands to send up to date.
 * The rows move with the checkpoint, so each event is queued exactly once; deciding and sending happen in
 * the worker, outside this transaction, so a slow command never holds back the read of $all.
 * Not a read model: nothing to replay (a process kind added later starts from the events after it).
 */
export function processReactor(definition: AnyProcessDefinition): Projection {
  const listensTo = new Set([...definition.startsOn, ...definition.advancesOn]);
  return {
    name: reactorName(definition.kind),
    eventTypes: [...listensTo, ...PROCESS_EVENT_TYPES],
    tables: [],
    async apply(event, { tx }) {
      const process = parseProcessStream(event.stream);
      if (process) {
        if (process.kind === definition.kind) await track(tx, process.kind, process.processId, event);
        return;
      }
      if (!listensTo.has(event.type)) return;
      const received = definition.receive(event);
      if (!received) return;
      const input: RecordedInput = { kind: 'event', inputId: event.id, eventType: event.type, fact: received.fact, at: event.metadata.at };
      await tx.query(sql.unsafe`
        insert into process_inputs (kind, input_id, process_id, due_at, input, correlation_id)
        values (${definition.kind}, ${event.id}, ${received.processId}, '-infinity', ${sql.jsonb(input as never)}, ${event.metadata.correlationId})
        on conflict do nothing`);
    },
  };
}

/** Keeps the rows of one process in step with what its stream says. */
async function track(tx: DatabaseTransactionConnection, kind: string, processId: string, stored: StoredEvent): Promise<void> {
  const event = processEvent.parse({ type: stored.type, data: stored.data });
  switch (event.type) {
    case 'ProcessCommandIssued':
      await tx.query(sql.unsafe`
        insert into process_commands (command_id, kind, process_id, command, correlation_id)
        values (${event.data.commandId}, ${kind}, ${processId}, ${sql.jsonb(event.data.command as never)}, ${event.data.correlationId})
        on conflict do nothing`);
      return;
    case 'ProcessTimerSet': {
      const { timerId, name, dueAt } = event.data;
      await tx.query(sql.unsafe`
        insert into process_inputs (kind, input_id, process_id, timer_name, due_at, input, correlation_id)
        values (${kind}, ${timerId}, ${processId}, ${name}, ${dueAt}, ${sql.jsonb({ name, dueAt })}, ${stored.metadata.correlationId})
        on conflict do nothing`);
      return;
    }
    case 'ProcessTimerCancelled':
      await tx.query(sql.unsafe`delete from process_inputs where kind = ${kind} and input_id = ${event.data.timerId}`);
      return;
    case 'ProcessInputHandled': {
      const { input } = event.data;
      if (input.kind === 'succeeded' || input.kind === 'refused') {
        await tx.query(sql.unsafe`delete from process_commands where command_id = ${input.inputId}`);
      } else {
        await tx.query(sql.unsafe`delete from process_inputs where kind = ${kind} and input_id = ${input.inputId}`);
      }
      return;
    }
    case 'ProcessStarted':
    case 'ProcessFinished':
      return;
    default:
      event satisfies never;
  }
}
