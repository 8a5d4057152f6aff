import { randomUUID } from 'node:crypto';
import { EventStore, Position, StoredEvent, WrongExpectedVersion } from '../eventstore/types';
import { CommandContext, Decider, metadataFor } from './decider';

export interface CommandResult<State, Event> {
  state: State;
  events: Event[];
  revision: bigint | 'no_stream';
  /** Where the new events landed (with others appended together, where the last of them did); absent when
   *  the decision produced none. */
  position?: Position;
}

interface Folded {
  revision: bigint | 'no_stream';
  state: unknown;
}

const MAX_ATTEMPTS = 5;
const MAX_CACHED_STREAMS = 10_000;

type AnyEvent = { type: string; data: unknown };
// Commands for one stream share its decider; the queue holds them whatever their types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDecider = Decider<any, AnyEvent, unknown>;

/** A command waiting for its stream, or a load (which must see every command queued before it). */
type Waiting =
  | { kind: 'command'; decider: AnyDecider; command: unknown; context: CommandContext; settle: Settle<CommandResult<unknown, AnyEvent>> }
  | { kind: 'load'; decider: AnyDecider; settle: Settle<unknown> };

interface Settle<T> {
  resolve(value: T): void;
  reject(error: unknown): void;
}

interface Decided {
  waiting: Extract<Waiting, { kind: 'command' }>;
  events: AnyEvent[];
  state: unknown;
}

/**
 * Runs commands against streams: fold, decide, append with the revision it decided on.
 *
 * Commands on one stream take turns inside this process, so a rush on one product's stock does not turn
 * into a storm of version conflicts; the commands that queued while one was being appended are decided one
 * after the other and appended together, in one round trip. The folded state of recent streams is kept,
 * so a command usually costs part of one append and a load costs nothing. Another instance writing the same
 * stream makes the append fail with a version conflict: the handler then reads what it missed and decides
 * again, a bounded number of times. Its events also reach `noteStored` (from the process's subscription to
 * $all), which drops the stale state, so a load sees another instance's writes as soon as that
 * subscription has.
 */
/** How many of its own events not yet heard back this process remembers (a burst's worth, many times over). */
const MAX_OWN_EVENTS = 50_000;

export class CommandHandler {
  private readonly waiting = new Map<string, Waiting[]>();
  private readonly draining = new Set<string>();
  private readonly folded = new Map<string, Folded>();
  /** Per stream being read from the store: the newest revision noted as stored meanwhile. */
  private readonly reads = new Map<string, { newest?: bigint }>();
  /** Moved on by forgetStates: a state folded under an older generation is used for its turn but not kept. */
  private generation = 0;
  /**
   * The ids of events this process is appending or appended and has not heard back yet: the subscription may
   * deliver one before the append's answer is handled, and it is not news then (another instance's would be).
   */
  private readonly ownEvents = new Set<string>();

  constructor(private readonly store: EventStore) {}

  /**
   * `options.newStream`: the stream is most likely new (a fresh random id, a basket's first order), so nothing
   * is read before deciding. If it exists after all, the append's conflict makes it read and decide again.
   */
  handle<Command, Event extends AnyEvent, State>(
    stream: string,
    decider: Decider<Command, Event, State>,
    command: Command,
    context: CommandContext,
    options: { newStream?: boolean } = {},
  ): Promise<CommandResult<State, Event>> {
    if (options.newStream && !this.folded.has(stream)) this.remember(stream, { revision: 'no_stream', state: decider.initialState });
    return new Promise((resolve, reject) => {
      const settle = { resolve, reject } as unknown as Settle<CommandResult<unknown, AnyEvent>>;
      this.enqueue(stream, { kind: 'command', decider: decider as unknown as AnyDecider, command, context, settle });
    });
  }

  /**
   * Set while other instances of the shop write to the same store (issue 42): a kept state is served only once
   * this check has made sure this process heard of every event committed so far (which drops stale states).
   */
  private keptReadCheck?: () => Promise<void>;

  setKeptReadCheck(check: (() => Promise<void>) | undefined): void {
    this.keptReadCheck = check;
  }

  /** The current state of a stream, read through the same cache. */
  load<Command, Event extends AnyEvent, State>(stream: string, decider: Decider<Command, Event, State>): Promise<State> {
    const check = this.keptReadCheck;
    if (check && this.folded.has(stream)) return check().then(() => this.loadNow(stream, decider));
    return this.loadNow(stream, decider);
  }

  private loadNow<Command, Event extends AnyEvent, State>(stream: string, decider: Decider<Command, Event, State>): Promise<State> {
    const cached = this.folded.get(stream);
    if (cached && !this.draining.has(stream)) return Promise.resolve(cached.state as State);
    return new Promise((resolve, reject) => {
      this.enqueue(stream, { kind: 'load', decider: decider as unknown as AnyDecider, settle: { resolve, reject } as Settle<unknown> });
    });
  }

  /**
   * Drops every state kept: the events they were folded from now read otherwise (a person's key was destroyed, so
   * their personal fields read "[erased]"), and a kept state would go on showing what was erased. A state being
   * folded meanwhile serves its turn and is not kept. Each stream is read again at its next command or load.
   */
  forgetStates(): void {
    this.generation += 1;
    this.folded.clear();
  }

  /**
   * An event stored by anyone: if it is newer than the state kept for its stream, that state is dropped. Answers
   * whether it was news here: true unless a kept state already included it (this process appended it), so
   * another instance's write, or one to a stream not kept, is news.
   */
  noteStored(event: Pick<StoredEvent, 'stream' | 'revision'> & { id?: string }): boolean {
    if (event.id !== undefined && this.ownEvents.delete(event.id)) return false;
    const cached = this.folded.get(event.stream);
    const news = !cached || cached.revision === 'no_stream' || event.revision > cached.revision;
    if (cached && news) this.folded.delete(event.stream);
    const read = this.reads.get(event.stream);
    if (read && (read.newest === undefined || event.revision > read.newest)) read.newest = event.revision;
    return news;
  }

  private noteOwn(events: ReadonlyArray<{ id: string }>): void {
    for (const event of events) this.ownEvents.add(event.id);
    // An append whose events are never heard (the subscription was down) must not keep its ids for ever.
    while (this.ownEvents.size > MAX_OWN_EVENTS) this.ownEvents.delete(this.ownEvents.values().next().value!);
  }

  private enqueue(stream: string, item: Waiting): void {
    const queue = this.waiting.get(stream);
    if (queue) queue.push(item);
    else this.waiting.set(stream, [item]);
    if (!this.draining.has(stream)) void this.drain(stream);
  }

  /** Works through a stream's queue: each run of commands as one append, each load in its place. */
  private async drain(stream: string): Promise<void> {
    this.draining.add(stream);
    try {
      for (let queue = this.waiting.get(stream); queue && queue.length > 0; queue = this.waiting.get(stream)) {
        const loadAt = queue.findIndex((item) => item.kind === 'load');
        const taken = queue.splice(0, loadAt === 0 ? 1 : loadAt < 0 ? queue.length : loadAt);
        try {
          if (taken[0].kind === 'load') {
            const { decider, settle } = taken[0];
            await this.current(stream, decider).then((folded) => settle.resolve(folded.state), settle.reject);
          } else {
            await this.run(stream, taken as Array<Extract<Waiting, { kind: 'command' }>>);
          }
        } catch (error) {
          // Not expected (run answers every command itself), but no caller may be left waiting.
          this.folded.delete(stream);
          for (const { settle } of taken) settle.reject(error);
        }
      }
    } finally {
      this.waiting.delete(stream);
      this.draining.delete(stream);
    }
  }

  private async run(stream: string, commands: Array<Extract<Waiting, { kind: 'command' }>>): Promise<void> {
    const decider = commands[0].decider;
    let current: Folded;
    const generation = this.generation;
    /** Whether `current` was read from the store in this turn, rather than kept from an earlier one. */
    let fresh = !this.folded.has(stream);
    try {
      current = await this.current(stream, decider);
    } catch (error) {
      for (const { settle } of commands) settle.reject(error);
      return;
    }
    for (let attempt = 1; ; attempt++) {
      const { decided, refused, events } = decideInTurn(commands, current.state);
      if (this.keptReadCheck && !fresh && (refused.length > 0 || events.length === 0)) {
        // A refusal, or nothing to do, decided on a kept state while other instances write (keptReadCheck is set
        // then): another may have changed the stream since (issue 42), and with no append its expected revision
        // cannot tell. Read what was missed; decide again if anything was. Alone, a kept state is never behind.
        fresh = true;
        try {
          const caughtUp = await this.catchUp(stream, decider, current, generation);
          if (caughtUp.revision !== current.revision) {
            current = caughtUp;
            continue;
          }
        } catch (error) {
          for (const { settle } of commands) settle.reject(error);
          return;
        }
      }
      try {
        let revision = current.revision;
        let position: Position | undefined;
        if (events.length > 0) {
          this.noteOwn(events);
          const appended = await this.store.append(stream, events, { expectedRevision: current.revision }).catch((error: unknown) => {
            for (const event of events) this.ownEvents.delete(event.id);
            throw error;
          });
          revision = appended.nextRevision;
          position = appended.position;
          this.remember(stream, { revision, state: decided[decided.length - 1].state }, generation);
        }
        for (const { waiting, events: own, state } of decided) {
          waiting.settle.resolve({ state, events: own, revision, position: own.length > 0 ? position : undefined });
        }
        for (const { waiting, error } of refused) waiting.settle.reject(error);
        return;
      } catch (error) {
        let failure = error;
        if (error instanceof WrongExpectedVersion && attempt < MAX_ATTEMPTS) {
          try {
            current = await this.catchUp(stream, decider, current, generation);
            fresh = true;
            continue;
          } catch (readFailed) {
            failure = readFailed;
          }
        }
        this.folded.delete(stream);
        for (const { settle } of commands) settle.reject(failure);
        return;
      }
    }
  }

  private async current(stream: string, decider: AnyDecider): Promise<Folded> {
    return this.folded.get(stream) ?? (await this.catchUp(stream, decider, { revision: 'no_stream', state: decider.initialState }));
  }

  /** Folds in whatever was appended after `from`. */
  private async catchUp(stream: string, decider: AnyDecider, from: Folded, generation = this.generation): Promise<Folded> {
    const fromRevision = from.revision === 'no_stream' ? 0n : from.revision + 1n;
    const read: { newest?: bigint } = {};
    this.reads.set(stream, read);
    let answer;
    try {
      answer = await this.store.read(stream, { fromRevision });
    } finally {
      this.reads.delete(stream);
    }
    const { revision, events } = answer;
    const next: Folded =
      revision === 'no_stream'
        ? { revision, state: decider.initialState }
        : {
            revision: events.length > 0 ? events[events.length - 1].revision : from.revision,
            state: events.reduce((folded, event) => decider.evolve(folded, { type: event.type, data: event.data }), from.state),
          };
    // An event stored while the read ran, and not in it: the state is good for this turn, not for keeping.
    const missed = read.newest !== undefined && (next.revision === 'no_stream' || read.newest > next.revision);
    if (missed) this.folded.delete(stream);
    else this.remember(stream, next, generation);
    return next;
  }

  private remember(stream: string, folded: Folded, generation = this.generation): void {
    this.folded.delete(stream);
    if (generation !== this.generation) return;
    this.folded.set(stream, folded);
    if (this.folded.size > MAX_CACHED_STREAMS) this.folded.delete(this.folded.keys().next().value!);
  }
}

/**
 * Decides each command on the state the ones before it left; a command its decider refuses changes nothing
 * and is answered with its error once the others are stored.
 */
function decideInTurn(commands: Array<Extract<Waiting, { kind: 'command' }>>, initial: unknown) {
  const decided: Decided[] = [];
  const refused: Array<{ waiting: Extract<Waiting, { kind: 'command' }>; error: unknown }> = [];
  const events = [];
  let state = initial;
  for (const waiting of commands) {
    let own: AnyEvent[];
    let after: unknown;
    try {
      own = waiting.decider.decide(waiting.command, state);
      after = own.reduce(waiting.decider.evolve, state);
    } catch (error) {
      refused.push({ waiting, error });
      continue;
    }
    state = after;
    decided.push({ waiting, events: own, state });
    const metadata = metadataFor(waiting.context);
    events.push(...own.map((event) => ({ id: randomUUID(), type: event.type, data: event.data, metadata })));
  }
  return { decided, refused, events };
}
