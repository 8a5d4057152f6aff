import { sql } from 'slonik';
import type { DatabaseConnection } from '../db/pool';

/** One row of one table that is not the same on both sides, by its primary key. */
export interface RowDifference {
  table: string;
  /** The primary key as `column = value`, joined with commas (the whole row for a table without one). */
  key: string;
  /** The column that differs; undefined when the row is only on one side. */
  column?: string;
  /** JSON text of the value (or of the whole row when `column` is undefined); undefined when the side has no such row. */
  left?: string;
  right?: string;
}

export interface TableComparison {
  /** Rows (by primary key) that are not the same on both sides: different, or on one side only. */
  differing: number;
  /** How many of them `differences` describes (the first, up to the limit asked). */
  listed: number;
  differences: RowDifference[];
}

const text = (value: unknown) => (value === undefined ? 'nothing' : JSON.stringify(value));

/**
 * The one comparison of read-model tables (the personal-data rewrite's and the verified replay's): every row of
 * `left` and of `right` as `to_jsonb`, without the columns in `ignore` (write counters), compared with `except all`
 * both ways, so values are compared as stored (personal fields stay sealed). The rows left over are paired by the
 * primary key of `right`'s table (the whole row without one): up to `limit` of them are read and described column
 * by column.
 */
export async function compareTables(
  db: DatabaseConnection,
  options: { table: string; left: string; right: string; ignore?: readonly string[]; limit?: number },
): Promise<TableComparison> {
  const [left, right] = [sql.identifier([options.left, options.table]), sql.identifier([options.right, options.table])];
  const ignore = sql.array([...(options.ignore ?? [])], 'text');
  const limit = options.limit ?? 0;
  const keyColumns = await db.anyFirst<string>(sql.unsafe`
    select a.attname::text from pg_index i
      join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
     where i.indrelid = ${`${options.right}.${options.table}`}::regclass and i.indisprimary
     order by array_position(i.indkey::int2[], a.attnum)`);
  const key = keyColumns.length > 0 ? sql.fragment`jsonb_build_array(${sql.join(keyColumns.map((column) => sql.fragment`row -> ${column}::text`), sql.fragment`, `)})` : sql.fragment`row`;
  const rows = await db.any<{ key: unknown; side: 'left' | 'right' | null; row: Record<string, unknown> | null; total: number }>(sql.unsafe`
    with unmatched as (
      (select 'left' as side, row from (select to_jsonb(t) - ${ignore} as row from ${left} t except all select to_jsonb(t) - ${ignore} from ${right} t) l)
      union all
      (select 'right' as side, row from (select to_jsonb(t) - ${ignore} as row from ${right} t except all select to_jsonb(t) - ${ignore} from ${left} t) r)
    ),
    keyed as (select ${key} as key, side, row from unmatched),
    counted as (select count(distinct key)::int as total from keyed),
    first_keys as (select distinct key from keyed order by key limit ${limit})
    select k.key, k.side, k.row, c.total from counted c left join (keyed k join first_keys f on f.key = k.key) on true
     order by k.key::text, k.side`);
  const differing = rows[0]?.total ?? 0;
  const sides = new Map<string, { left?: Record<string, unknown>; right?: Record<string, unknown> }>();
  for (const { side, row } of rows) {
    if (side === null || row === null) continue;
    const name = keyColumns.length > 0 ? keyColumns.map((column) => `${column} = ${text(row[column])}`).join(', ') : text(row);
    sides.set(name, { ...sides.get(name), [side]: row });
  }
  const differences: RowDifference[] = [];
  for (const [name, { left: l, right: r }] of sides) {
    if (l && r) {
      for (const column of new Set([...Object.keys(l), ...Object.keys(r)])) {
        if (JSON.stringify(l[column]) !== JSON.stringify(r[column])) {
          differences.push({ table: options.table, key: name, column, left: text(l[column]), right: text(r[column]) });
        }
      }
    } else {
      differences.push({ table: options.table, key: name, left: l ? text(l) : undefined, right: r ? text(r) : undefined });
    }
  }
  return { differing, listed: sides.size, differences };
}
