// A real, throwaway PostgreSQL server for the suites that run on the team-server database:
// Debian's `postgresql` binaries (installed by .ci/run), a fresh cluster in a temp folder on
// a free port, stopped and deleted at the end. Never a mock.
import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface TestPostgres {
  /** postgres://… of the server's `postgres` database (superuser, trust auth on 127.0.0.1). */
  url: string;
  /** A new empty database on the same server, for one suite or test. */
  createDatabase(name?: string): Promise<string>;
  /** The same, synchronously (psql), for helpers that are synchronous themselves. */
  createDatabaseSync(name: string): string;
  stop(): Promise<void>;
}

function binDir(): string | null {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root).filter((v) => existsSync(join(root, v, 'bin', 'initdb'))).sort((a, b) => Number(b) - Number(a));
  return versions.length ? join(root, versions[0]!, 'bin') : null;
}

/** false when a server can be started here; else the reason (throws under CI=true). */
export function skipUnlessPostgres(): false | string {
  if (binDir()) return false;
  const reason = 'PostgreSQL server binaries are not installed (Debian package `postgresql`)';
  if (process.env.CI === 'true') throw new Error(`CI=true but ${reason}`);
  return reason;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => resolve(port));
    });
  });
}

let databaseCounter = 0;

export async function startPostgres(): Promise<TestPostgres> {
  const bin = binDir();
  if (!bin) throw new Error(skipUnlessPostgres() || 'no PostgreSQL binaries');
  const dir = mkdtempSync(join(tmpdir(), 'docdesk-pg-'));
  const data = join(dir, 'data');
  const port = await freePort();
  // initdb refuses to run as root; Debian's package creates the `postgres` system user.
  const asRoot = process.getuid?.() === 0;
  const run = (cmd: string, args: string[]) => {
    const full = join(bin, cmd);
    const r = asRoot ? spawnSync('runuser', ['-u', 'postgres', '--', full, ...args], { encoding: 'utf8' }) : spawnSync(full, args, { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`${cmd} failed: ${r.stderr || r.stdout}`);
  };
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(dir, uid, gid);
  }
  run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--locale=C.UTF-8', '--no-sync']);
  // Tests only: durability off for speed; a socket dir inside the cluster so parallel runs do not collide.
  writeFileSync(
    join(data, 'postgresql.auto.conf'),
    [`port = ${port}`, "listen_addresses = '127.0.0.1'", `unix_socket_directories = '${data}'`, 'fsync = off', 'synchronous_commit = off', 'full_page_writes = off', 'max_connections = 200'].join('\n') + '\n',
  );
  if (asRoot) execFileSync('chown', ['postgres:postgres', join(data, 'postgresql.auto.conf')]);
  run('pg_ctl', ['-D', data, '-l', join(data, 'server.log'), '-w', '-t', '60', 'start']);
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    try {
      run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
  process.once('exit', () => {
    if (stopped) return;
    spawnSync(asRoot ? 'runuser' : join(bin, 'pg_ctl'), asRoot ? ['-u', 'postgres', '--', join(bin, 'pg_ctl'), '-D', data, '-m', 'immediate', 'stop'] : ['-D', data, '-m', 'immediate', 'stop']);
    rmSync(dir, { recursive: true, force: true });
  });
  return {
    url,
    async createDatabase(name = `docdesk_test_${process.pid}_${++databaseCounter}`) {
      const pg = (await import('pg')).default;
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        await client.query(`CREATE DATABASE "${name.replace(/"/g, '')}"`);
      } finally {
        await client.end();
      }
      return `postgres://postgres@127.0.0.1:${port}/${name}`;
    },
    createDatabaseSync(name) {
      const clean = name.replace(/"/g, '');
      const r = spawnSync(join(bin, 'psql'), [url, '-v', 'ON_ERROR_STOP=1', '-q', '-c', `CREATE DATABASE "${clean}"`], { encoding: 'utf8' });
      if (r.status !== 0) throw new Error(`CREATE DATABASE ${clean} failed: ${r.stderr || r.stdout}`);
      return `postgres://postgres@127.0.0.1:${port}/${clean}`;
    },
    stop,
  };
}
