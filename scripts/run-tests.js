#!/usr/bin/env node
// Runs every compiled test file (dist/test/**/*.test.js) with node's own test runner.
// An optional argument narrows the run to paths containing that text.
// Without one (npm test), the suites that touch the database (API, pipeline, store,
// accounts) also run on PostgreSQL (DOCDESK_TEST_DATABASE=postgres), alongside: one
// throwaway server per test file, a fresh database per data folder. With an argument, set
// DOCDESK_TEST_DATABASE=postgres yourself to run that subset on Postgres.
import { closeSync, existsSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawn, spawnSync } from 'node:child_process';

function collect(dir) {
  const out = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...collect(path));
    else if (name.endsWith('.test.js')) out.push(path);
  }
  return out;
}

const POSTGRES_SUITES = ['dist/test/api/', 'dist/test/engine/pipeline/', 'dist/test/engine/store/', 'dist/test/engine/cli/', 'dist/test/engine/ratelimit/', 'dist/test/engine/jobs/scheduling.test.js'];

function postgresInstalled() {
  const root = '/usr/lib/postgresql';
  return existsSync(root) && readdirSync(root).some((v) => existsSync(join(root, v, 'bin', 'initdb')));
}

// Safety nets for CI: a test that hangs fails after 15 minutes, and a file whose tests are
// done exits even if a test left a handle (a child process, a timer) behind: test-file-exit.js,
// not --test-force-exit, which loses the last verdicts of a file.
// Every server a test starts checks that its response schemas describe the bodies they write.
const ARGS = ['--test', '--test-concurrency=1', '--import', new URL('./test-file-exit.js', import.meta.url).href, '--test-timeout=900000'];
const testEnv = (env) => ({ ...env, DOCDESK_CHECK_SERIALIZATION: '1' });

function run(files, env = process.env) {
  const result = spawnSync(process.execPath, [...ARGS, ...files], { stdio: 'inherit', env: testEnv(env) });
  return result.status ?? 1;
}

/**
 * Starts a pass in the background with its output in a file (a pipe would fill while the
 * foreground pass blocks this process); `finish()` waits for it and prints its output.
 */
function runInBackground(files, env) {
  const dir = mkdtempSync(join(tmpdir(), 'docdesk-test-pass-'));
  const log = join(dir, 'output.txt');
  const fd = openSync(log, 'w');
  const child = spawn(process.execPath, [...ARGS, ...files], { stdio: ['ignore', fd, fd], env: testEnv(env) });
  closeSync(fd);
  const exited = new Promise((resolve) => {
    child.on('exit', (code) => resolve(code ?? 1));
    child.on('error', () => resolve(1));
  });
  return {
    async finish() {
      const code = await exited;
      process.stdout.write(readFileSync(log));
      rmSync(dir, { recursive: true, force: true });
      return code;
    },
  };
}

const filter = process.argv[2];
const all = collect('dist/test').sort();
const files = all.filter((f) => !filter || f.includes(filter));
if (files.length === 0) {
  console.error('no test files found under dist/test');
  process.exit(1);
}
const bothDatabases = !filter && !process.env.DOCDESK_TEST_DATABASE;
const withPostgres = bothDatabases && postgresInstalled();
const started = Date.now();
// The PostgreSQL pass runs alongside the first one: most of both is waiting (servers,
// child processes, time windows), and one after the other took ~34 of CI's ~45 minutes.
if (withPostgres) console.log('# the database suites on PostgreSQL run alongside this pass; their output follows it');
const pg = withPostgres ? runInBackground(all.filter((f) => POSTGRES_SUITES.some((s) => f.startsWith(s))), { ...process.env, DOCDESK_TEST_DATABASE: 'postgres' }) : null;
let status = run(files);
if (pg) {
  console.log('\n# second pass: the database suites on PostgreSQL');
  const pass = await pg.finish();
  console.log(`# PostgreSQL pass: ${pass === 0 ? 'ok' : 'FAILED'} in ${Math.round((Date.now() - started) / 1000)} s`);
  status ||= pass;
} else if (bothDatabases && process.env.CI === 'true') {
  console.error('CI=true but PostgreSQL server binaries are not installed (Debian package `postgresql`)');
  status ||= 1;
} else if (bothDatabases) {
  console.log('# PostgreSQL pass skipped: server binaries not installed (Debian package `postgresql`)');
}
process.exit(status);
