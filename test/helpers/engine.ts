// An engine context straight in a test or bench (no server process) on a data folder of its
// own: on the database of the test pass (testEngine), or on a throwaway PostgreSQL server of
// its own whichever pass runs (engineOnPostgres), for what only PostgreSQL has.
import { openEngineContext, type EngineContext } from '../../engine/index.js';
import { testDatabaseTarget } from './database.js';
import { startPostgres } from './postgres.js';
import { removeDir, tempDataDir } from './server.js';

export interface TestEngine {
  engine: EngineContext;
  dataDir: string;
  /** Closes the engine, then removes its data folder (and stops its own PostgreSQL server). */
  close(): Promise<void>;
}

/** The data folder's SQLite file, or its own database on the PostgreSQL pass (DOCDESK_TEST_DATABASE=postgres). */
export async function testEngine(): Promise<TestEngine> {
  const dataDir = tempDataDir();
  return open(dataDir, () => testDatabaseTarget(dataDir), async () => undefined);
}

/** A fresh database (`database`: its name) on a PostgreSQL server started for this engine alone. */
export async function engineOnPostgres(opts: { prefix?: string; database?: string } = {}): Promise<TestEngine> {
  const server = await startPostgres();
  return open(tempDataDir(opts.prefix), () => server.createDatabase(opts.database), () => server.stop());
}

async function open(dataDir: string, database: () => string | Promise<string>, release: () => Promise<void>): Promise<TestEngine> {
  const cleanUp = async () => {
    try {
      await release();
    } finally {
      removeDir(dataDir);
    }
  };
  let engine: EngineContext;
  try {
    engine = await openEngineContext(dataDir, {}, await database());
  } catch (err) {
    await cleanUp();
    throw err;
  }
  return {
    engine,
    dataDir,
    async close() {
      try {
        await engine.close();
      } finally {
        await cleanUp();
      }
    },
  };
}
