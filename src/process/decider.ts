import type { Decider } from '../core/decider';
import { commandIdFor, processStream, timerIdFor, type ProcessEvent, type RecordedInput } from './events';
import type { ProcessCommand, ProcessDefinition, ProcessInput } from './types';

/** A process as its stream tells it: the module's own state, plus what the mechanism keeps for it. */
export type ProcessState<State, Command extends ProcessCommand> =
  | { status: 'none' }
  | {
      status: 'running' | 'finished';
      processId: string;
      correlationId: string;
      state: State;
      /** Inputs already taken, so a repeat (two runners, a retry after a crash) changes nothing. */
      handled: ReadonlySet<string>;
      timers: Readonly<Record<string, { timerId: string; dueAt: string }>>;
      /** Commands sent, or to be sent, whose answer has not been recorded. */
      pending: Readonly<Record<string, Command>>;
    };

/** The one command on a process stream: take this input, once. */
export interface HandleInput {
  type: 'HandleInput';
  processId: string;
  /** Kept by the process from the input that starts it, and carried by the commands it sends. */
  correlationId: string;
  input: RecordedInput;
}

type Running<State, Command extends ProcessCommand> = Exclude<ProcessState<State, Command>, { status: 'none' }>;

/**
 * The decider of a process stream, built from a module's definition. Deciding takes one input exactly once:
 * an input already handled, a timer no longer pending, the answer to a command not pending, or anything
 * reaching a finished process decides nothing. Two runners taking the same input both decide on the same
 * revision; the append of one fails on the expected revision, and deciding again finds the input handled.
 */
export function processDecider<State, Fact, Command extends ProcessCommand>(
  definition: ProcessDefinition<State, Fact, Command>,
): Decider<HandleInput, ProcessEvent, ProcessState<State, Command>> {
  const decide = (command: HandleInput, current: ProcessState<State, Command>): ProcessEvent[] => {
    const input = command.input as ProcessInput<Fact, Command>;
    const events: ProcessEvent[] = [];
    let process: Running<State, Command>;
    if (current.status === 'none') {
      if (input.kind !== 'event' || !definition.startsOn.includes(input.eventType)) return [];
      events.push({ type: 'ProcessStarted', data: { processId: command.processId, correlationId: command.correlationId } });
      process = evolve(current, events[0]) as Running<State, Command>;
    } else {
      process = current;
    }
    if (!awaits(process, input)) return [];

    const stream = processStream(definition.kind, process.processId);
    const decision = definition.decide(input, process.state);
    events.push({ type: 'ProcessInputHandled', data: { input: command.input } });
    (decision.send ?? []).forEach((sent, index) => {
      events.push({
        type: 'ProcessCommandIssued',
        data: { commandId: commandIdFor(stream, input.inputId, index), command: sent, correlationId: process.correlationId },
      });
    });
    // The timer that fired is used up by this input; the others stay pending until cancelled or replaced.
    const pendingTimers = { ...process.timers };
    if (input.kind === 'timer') delete pendingTimers[input.name];
    const cancel = (name: string) => {
      const timer = pendingTimers[name];
      if (!timer) return;
      events.push({ type: 'ProcessTimerCancelled', data: { timerId: timer.timerId, name } });
      delete pendingTimers[name];
    };
    for (const name of decision.cancelTimers ?? []) cancel(name);
    if (decision.finish) {
      for (const name of Object.keys(pendingTimers)) cancel(name);
      events.push({ type: 'ProcessFinished', data: { at: input.at } });
      return events;
    }
    const setNow = new Set<string>();
    for (const { name, at } of decision.setTimers ?? []) {
      const dueAt = new Date(at);
      if (setNow.has(name) || Number.isNaN(dueAt.getTime())) {
        throw new Error(`Process ${definition.kind} set timer '${name}' twice in one step, or at '${at}', not an instant`);
      }
      setNow.add(name);
      cancel(name);
      events.push({ type: 'ProcessTimerSet', data: { timerId: timerIdFor(stream, input.inputId, name), name, dueAt: dueAt.toISOString() } });
    }
    return events;
  };

  const evolve = (current: ProcessState<State, Command>, event: ProcessEvent): ProcessState<State, Command> => {
    if (event.type === 'ProcessStarted') {
      if (current.status !== 'none') return current;
      const { processId, correlationId } = event.data;
      return { status: 'running', processId, correlationId, state: definition.initialState, handled: new Set(), timers: {}, pending: {} };
    }
    if (current.status === 'none') return current;
    switch (event.type) {
      case 'ProcessInputHandled': {
        const input = event.data.input as ProcessInput<Fact, Command>;
        const next = { ...current, state: definition.evolve(current.state, input), handled: new Set(current.handled).add(input.inputId) };
        if (input.kind === 'timer') next.timers = without(current.timers, input.name);
        if (input.kind === 'succeeded' || input.kind === 'refused') next.pending = without(current.pending, input.inputId);
        return next;
      }
      case 'ProcessCommandIssued':
        return { ...current, pending: { ...current.pending, [event.data.commandId]: event.data.command as unknown as Command } };
      case 'ProcessTimerSet':
        return { ...current, timers: { ...current.timers, [event.data.name]: { timerId: event.data.timerId, dueAt: event.data.dueAt } } };
      case 'ProcessTimerCancelled':
        return current.timers[event.data.name]?.timerId === event.data.timerId ? { ...current, timers: without(current.timers, event.data.name) } : current;
      case 'ProcessFinished':
        return { ...current, status: 'finished' };
      default:
        event satisfies never;
        return current;
    }
  };

  return { initialState: { status: 'none' }, decide, evolve };
}

/** Whether a running process still waits for this input. */
function awaits<State, Fact, Command extends ProcessCommand>(process: Running<State, Command>, input: ProcessInput<Fact, Command>): boolean {
  if (process.status === 'finished' || process.handled.has(input.inputId)) return false;
  switch (input.kind) {
    case 'event':
      return true;
    case 'timer':
      return process.timers[input.name]?.timerId === input.inputId;
    case 'succeeded':
    case 'refused':
      return input.inputId in process.pending;
  }
}

function without<Value>(record: Readonly<Record<string, Value>>, key: string): Record<string, Value> {
  const { [key]: _, ...rest } = record;
  return rest;
}
