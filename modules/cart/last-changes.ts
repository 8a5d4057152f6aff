import type { Position } from '../../src/eventstore/types';

const REMEMBERED_KEYS = 10_000;

/**
 * Where each recently changed basket's (or client address's) last change landed, so that reading it back waits
 * for no more. The oldest key is forgotten first beyond REMEMBERED_KEYS.
 */
export class LastChanges {
  private readonly positions = new Map<string, Position>();

  note(key: string, position: Position | undefined): Position | undefined {
    if (position === undefined) return undefined;
    // The newest wins: another instance's change may be heard after a later one made here.
    const kept = this.positions.get(key);
    this.positions.delete(key);
    this.positions.set(key, kept !== undefined && kept > position ? kept : position);
    if (this.positions.size > REMEMBERED_KEYS) this.positions.delete(this.positions.keys().next().value!);
    return position;
  }

  last(key: string): Position | undefined {
    return this.positions.get(key);
  }
}
