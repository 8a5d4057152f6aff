import { sql } from 'slonik';
import type { Logger } from 'pino';
import type { Clock } from '../core/clock';
import type { CommandContext } from '../core/decider';
import { DomainError } from '../core/errors';
import type { CommandHandler } from '../core/handle-command';
import type { DatabasePool } from '../db/pool';
import type { EventStore, Position } from '../eventstore/types';
import type { ProjectionRunner } from '../projections/runner';
import type { Projection } from '../projections/types';
import { processDecider } from './decider';
import { assertKind, processStream, type RecordedInput } from './events';
import { countDueTimers, forgetCommand, forgetInput, retryCommandAt, retryInputAt, takeDueCommands, takeDueInputs, type DueCommand, type DueInput } from './queue';
import { processReactor } from './reactor';
import type { AnyProcessDefinition } from './types';

export interface ProcessManagerOptions {
  store: EventStore;
  pool: DatabasePool;
  commands: CommandHandler;
  clock: Clock;
  /** Makes the runner that feeds a process kind from $all (the composition root's projection runner factory). */
  runner(projection: Projection): ProjectionRunner;
  logger?: Pick<Logger, 'warn' | 'error'>;
  /** How often due timers and retries are looked for when nothing wakes the worker. */
  pollIntervalMs?: number;
  /** How long a taken input or command is left to this worker before another (or a restart) may take it. */
  leaseSeconds?: number;
  /** Seconds to wait before each retry after a failure that is not a refusal; the last one repeats. */
  retryDelaysSeconds?: readonly number[];
  /** Attempts after which a command that keeps failing is given back to its process as refused. */
  maxAttempts?: number;
  batchSize?: number;
  /** How long a pass waits for the reactors to queue the events already stored before deciding anyway. */
  catchUpTimeoutMs?: number;
}

/** A DomainError says no for good; `unavailable` and `too_many` may say yes later. */
const isRefusal = (error: unknown): error is DomainError =>
  error instanceof DomainError && error.kind !== 'unavailable' && error.kind !== 'too_many';

/**
 * Runs every process kind the shop defines: a reactor per kind queues the events it listens to (with its own
 * checkpoint, on the instance holding its lock), and a worker on every instance decides each due input on its
 * process stream and sends the commands decided, in order per process. Deciding is exactly once (the process
 * stream's expected revision and the inputs it remembers); sending is at least once with a stable command id,
 * and the answer is recorded, so a crash anywhere converges to one effect. Time comes from the injected clock.
 * With no process defined, starting it does nothing at all.
 */
export class ProcessManager {
  private readonly definitions = new Map<string, AnyProcessDefinition>();
  private readonly deciders = new Map<string, ReturnType<typeof processDecider>>();
  private runners: ProjectionRunner[] = [];
  private loop?: Promise<void>;
  private lastPass: Promise<number> = Promise.resolve(0);
  private stopped = false;
  private woken = false;
  private wakeUp?: () => void;

  constructor(
    definitions: readonly AnyProcessDefinition[],
    private readonly options: ProcessManagerOptions,
  ) {
    for (const definition of definitions) {
      assertKind(definition.kind);
      if (this.definitions.has(definition.kind)) throw new Error(`Process kind '${definition.kind}' is defined twice`);
      this.definitions.set(definition.kind, definition);
      this.deciders.set(definition.kind, processDecider(definition));
    }
  }

  async start(): Promise<void> {
    if (this.definitions.size === 0 || this.loop) return;
    this.stopped = false;
    const head = await this.options.store.headPosition();
    for (const definition of this.definitions.values()) {
      let queued = false;
      const reactor = processReactor(definition, { queuedDueWork: () => (queued = true) });
      // A kind new to this shop starts from now: events from before it existed start no process.
      await this.options.pool.query(sql.unsafe`
        insert into projection_checkpoints (name, position) values (${reactor.name}, ${head}) on conflict (name) do nothing`);
      const runner = this.options.runner(reactor);
      // Only what may be due soon wakes the worker: inputs that wait (a sale, an unpaid order) are found by its poll.
      runner.onApplied(() => {
        if (!queued) return;
        queued = false;
        this.wake();
      });
      runner.start();
      this.runners.push(runner);
    }
    this.loop = this.run();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.wakeUp?.();
    await this.loop;
    this.loop = undefined;
    await Promise.all(this.runners.map((runner) => runner.stop()));
    this.runners = [];
  }

  /** Something may be due: look now. */
  wake(): void {
    this.woken = true;
    this.wakeUp?.();
  }

  /** Durable timers due by the clock and not yet decided, per process kind (/metrics). */
  timersDue(): Promise<Map<string, number>> {
    return countDueTimers(this.options.pool, [...this.definitions.keys()], this.options.clock());
  }

  /** Resolves once every kind's reactor has queued the events up to `position`. */
  async waitFor(position: Position, timeoutMs = 10_000): Promise<void> {
    await Promise.all(this.runners.map((runner) => runner.waitFor(position, timeoutMs)));
  }

  /**
   * One pass: decides every input due now, then sends every command due now. Answers how many it took.
   * It first lets the reactors queue every event already stored, so a timer fires on the newest state: after
   * a restart, a payment stored while the shop was down cancels the lapse that fell due meanwhile.
   */
  runDue(): Promise<number> {
    // Passes in one shop run one after another: a caller (a test that moved the clock) gets its answer once
    // the pass the timer loop may have begun has ended, never in the middle of a command it is sending.
    const pass = this.lastPass.catch(() => 0).then(() => this.runPass());
    this.lastPass = pass;
    return pass;
  }

  private async runPass(): Promise<number> {
    const kinds = [...this.definitions.keys()];
    if (kinds.length === 0) return 0;
    const { leaseSeconds = 30, batchSize = 50, catchUpTimeoutMs = 5000 } = this.options;
    if (this.runners.length > 0) {
      const head = await this.options.store.lastCommittedPosition();
      await this.waitFor(head, catchUpTimeoutMs).catch((error) => this.options.logger?.warn({ err: error }, 'process reactors behind; deciding anyway'));
    }
    const leaseUntil = () => new Date(this.options.clock().getTime() + leaseSeconds * 1000);
    const inputs = await takeDueInputs(this.options.pool, kinds, this.options.clock(), leaseUntil(), batchSize);
    await inTurnPerProcess(inputs, (input) => this.decideInput(input));
    const commands = await takeDueCommands(this.options.pool, kinds, this.options.clock(), leaseUntil(), batchSize);
    await inTurnPerProcess(commands, (command) => this.sendCommand(command));
    return inputs.length + commands.length;
  }

  private async decideInput(row: DueInput): Promise<void> {
    const input: RecordedInput =
      row.timerName === null
        ? (row.input as RecordedInput)
        : { kind: 'timer', inputId: row.inputId, name: row.timerName, dueAt: (row.input as { dueAt: string }).dueAt, at: this.now() };
    try {
      await this.record(row.kind, row.processId, row.correlationId, input);
      await forgetInput(this.options.pool, row.kind, row.inputId);
    } catch (error) {
      this.options.logger?.error({ err: error, process: row.kind, processId: row.processId, inputId: row.inputId }, 'process input failed; will retry');
      await retryInputAt(this.options.pool, row.kind, row.inputId, this.retryAt(row.attempts));
    }
  }

  private async sendCommand(row: DueCommand): Promise<void> {
    const definition = this.definitions.get(row.kind)!;
    const { maxAttempts = 10 } = this.options;
    const now = this.now();
    const context: CommandContext = { actor: 'system', now, correlationId: row.correlationId, causationId: row.commandId };
    const about = { process: row.kind, processId: row.processId, commandId: row.commandId, command: row.command.type };
    let outcome: RecordedInput;
    try {
      await definition.send(row.command, { commandId: row.commandId, processId: row.processId, context });
      outcome = { kind: 'succeeded', inputId: row.commandId, command: row.command, at: this.now() };
    } catch (error) {
      if (isRefusal(error)) {
        outcome = { kind: 'refused', inputId: row.commandId, command: row.command, reason: error.message, at: this.now() };
      } else if (row.attempts >= maxAttempts) {
        this.options.logger?.error({ ...about, err: error, attempts: row.attempts }, 'process command failed for good');
        outcome = { kind: 'refused', inputId: row.commandId, command: row.command, reason: `failed ${row.attempts} times`, at: this.now() };
      } else {
        this.options.logger?.warn({ ...about, err: error, attempts: row.attempts }, 'process command failed; will retry');
        await retryCommandAt(this.options.pool, row.commandId, this.retryAt(row.attempts));
        return;
      }
    }
    try {
      await this.record(row.kind, row.processId, row.correlationId, outcome);
      await forgetCommand(this.options.pool, row.commandId);
    } catch (error) {
      // Sent but not recorded: it is sent again after the delay, and its owner makes the repeat change nothing.
      this.options.logger?.error({ ...about, err: error }, 'recording a process command failed; will send again');
      await retryCommandAt(this.options.pool, row.commandId, this.retryAt(row.attempts));
    }
  }

  private record(kind: string, processId: string, correlationId: string, input: RecordedInput) {
    const context: CommandContext = { actor: 'system', now: this.now(), correlationId, causationId: input.inputId };
    return this.options.commands.handle(processStream(kind, processId), this.deciders.get(kind)!, { type: 'HandleInput', processId, correlationId, input }, context);
  }

  private now(): string {
    return this.options.clock().toISOString();
  }

  private retryAt(attempts: number): Date {
    const { retryDelaysSeconds = [1, 5, 30, 120, 600] } = this.options;
    const delay = retryDelaysSeconds[Math.min(attempts, retryDelaysSeconds.length) - 1] ?? 0;
    return new Date(this.options.clock().getTime() + delay * 1000);
  }

  private async run(): Promise<void> {
    const { pollIntervalMs = 1000, batchSize = 50 } = this.options;
    while (!this.stopped) {
      this.woken = false;
      let taken = 0;
      try {
        taken = await this.runDue();
      } catch (error) {
        this.options.logger?.error({ err: error }, 'process manager pass failed; retrying');
      }
      if (this.stopped) break;
      if (taken >= batchSize || this.woken) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, pollIntervalMs);
        this.wakeUp = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wakeUp = undefined;
    }
  }
}

/** Each process's items one after the other, in the order given; different processes at the same time. */
async function inTurnPerProcess<Item extends { kind: string; processId: string }>(items: Item[], work: (item: Item) => Promise<void>): Promise<void> {
  const byProcess = new Map<string, Item[]>();
  for (const item of items) {
    const key = `${item.kind}/${item.processId}`;
    const queue = byProcess.get(key);
    if (queue) queue.push(item);
    else byProcess.set(key, [item]);
  }
  await Promise.all(
    [...byProcess.values()].map(async (queue) => {
      for (const item of queue) await work(item);
    }),
  );
}
