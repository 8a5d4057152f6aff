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
 *
 * A batch is folded in memory, in event order, into a few set-based statements: on a busy evening every
 * order passes through here, and one round trip per event would cost the checkout more than the rest of it.
 */
export function processReactor(definition: AnyProcessDefinition, hooks: { queuedDueWork?(): void } = {}): Projection {
  const listensTo = new Set([...definition.startsOn, ...definition.advancesOn]);
  const withdraws = new Set(definition.withdrawnBy?.eventTypes ?? []);
  const applyAll = async (events: StoredEvent[], { tx }: { tx: DatabaseTransactionConnection }) => {
    const changes = new RowChanges(definition.kind);
    for (const event of events) fold(definition, listensTo, withdraws, changes, event);
    await changes.write(tx);
    if (changes.hasDueWork()) hooks.queuedDueWork?.();
  };
  return {
    name: reactorName(definition.kind),
    eventTypes: [...listensTo, ...withdraws, ...PROCESS_EVENT_TYPES],
    tables: [],
    apply: (event, context) => applyAll([event], context),
    applyAll,
  };
}

function fold(definition: AnyProcessDefinition, listensTo: Set<string>, withdraws: Set<string>, changes: RowChanges, event: StoredEvent): void {
  const process = parseProcessStream(event.stream);
  if (process) {
    if (process.kind === definition.kind) track(changes, process.processId, event);
    return;
  }
  if (withdraws.has(event.type)) {
    const processId = definition.withdrawnBy!.processIdOf(event);
    if (processId !== undefined) changes.withdraw(processId, event.metadata.at);
  }
  if (!listensTo.has(event.type)) return;
  const received = definition.receive(event);
  if (!received) return;
  const input: RecordedInput = { kind: 'event', inputId: event.id, eventType: event.type, fact: received.fact, at: event.metadata.at };
  changes.addInput({ inputId: event.id, processId: received.processId, timerName: null, dueAt: received.waitUntil ?? '-infinity', input, correlationId: event.metadata.correlationId });
}

/** Keeps the rows of one process in step with what its stream says. */
function track(changes: RowChanges, processId: string, stored: StoredEvent): void {
  const event = processEvent.parse({ type: stored.type, data: stored.data });
  switch (event.type) {
    case 'ProcessCommandIssued':
      changes.addCommand({ commandId: event.data.commandId, processId, command: event.data.command, correlationId: event.data.correlationId });
      return;
    case 'ProcessTimerSet': {
      const { timerId, name, dueAt } = event.data;
      changes.addInput({ inputId: timerId, processId, timerName: name, dueAt, input: { name, dueAt }, correlationId: stored.metadata.correlationId });
      return;
    }
    case 'ProcessTimerCancelled':
      changes.removeInput(event.data.timerId);
      return;
    case 'ProcessInputHandled': {
      const { input } = event.data;
      if (input.kind === 'succeeded' || input.kind === 'refused') changes.removeCommand(input.inputId);
      else changes.removeInput(input.inputId);
      return;
    }
    case 'ProcessStarted':
    case 'ProcessFinished':
      return;
    default:
      event satisfies never;
  }
}

interface InputRow {
  inputId: string;
  processId: string;
  timerName: string | null;
  dueAt: string;
  input: unknown;
  correlationId: string;
}

interface CommandRow {
  commandId: string;
  processId: string;
  command: unknown;
  correlationId: string;
}

/**
 * What a batch does to the rows of one kind, folded in event order: a row added and removed within the batch
 * is never written, and a withdrawal removes the waiting rows added before it in the batch here and those of
 * earlier batches in the table. The table statements run removals first, so they never touch a row this batch
 * adds; rows are added in event order, which keeps each process's inputs in order (their `seq`).
 */
class RowChanges {
  private readonly inputs = new Map<string, InputRow>();
  private readonly removedInputs = new Set<string>();
  private readonly commands = new Map<string, CommandRow>();
  private readonly removedCommands = new Set<string>();
  /** Per process, the time of its earliest withdrawal in the batch: its stored event inputs due after that go. */
  private readonly withdrawals = new Map<string, string>();

  constructor(private readonly kind: string) {}

  /** Whether it queues anything the worker may take before long: not only inputs that wait. */
  hasDueWork(): boolean {
    return this.commands.size > 0 || [...this.inputs.values()].some((row) => row.timerName !== null || row.dueAt === '-infinity');
  }

  addInput(row: InputRow): void {
    this.inputs.set(row.inputId, row);
  }

  removeInput(inputId: string): void {
    this.inputs.delete(inputId);
    this.removedInputs.add(inputId);
  }

  addCommand(row: CommandRow): void {
    this.commands.set(row.commandId, row);
  }

  removeCommand(commandId: string): void {
    this.commands.delete(commandId);
    this.removedCommands.add(commandId);
  }

  withdraw(processId: string, at: string): void {
    for (const [inputId, row] of this.inputs) {
      if (row.processId === processId && row.timerName === null && row.dueAt !== '-infinity' && Date.parse(row.dueAt) > Date.parse(at)) this.inputs.delete(inputId);
    }
    // The table's rows came before every event of this batch, so each withdrawal reaches them: the earliest
    // withdraws the most.
    const before = this.withdrawals.get(processId);
    if (!before || Date.parse(at) < Date.parse(before)) this.withdrawals.set(processId, at);
  }

  async write(tx: DatabaseTransactionConnection): Promise<void> {
    const { kind } = this;
    if (this.withdrawals.size > 0) {
      const withdrawals = [...this.withdrawals];
      await tx.query(sql.unsafe`
        delete from process_inputs i
         using unnest(${sql.array(withdrawals.map(([id]) => id), 'text')}, ${sql.array(withdrawals.map(([, at]) => at), 'timestamptz')}) as w(process_id, at)
         where i.kind = ${kind} and i.process_id = w.process_id and i.timer_name is null and i.due_at > w.at`);
    }
    if (this.removedInputs.size > 0) {
      await tx.query(sql.unsafe`
        delete from process_inputs where kind = ${kind} and input_id = any(${sql.array([...this.removedInputs], 'uuid')})`);
    }
    if (this.removedCommands.size > 0) {
      await tx.query(sql.unsafe`delete from process_commands where command_id = any(${sql.array([...this.removedCommands], 'uuid')})`);
    }
    const inputs = [...this.inputs.values()];
    if (inputs.length > 0) {
      await tx.query(sql.unsafe`
        insert into process_inputs (kind, input_id, process_id, timer_name, due_at, input, correlation_id)
        select ${kind}, r.input_id, r.process_id, r.timer_name, r.due_at, r.input, r.correlation_id
          from unnest(
            ${sql.array(inputs.map((row) => row.inputId), 'uuid')},
            ${sql.array(inputs.map((row) => row.processId), 'text')},
            ${sql.array(inputs.map((row) => row.timerName), 'text')},
            ${sql.array(inputs.map((row) => row.dueAt), 'timestamptz')},
            ${sql.array(inputs.map((row) => JSON.stringify(row.input)), 'jsonb')},
            ${sql.array(inputs.map((row) => row.correlationId), 'text')}
          ) with ordinality as r(input_id, process_id, timer_name, due_at, input, correlation_id, place)
         order by r.place
        on conflict do nothing`);
    }
    const commands = [...this.commands.values()];
    if (commands.length > 0) {
      await tx.query(sql.unsafe`
        insert into process_commands (command_id, kind, process_id, command, correlation_id)
        select r.command_id, ${kind}, r.process_id, r.command, r.correlation_id
          from unnest(
            ${sql.array(commands.map((row) => row.commandId), 'uuid')},
            ${sql.array(commands.map((row) => row.processId), 'text')},
            ${sql.array(commands.map((row) => JSON.stringify(row.command)), 'jsonb')},
            ${sql.array(commands.map((row) => row.correlationId), 'text')}
          ) with ordinality as r(command_id, process_id, command, correlation_id, place)
         order by r.place
        on conflict do nothing`);
    }
  }
}
