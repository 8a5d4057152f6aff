import { z } from 'zod';
import { uuidFromName } from '../core/uuid';
import type { ProcessCommand } from './types';

const command = z.custom<ProcessCommand>(
  (value) => typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string',
  'a command is an object with a type',
);
const instant = z.string().datetime({ offset: true });

export const recordedInput = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('event'), inputId: z.string().uuid(), eventType: z.string(), fact: z.unknown(), at: instant }),
  z.object({ kind: z.literal('timer'), inputId: z.string().uuid(), name: z.string(), dueAt: instant, at: instant }),
  z.object({ kind: z.literal('succeeded'), inputId: z.string().uuid(), command, at: instant }),
  z.object({ kind: z.literal('refused'), inputId: z.string().uuid(), command, reason: z.string(), at: instant }),
]);
export type RecordedInput = z.infer<typeof recordedInput>;

export const ProcessStarted = z.object({
  type: z.literal('ProcessStarted'),
  data: z.object({ processId: z.string(), correlationId: z.string() }),
});
export const ProcessInputHandled = z.object({
  type: z.literal('ProcessInputHandled'),
  data: z.object({ input: recordedInput }),
});
export const ProcessCommandIssued = z.object({
  type: z.literal('ProcessCommandIssued'),
  data: z.object({ commandId: z.string().uuid(), command, correlationId: z.string() }),
});
export const ProcessTimerSet = z.object({
  type: z.literal('ProcessTimerSet'),
  data: z.object({ timerId: z.string().uuid(), name: z.string(), dueAt: instant }),
});
export const ProcessTimerCancelled = z.object({
  type: z.literal('ProcessTimerCancelled'),
  data: z.object({ timerId: z.string().uuid(), name: z.string() }),
});
export const ProcessFinished = z.object({
  type: z.literal('ProcessFinished'),
  data: z.object({ at: instant }),
});

/** Every process event type's schema: appends are parsed against it (outside production), as every module's are. */
export const PROCESS_EVENT_SCHEMAS = {
  ProcessStarted,
  ProcessInputHandled,
  ProcessCommandIssued,
  ProcessTimerSet,
  ProcessTimerCancelled,
  ProcessFinished,
} satisfies Record<string, z.ZodType>;

export const processEvent = z.discriminatedUnion('type', [
  ProcessStarted,
  ProcessInputHandled,
  ProcessCommandIssued,
  ProcessTimerSet,
  ProcessTimerCancelled,
  ProcessFinished,
]);
export type ProcessEvent = z.infer<typeof processEvent>;

export const PROCESS_EVENT_TYPES = Object.keys(PROCESS_EVENT_SCHEMAS) as ReadonlyArray<ProcessEvent['type']>;

const KIND = /^[a-z][a-zA-Z0-9]*$/;

export function assertKind(kind: string): void {
  if (!KIND.test(kind)) throw new Error(`Process kind '${kind}' must be letters and digits, starting with a lower-case letter`);
}

export const processStream = (kind: string, processId: string) => `process-${kind}-${processId}`;

/** The kind and id of a process stream, or undefined for any other stream. */
export function parseProcessStream(stream: string): { kind: string; processId: string } | undefined {
  const match = /^process-([a-z][a-zA-Z0-9]*)-(.+)$/.exec(stream);
  return match ? { kind: match[1], processId: match[2] } : undefined;
}

const COMMAND_NAMESPACE = 'a4f3a0d2-5a55-4c1e-9d36-0f3c6f6e9b21';
const TIMER_NAMESPACE = 'c1d7b0a8-3e0b-4f5e-8a2c-7b9e4d2f1a63';

/** The id of the n-th command decided on one input: the same whoever decides it, however often. */
export const commandIdFor = (stream: string, inputId: string, index: number) => uuidFromName(COMMAND_NAMESPACE, `${stream}/${inputId}/${index}`);

/** The id of a timer set on one input: a timer set again later (a new input) gets a new id. */
export const timerIdFor = (stream: string, inputId: string, name: string) => uuidFromName(TIMER_NAMESPACE, `${stream}/${inputId}/${name}`);
