// The few places whose SQL differs between SQLite (the desktop file) and PostgreSQL (the
// team server). Everything else is plain kysely and runs on both unchanged.
import { PostgresAdapter, sql, type RawBuilder } from 'kysely';
import type { DbTx } from './db.js';

export type DialectName = 'sqlite' | 'postgres';

/** Which database a handle (or a transaction on it) talks to. */
export function dialectOf(db: DbTx): DialectName {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

/** `true` for a `postgres://` or `postgresql://` URL, the team-server database. */
export function isPostgresUrl(target: string): boolean {
  return /^postgres(ql)?:\/\//i.test(target);
}

/**
 * The text at `path` inside a JSON text column (null when absent). SQLite's json_extract
 * returns the SQL value (text for strings); Postgres reads the column as jsonb.
 */
export function jsonText(db: DbTx, column: string, path: string[]): RawBuilder<string | null> {
  if (dialectOf(db) === 'postgres') return sql<string | null>`(${sql.ref(column)}::jsonb #>> ${`{${path.join(',')}}`})`;
  return sql<string | null>`json_extract(${sql.ref(column)}, ${`$.${path.join('.')}`})`;
}

/**
 * The value at `path` inside a JSON text column as a JS value for a SELECT list: SQLite's
 * json_extract gives numbers and strings as such; Postgres returns jsonb, which `pg` parses.
 */
export function jsonValue<T = string | number | null>(db: DbTx, column: string, path: string[]): RawBuilder<T> {
  if (dialectOf(db) === 'postgres') return sql<T>`(${sql.ref(column)}::jsonb #> ${`{${path.join(',')}}`})`;
  return sql<T>`json_extract(${sql.ref(column)}, ${`$.${path.join('.')}`})`;
}

/** A JSON boolean `true` at `path` (SQLite's json_extract returns it as 1). */
export function jsonIsTrue(db: DbTx, column: string, path: string[]): RawBuilder<boolean> {
  if (dialectOf(db) === 'postgres') return sql<boolean>`(${sql.ref(column)}::jsonb #> ${`{${path.join(',')}}`}) = 'true'::jsonb`;
  return sql<boolean>`json_extract(${sql.ref(column)}, ${`$.${path.join('.')}`}) = 1`;
}

/** Case-insensitive LIKE with `\` as escape (SQLite's LIKE already ignores ASCII case). */
export function likeInsensitive(db: DbTx, column: string, pattern: string): RawBuilder<boolean> {
  const op = dialectOf(db) === 'postgres' ? sql`ILIKE` : sql`LIKE`;
  return sql<boolean>`${sql.ref(column)} ${op} ${pattern} ESCAPE '\\'`;
}
