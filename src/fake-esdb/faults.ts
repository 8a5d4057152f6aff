import { cancelled, unavailable } from './errors';

/**
 * The fake EventStoreDB's faults (issue 43 item 3), switched by a test: a node that refuses every call as
 * unavailable, one that answers slowly, streams it denies, and open calls it ends from its side.
 */

/** How the server ends a call: as a node going away (unavailable), cancelling it, or finishing it with no error. */
export type Drop = 'unavailable' | 'cancelled' | 'end';

export interface OpenCall {
  kind: 'subscription' | 'batch-append';
  /** A subscription that has sent every event there was and now sends live ones. */
  caughtUp?: boolean;
  end(how: Drop): void;
}

export class Faults {
  /** Every new call is answered UNAVAILABLE at once. */
  refusing = false;
  /** Every answer (each message of a read or subscription) waits this long first. */
  delayMs = 0;
  /** Streams (or `$all`) every read and append of which is answered access denied. */
  readonly denied = new Set<string>();
  private readonly open = new Set<OpenCall>();

  /** Registers an open call the server may end; returns its removal. */
  track(call: OpenCall): () => void {
    this.open.add(call);
    return () => this.open.delete(call);
  }

  openCalls(kind: OpenCall['kind']): OpenCall[] {
    return [...this.open].filter((call) => call.kind === kind);
  }

  /** Ends every open call of a kind (every one when none is named) from the server's side. */
  drop(how: Drop, kind?: OpenCall['kind']): number {
    const ending = [...this.open].filter((call) => kind === undefined || call.kind === kind);
    for (const call of ending) {
      this.open.delete(call);
      call.end(how);
    }
    return ending.length;
  }

  async pause(): Promise<void> {
    if (this.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, this.delayMs));
  }
}

export function dropError(how: Exclude<Drop, 'end'>): Error {
  return how === 'unavailable' ? unavailable() : cancelled();
}
