// Pre-compiled kysely queries for hot read paths (every authenticated request looks up
// its token; every GET reads a document). Building and compiling a kysely query costs
// more than SQLite needs to answer it, so such queries are compiled once with
// placeholder arguments, and each call only swaps in the real parameter values.
import type { Compilable, CompiledQuery } from 'kysely';
import type { Db } from './db.js';

const SLOT = Symbol('prepared-parameter');
type Slot = { [SLOT]: number };

function isSlot(v: unknown): v is Slot {
  return typeof v === 'object' && v !== null && SLOT in v;
}

/**
 * `build` receives one placeholder per argument and must use each only as a plain bound
 * value (e.g. `where('id', '=', id)`), never expanded (`in` lists) or inspected.
 */
export function prepared<A extends unknown[], R>(arity: A['length'], build: (db: Db, ...args: A) => Compilable<R>) {
  let compiled: CompiledQuery<R> | null = null;
  let mapping: number[] = [];
  return async (db: Db, ...args: A): Promise<R[]> => {
    if (!compiled) {
      const slots = Array.from({ length: arity }, (_, i) => ({ [SLOT]: i })) as unknown as A;
      compiled = build(db, ...slots).compile();
      mapping = compiled.parameters.map((p) => (isSlot(p) ? p[SLOT] : -1));
      if (new Set(mapping.filter((m) => m >= 0)).size !== arity) throw new Error('prepared query: every argument must appear as a bound parameter');
    }
    const constants = compiled.parameters;
    const parameters = mapping.map((m, i) => (m >= 0 ? args[m] : constants[i]));
    const result = await db.executeQuery<R>({ ...compiled, parameters });
    return result.rows;
  };
}
