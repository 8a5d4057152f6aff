import { randomUUID } from 'node:crypto';
import { EventStore, Position, StoredEvent, WrongExpectedVersion } from '../eventstore/types';
import { CommandContext, Decider, metadataFor } from './decider';

export interface CommandResult<State, Event> {
  state: State;
  events: Event[];
  revision: bigint | 'no_stream';
  /** Where the new events landed; absent when the decision produced none. */
  position?: Position;
}

interface Folded {
  revision: bigint | 'no_stream';
  state: unknown;
}

const MAX_ATTEMPTS = 5;
const MAX_CACHED_STREAMS = 10_000;

type AnyEvent = { type: string; data: unknown };

/**
 * Runs commands against streams: fold, decide, append with the revision it decided on.
 *
 * Commands on one stream take turns inside this process, so a rush on one product's stock does not turn
 * into a storm of version conflicts; the folded state of recent streams is kept, so a command usually
 * costs one append and a load costs nothing. Another instance writing the same stream makes the append
 * fail with a version conflict: the handler then reads what it missed and decides again, a bounded number
 * of times. Its events also reach `noteStored` (from the process's subscription to $all), which drops the
 * stale state, so a load sees another instance's writes as soon as that subscription has.
 */
export class CommandHandler {
  private readonly queues = new Map<string, Promise<unknown>>();
  private readonly folded = new Map<string, Folded>();

  constructor(private readonly store: EventStore) {}

  /** `options.newStream`: the stream was named just now (a fresh random id), so there is nothing to read. */
  handle<Command, Event extends AnyEvent, State>(
    stream: string,
    decider: Decider<Command, Event, State>,
    command: Command,
    context: CommandContext,
    options: { newStream?: boolean } = {},
  ): Promise<CommandResult<State, Event>> {
    if (options.newStream && !this.folded.has(stream)) this.remember(stream, { revision: 'no_stream', state: decider.initialState });
    return this.inTurn(stream, () => this.run(stream, decider, command, context));
  }

  /** The current state of a stream, read through the same cache. */
  load<Command, Event extends AnyEvent, State>(stream: string, decider: Decider<Command, Event, State>): Promise<State> {
    return this.inTurn(stream, async () => {
      const cached = this.folded.get(stream);
      if (cached) return cached.state as State;
      return (await this.catchUp(stream, decider, this.cached(stream, decider))).state as State;
    });
  }

  /** An event stored by anyone: if it is newer than the state kept for its stream, that state is dropped. */
  noteStored(event: Pick<StoredEvent, 'stream' | 'revision'>): void {
    const cached = this.folded.get(event.stream);
    if (cached && (cached.revision === 'no_stream' || event.revision > cached.revision)) this.folded.delete(event.stream);
  }

  private async run<Command, Event extends AnyEvent, State>(
    stream: string,
    decider: Decider<Command, Event, State>,
    command: Command,
    context: CommandContext,
  ): Promise<CommandResult<State, Event>> {
    let current = this.folded.get(stream) ?? (await this.catchUp(stream, decider, this.cached(stream, decider)));
    for (let attempt = 1; ; attempt++) {
      const state = current.state as State;
      const events = decider.decide(command, state);
      if (events.length === 0) return { state, events, revision: current.revision };
      try {
        const metadata = metadataFor(context);
        const appended = await this.store.append(
          stream,
          events.map((event) => ({ id: randomUUID(), type: event.type, data: event.data, metadata })),
          { expectedRevision: current.revision },
        );
        const next = { revision: appended.nextRevision, state: events.reduce(decider.evolve, state) };
        this.remember(stream, next);
        return { state: next.state, events, revision: next.revision, position: appended.position };
      } catch (error) {
        if (!(error instanceof WrongExpectedVersion) || attempt >= MAX_ATTEMPTS) {
          this.folded.delete(stream);
          throw error;
        }
        current = await this.catchUp(stream, decider, current);
      }
    }
  }

  private cached<Command, Event extends AnyEvent, State>(stream: string, decider: Decider<Command, Event, State>): Folded {
    return this.folded.get(stream) ?? { revision: 'no_stream', state: decider.initialState };
  }

  /** Folds in whatever was appended after `from`. */
  private async catchUp<Command, Event extends AnyEvent, State>(
    stream: string,
    decider: Decider<Command, Event, State>,
    from: Folded,
  ): Promise<Folded> {
    const fromRevision = from.revision === 'no_stream' ? 0n : from.revision + 1n;
    const { revision, events } = await this.store.read(stream, { fromRevision });
    const next: Folded =
      revision === 'no_stream'
        ? { revision, state: decider.initialState }
        : {
            revision: events.length > 0 ? events[events.length - 1].revision : from.revision,
            state: events.reduce(
              (folded, event: StoredEvent) => decider.evolve(folded, { type: event.type, data: event.data } as Event),
              from.state as State,
            ),
          };
    this.remember(stream, next);
    return next;
  }

  private remember(stream: string, folded: Folded): void {
    this.folded.delete(stream);
    this.folded.set(stream, folded);
    if (this.folded.size > MAX_CACHED_STREAMS) this.folded.delete(this.folded.keys().next().value!);
  }

  private inTurn<T>(stream: string, task: () => Promise<T>): Promise<T> {
    const previous = this.queues.get(stream) ?? Promise.resolve();
    const result = previous.then(task, task);
    const settled = result.catch(() => undefined);
    this.queues.set(stream, settled);
    void settled.then(() => {
      if (this.queues.get(stream) === settled) this.queues.delete(stream);
    });
    return result;
  }
}
