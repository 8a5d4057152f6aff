import { sql } from 'slonik';
import type { DatabasePool } from '../db/pool';
import type { RecordedInput } from './events';
import type { ProcessCommand } from './types';

export interface DueInput {
  kind: string;
  inputId: string;
  processId: string;
  /** null for a domain event. */
  timerName: string | null;
  input: RecordedInput | { name: string; dueAt: string };
  correlationId: string;
  attempts: number;
}

export interface DueCommand {
  commandId: string;
  kind: string;
  processId: string;
  command: ProcessCommand;
  correlationId: string;
  attempts: number;
}

const iso = (instant: Date) => instant.toISOString();

/** Durable timers due at `now` and not yet decided, per process kind (for /metrics). */
export async function countDueTimers(pool: DatabasePool, kinds: readonly string[], now: Date): Promise<Map<string, number>> {
  const rows = (await pool.any(sql.unsafe`
    select kind, count(*)::int as due from process_inputs
     where kind = any(${sql.array([...kinds], 'text')}) and timer_name is not null and due_at <= ${iso(now)}::timestamptz
     group by kind`)) as Array<{ kind: string; due: number }>;
  return new Map(kinds.map((kind) => [kind, rows.find((row) => row.kind === kind)?.due ?? 0]));
}

/**
 * Takes the inputs due at `now`, leased until `leaseUntil`. A process gets its events in the order they
 * reached the reactor, one at a time, and its timers only once every event that reached it is handled: a
 * timer fires on the newest known state (after a restart, a payment stored while the shop was down is seen
 * before the lapse that fell due meanwhile).
 */
export async function takeDueInputs(pool: DatabasePool, kinds: readonly string[], now: Date, leaseUntil: Date, limit: number): Promise<DueInput[]> {
  const rows = (await pool.any(sql.unsafe`
    with due as (
      select i.kind, i.input_id from process_inputs i
       where i.kind = any(${sql.array([...kinds], 'text')})
         and i.due_at <= ${iso(now)}::timestamptz and i.next_attempt_at <= ${iso(now)}::timestamptz
         and not exists (
           select 1 from process_inputs e
            where e.kind = i.kind and e.process_id = i.process_id and e.timer_name is null
              and (i.timer_name is not null or e.seq < i.seq))
       order by i.due_at, i.seq
       limit ${limit}
       for update of i skip locked
    )
    update process_inputs p set attempts = p.attempts + 1, next_attempt_at = ${iso(leaseUntil)}::timestamptz
      from due where p.kind = due.kind and p.input_id = due.input_id
    returning p.kind, p.input_id, p.process_id, p.timer_name, p.input, p.correlation_id, p.attempts, p.due_at, p.seq`)) as Array<{
    kind: string;
    input_id: string;
    process_id: string;
    timer_name: string | null;
    input: DueInput['input'];
    correlation_id: string;
    attempts: number;
    due_at: number;
    seq: string;
  }>;
  return rows
    // Events first, in the order they came; then timers by due time (events are due at -infinity).
    .sort((a, b) => {
      const timers = Number(a.timer_name !== null) - Number(b.timer_name !== null);
      if (timers !== 0) return timers;
      return (a.timer_name !== null ? a.due_at - b.due_at : 0) || Number(a.seq) - Number(b.seq);
    })
    .map((row) => ({
      kind: row.kind,
      inputId: row.input_id,
      processId: row.process_id,
      timerName: row.timer_name,
      input: row.input,
      correlationId: row.correlation_id,
      attempts: row.attempts,
    }));
}

/** Takes the commands due at `now`, leased until `leaseUntil`: per process only the oldest unanswered one. */
export async function takeDueCommands(pool: DatabasePool, kinds: readonly string[], now: Date, leaseUntil: Date, limit: number): Promise<DueCommand[]> {
  const rows = (await pool.any(sql.unsafe`
    with due as (
      select c.command_id from process_commands c
       where c.kind = any(${sql.array([...kinds], 'text')}) and c.next_attempt_at <= ${iso(now)}::timestamptz
         and not exists (
           select 1 from process_commands e where e.kind = c.kind and e.process_id = c.process_id and e.seq < c.seq)
       order by c.seq
       limit ${limit}
       for update of c skip locked
    )
    update process_commands p set attempts = p.attempts + 1, next_attempt_at = ${iso(leaseUntil)}::timestamptz
      from due where p.command_id = due.command_id
    returning p.command_id, p.kind, p.process_id, p.command, p.correlation_id, p.attempts, p.seq`)) as Array<{
    command_id: string;
    kind: string;
    process_id: string;
    command: ProcessCommand;
    correlation_id: string;
    attempts: number;
    seq: string;
  }>;
  return rows
    .sort((a, b) => Number(a.seq) - Number(b.seq))
    .map((row) => ({
      commandId: row.command_id,
      kind: row.kind,
      processId: row.process_id,
      command: row.command,
      correlationId: row.correlation_id,
      attempts: row.attempts,
    }));
}

/** The input is recorded in its process stream (or was not for it): its row is done. */
export async function forgetInput(pool: DatabasePool, kind: string, inputId: string): Promise<void> {
  await pool.query(sql.unsafe`delete from process_inputs where kind = ${kind} and input_id = ${inputId}`);
}

export async function forgetCommand(pool: DatabasePool, commandId: string): Promise<void> {
  await pool.query(sql.unsafe`delete from process_commands where command_id = ${commandId}`);
}

export async function retryInputAt(pool: DatabasePool, kind: string, inputId: string, at: Date): Promise<void> {
  await pool.query(sql.unsafe`
    update process_inputs set next_attempt_at = ${iso(at)}::timestamptz where kind = ${kind} and input_id = ${inputId}`);
}

export async function retryCommandAt(pool: DatabasePool, commandId: string, at: Date): Promise<void> {
  await pool.query(sql.unsafe`update process_commands set next_attempt_at = ${iso(at)}::timestamptz where command_id = ${commandId}`);
}
