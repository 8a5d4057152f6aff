import { randomUUID } from 'node:crypto';
import { processDecider, type AnyProcessDefinition, type HandleInput, type ProcessEvent } from '../../src/process';

/** Each input decided in turn on one process stream; answers the events, and the commands and timers decided. */
export function runProcess(definition: AnyProcessDefinition, processId: string, inputs: Array<HandleInput['input']>) {
  const decider = processDecider(definition);
  let state = decider.initialState;
  const all: ProcessEvent[] = [];
  for (const input of inputs) {
    const events = decider.decide({ type: 'HandleInput', processId, correlationId: 'c', input }, state);
    all.push(...events);
    state = events.reduce(decider.evolve, state);
  }
  const sent = all.flatMap((event) => (event.type === 'ProcessCommandIssued' ? [event.data.command] : []));
  const timers = all.flatMap((event) => (event.type === 'ProcessTimerSet' ? [{ timerId: event.data.timerId, name: event.data.name, dueAt: event.data.dueAt }] : []));
  return { sent, timers, finished: all.some((event) => event.type === 'ProcessFinished'), all };
}

/** An event's input at `at` (each with an id of its own, as the stream sees a new one). */
export const eventInput = (eventType: string, fact: object, at: string) => ({ kind: 'event' as const, inputId: randomUUID(), eventType, fact, at });

/** A timer's input, fired when it was due. */
export const firedTimer = (timer: { timerId: string; name: string; dueAt: string }) => ({ kind: 'timer' as const, inputId: timer.timerId, name: timer.name, dueAt: timer.dueAt, at: timer.dueAt });
