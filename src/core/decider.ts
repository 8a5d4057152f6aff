import type { EventMetadata } from '../eventstore/types';

/** A module's pure heart: fold events into state, decide a command into new events. No I/O, no clock. */
export interface Decider<Command, Event, State> {
  initialState: State;
  evolve(state: State, event: Event): State;
  decide(command: Command, state: State): Event[];
}

/** What every command carries besides its own data: who, when, and the request it belongs to. */
export interface CommandContext {
  /** A user id, `customer:<session>` or `system`. */
  actor: string;
  /** ISO-8601 instant from the injected clock. */
  now: string;
  correlationId: string;
  causationId?: string;
}

export function metadataFor(context: CommandContext): EventMetadata {
  return {
    actor: context.actor,
    at: context.now,
    correlationId: context.correlationId,
    causationId: context.causationId ?? context.correlationId,
  };
}
