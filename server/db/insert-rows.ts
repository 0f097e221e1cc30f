import type { Queryable } from './index.ts';

/** Bind parameters per statement: below PostgreSQL's 65,535, with room to spare. */
const MAX_PARAMS = 30_000;

/**
 * Inserts `rows` into `table` with multi-row `VALUES`, as few statements as the parameter limit
 * allows (a round trip per row would make the seed slow). Objects for `jsonb` columns must be passed
 * as JSON text: `pg` would turn a JS array into a PostgreSQL array.
 * @returns the `RETURNING` rows, when `returning` is given.
 */
export async function insertRows<T = Record<string, unknown>>(
  db: Queryable,
  table: string,
  columns: readonly string[],
  rows: readonly (readonly unknown[])[],
  returning?: string,
): Promise<T[]> {
  const out: T[] = [];
  const perStatement = Math.max(1, Math.floor(MAX_PARAMS / columns.length));
  for (let start = 0; start < rows.length; start += perStatement) {
    const params: unknown[] = [];
    const tuples = rows.slice(start, start + perStatement).map((row) => {
      if (row.length !== columns.length) throw new Error(`${table}: a row has ${row.length} values for ${columns.length} columns`);
      return `(${row.map((value) => `$${params.push(value)}`).join(', ')})`;
    });
    const sql = `INSERT INTO ${table} (${columns.join(', ')}) VALUES ${tuples.join(', ')}${returning ? ` RETURNING ${returning}` : ''}`;
    const result = await db.query<T>(sql, params);
    out.push(...result.rows);
  }
  return out;
}
