import type { DatabasePool } from './db/pool';
import type { Clock } from './core/clock';
import type { CommandHandler } from './core/handle-command';
import type { EventStore, Position, StoredEvent } from './eventstore/types';
import type { PersonalData } from './personal-data';
import type { ChangeNotices } from './db/change-notices';

/** Waits until a read model includes a position (read-your-writes). */
export interface ReadModels {
  waitFor(projection: string, position: Position | undefined): Promise<void>;
  checkpoint(projection: string): string;
}

/** Stored settings by key, as the settings read model holds them; the store module's readSettings adds the defaults. */
export interface SettingsSource {
  stored(): Promise<ReadonlyMap<string, unknown>>;
}

/** What modules' handlers and routes are built from; the composition root makes one. */
export interface Services {
  store: EventStore;
  commands: CommandHandler;
  pool: DatabasePool;
  /** The store's settings (read them with the store module's readSettings). */
  settings: SettingsSource;
  clock: Clock;
  readModels: ReadModels;
  basketHoldMinutes: number;
  /** Seals and opens the personal-data envelope of events (crypto-shredding), and the keyed lookup hash. */
  personalData: PersonalData;
  /** Tells the other instances of what they may keep in memory, and hears what they tell (src/db/change-notices.ts). */
  notices: ChangeNotices;
  /**
   * Waits until this process has heard of every event committed before the call, by any instance: from then on
   * what it keeps in memory of the streams (folded states, baskets it opened) includes them. At once while no other
   * instance is alive.
   */
  heardAll(): Promise<void>;
  /**
   * Told by the instance registry whether other instances of the shop are alive. Alone (one process per
   * restaurant), heardAll and reads of kept states cost nothing: this process made every change itself.
   */
  setOthersAlive(others: boolean): void;
  /**
   * Calls `listener` with every event this process hears of, in commit order; `news` is false for one this
   * process's own kept state already includes (it appended it), true for another instance's.
   */
  onStored(listener: (event: StoredEvent, news: boolean) => void): void;
}
