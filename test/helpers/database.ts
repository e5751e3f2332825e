// Which database the suites run on. `DOCDESK_TEST_DATABASE=postgres` (set by
// scripts/run-tests.js for its second pass) starts one throwaway PostgreSQL server per test
// process and gives every data folder its own fresh database; otherwise each data folder
// keeps its SQLite file.
import { basename, join } from 'node:path';
import { startPostgres, type TestPostgres } from './postgres.js';

export const TEST_ON_POSTGRES = process.env.DOCDESK_TEST_DATABASE === 'postgres';

const server: TestPostgres | null = TEST_ON_POSTGRES ? await startPostgres() : null;

const databases = new Map<string, string>();

/** The database behind a data folder: its SQLite file, or (Postgres pass) a database of its own. */
export function testDatabaseTarget(dataDir: string): string {
  if (!server) return join(dataDir, 'docdesk.sqlite');
  let url = databases.get(dataDir);
  if (!url) {
    const name = `dd_${basename(dataDir).toLowerCase().replace(/[^a-z0-9]+/g, '_')}`.slice(0, 63);
    url = server.createDatabaseSync(name);
    databases.set(dataDir, url);
  }
  return url;
}

/** Environment for a `docdesk` process on this data folder. */
export function testDatabaseEnv(dataDir: string): Record<string, string> {
  return server ? { DOCDESK_DATABASE_URL: testDatabaseTarget(dataDir) } : {};
}

/** A reason to skip a test that is about the SQLite file itself, on the Postgres pass. */
export function sqliteOnly(what: string): false | string {
  return TEST_ON_POSTGRES ? `${what}: SQLite-specific, not applicable on PostgreSQL` : false;
}
