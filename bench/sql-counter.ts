/**
 * Counts the SQL statements the shop's process sends, for the cost rows of bench/statement-costs.ts: every
 * `pg` client's `query` is wrapped (the read-model pool, the event store's pool, the listeners and lock
 * connections alike), so each round trip is counted once, transaction control (begin, commit, savepoint)
 * included. Installed by bench/shop-process.ts before the shop starts; never part of the shop itself.
 *
 * The counts are by statement text (whitespace folded, cut at 100 characters), so a run can also show which
 * statements a request costs.
 */
import pg from 'pg';

export interface SqlCounts {
  statements: number;
  /** Statement texts, each with how often it was sent. */
  byText: Record<string, number>;
}

const byText = new Map<string, number>();
let statements = 0;

function label(text: string): string {
  return text.replace(/\s+/g, ' ').trim().slice(0, 100);
}

/** Wraps `pg.Client.prototype.query` once; the counting costs a map update per statement. */
export function countSqlStatements(): void {
  const prototype = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown; counted?: boolean };
  if (prototype.counted) return;
  const original = prototype.query;
  prototype.query = function (this: unknown, ...args: unknown[]) {
    const first = args[0] as string | { text?: string } | undefined;
    const text = typeof first === 'string' ? first : first?.text;
    if (typeof text === 'string') {
      statements += 1;
      const key = label(text);
      byText.set(key, (byText.get(key) ?? 0) + 1);
    }
    return original.apply(this, args);
  };
  prototype.counted = true;
}

export function sqlCounts(): SqlCounts {
  return { statements, byText: Object.fromEntries(byText) };
}
