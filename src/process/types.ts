import type { CommandContext } from '../core/decider';
import type { StoredEvent } from '../eventstore/types';

/** A command a process sends: plain JSON data, recorded in the process stream before it is sent. */
export interface ProcessCommand {
  type: string;
}

/**
 * What moves a process on, each exactly once: a domain event it listens to (reduced to the facts it keeps),
 * one of its timers falling due, or the outcome of a command it sent. `inputId` is the event id, the timer id
 * or the command id; `at` is when it happened (the event's time, or the injected clock's when the timer fired
 * or the command answered), so deciding on a recorded input never reads a clock.
 */
export type ProcessInput<Fact, Command extends ProcessCommand> =
  | { kind: 'event'; inputId: string; eventType: string; fact: Fact; at: string }
  | { kind: 'timer'; inputId: string; name: string; dueAt: string; at: string }
  | { kind: 'succeeded'; inputId: string; command: Command; at: string }
  | { kind: 'refused'; inputId: string; command: Command; reason: string; at: string };

/**
 * What a process decides on one input. Commands are sent in order, each at least once until its owner
 * answers; timers are named, and setting a name that is pending replaces that timer. `finish` ends the process:
 * its pending timers are cancelled and later inputs are ignored (commands of this last step are still sent).
 */
export interface ProcessDecision<Command extends ProcessCommand> {
  send?: readonly Command[];
  setTimers?: ReadonlyArray<{ name: string; at: string }>;
  cancelTimers?: readonly string[];
  finish?: boolean;
}

/** What `send` gets besides the command: its stable id and the context its events are stored with. */
export interface SendContext {
  /** Derived from the process and the step that issued it: the same on every retry, after any crash. */
  commandId: string;
  processId: string;
  /** actor `system`, `now` from the injected clock, the process's correlation id, causation = commandId. */
  context: CommandContext;
}

/**
 * A process a module defines: "finish this later, or after a crash, exactly once". Its state lives in the
 * stream `process-<kind>-<processId>`. `evolve` and `decide` are pure; `send` is the only I/O and goes through
 * the owning module's exported functions (and so through the CommandHandler).
 */
export interface ProcessDefinition<State, Fact, Command extends ProcessCommand> {
  /** Letters and digits, starting with a lower-case letter (stream names keep dashes for the id). */
  kind: string;
  /** Event types that start a process (a process that does not exist yet ignores every other input). */
  startsOn: readonly string[];
  /** Event types that move a running process on. */
  advancesOn: readonly string[];
  /**
   * Optional: the events that withdraw a process's inputs still waiting (see `waitUntil`), because the work
   * those inputs guard is done, and the process each concerns. Such an event is itself an input only when its
   * type is in `startsOn` or `advancesOn` too.
   */
  withdrawnBy?: { eventTypes: readonly string[]; processIdOf(event: StoredEvent): string | undefined };
  /**
   * Which process an event concerns and the facts the process keeps from it, or undefined when it concerns
   * none. Keep personal data out: the facts are stored in the process stream.
   *
   * `waitUntil` (optional) holds the input back until that instant: it is decided then, unless an event of
   * `withdrawnBy` for the same process comes first. A process whose work is normally done before its
   * safety net is needed (an order submitted a moment after its units were sold, paid before it would
   * lapse) so never exists: its happy path costs one queued row and no stream. A later input of a process
   * waits behind an earlier one that waits, so the process sees its inputs in order.
   */
  receive(event: StoredEvent): { processId: string; fact: Fact; waitUntil?: string } | undefined;
  initialState: State;
  /** Folds a recorded input into the state; never throws, returns `state` itself when nothing changes. */
  evolve(state: State, input: ProcessInput<Fact, Command>): State;
  /** Decides on the state as it was before `input`; pure, no clock (times come inside the input). */
  decide(input: ProcessInput<Fact, Command>, state: State): ProcessDecision<Command>;
  /**
   * Sends one command to the module that owns it. It is sent at least once: after a crash between sending
   * and recording the answer it is sent again with the same `commandId`, so the receiving decider must make a
   * repeat change nothing (by its own state, or by remembering the command id). A DomainError is a refusal,
   * given back to `decide` as a `refused` input; any other error is retried later.
   */
  send(command: Command, context: SendContext): Promise<void>;
}

// Definitions of different processes live in one list; each is only ever used with its own types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyProcessDefinition = ProcessDefinition<any, any, any>;
