import type { EmbeddedPostgres } from '../src/db/embedded-postgres';

/** What every benchmark gets from bench/run.ts. */
export interface BenchContext {
  /** A short smoke run: seconds, not minutes. Figures are indicative only. */
  quick: boolean;
  /** The value of a `--name value` option on the command line (run.ts lists the names), if given. */
  option(name: string): string | undefined;
  postgres: EmbeddedPostgres;
  /** Creates a fresh, migrated database (cloned from a template) and returns its connection string. */
  database(name: string): Promise<string>;
  /** Progress lines, printed to stderr so that stdout holds only the table. */
  log(line: string): void;
  /** CPU used so far by this process, the watched shop process and the benchmark's Postgres; compare two readings. */
  cpu(): CpuTimes;
  /** The shop process whose CPU time `cpu()` reports (bench/shop.ts sets it); undefined when none runs. */
  watchProcess(pid: number | undefined): void;
}

export interface CpuTimes {
  /** CPU time used by this Node process (the load generator, and the shop when it runs in-process), in ms. */
  nodeMs: number;
  /** CPU time used by the shop's own process (0 when none is watched), in ms. */
  shopMs: number;
  /** CPU time used by the benchmark's Postgres (postmaster and its living children), in ms. */
  postgresMs: number;
}

/** One line of the results table. A row without a target is informative and always passes. */
export interface BenchRow {
  name: string;
  figure: number;
  unit: string;
  /** e.g. ">= 50" or "< 50"; `pass` says whether the figure met it. */
  target?: string;
  pass?: boolean;
}

export interface Benchmark {
  name: string;
  /** Runs only when asked for by name (`npm run bench -- <name>`), never in the plain `npm run bench`. */
  onlyWhenNamed?: boolean;
  /** Connections its Postgres must accept when more than the default 100 (bench/instances.ts runs three shops). */
  maxConnections?: number;
  run(context: BenchContext): Promise<BenchRow[]>;
}
