/**
 * The database's side of the e-mail comparison key (src/domain/email-address.ts): the same key,
 * computed in SQL from a stored address, so lookups compare `emailKey('u.email') = $1` with
 * `normaliseEmail(input)` as the parameter. `COLLATE "C"` makes `lower()` fold ASCII letters only,
 * whatever the database's locale; `normalize(…, NFKC)` needs a UTF8 database (PostgreSQL 13 or later,
 * PGlite). The unique indexes of migration 009 are on this very expression, so lookups use them.
 *
 * @module
 */

/** The SQL expression of the comparison key of the address in `column` (a column name, never input). */
export function emailKey(column: string): string {
  return `lower(normalize(${column}, NFKC) COLLATE "C")`;
}
