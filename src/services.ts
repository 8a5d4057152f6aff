import type { DatabasePool } from './db/pool';
import type { Clock } from './core/clock';
import type { CommandHandler } from './core/handle-command';
import type { EventStore, Position } from './eventstore/types';
import type { SettingsCache } from '../projections/settings/queries';

/** Waits until a read model includes a position (read-your-writes). */
export interface ReadModels {
  waitFor(projection: string, position: Position | undefined): Promise<void>;
  checkpoint(projection: string): string;
}

/** What modules' handlers and routes are built from; the composition root makes one. */
export interface Services {
  store: EventStore;
  commands: CommandHandler;
  pool: DatabasePool;
  /** The store's settings, kept in memory (read with readSettings). */
  settings: SettingsCache;
  clock: Clock;
  readModels: ReadModels;
  basketHoldMinutes: number;
}
