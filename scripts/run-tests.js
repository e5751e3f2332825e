#!/usr/bin/env node
// Runs every compiled test file (dist/test/**/*.test.js) with node's own test runner.
// An optional argument narrows the run to paths containing that text.
// Without one (npm test), the suites that touch the database (API, pipeline, store,
// accounts) then run a second time on PostgreSQL (DOCDESK_TEST_DATABASE=postgres): one
// throwaway server per test file, a fresh database per data folder. With an argument, set
// DOCDESK_TEST_DATABASE=postgres yourself to run that subset on Postgres.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';

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
// done exits even if a failed test left a handle (a child process, a timer) behind.
// Every server a test starts checks that its response schemas describe the bodies they write.
function run(files, env = process.env) {
  const result = spawnSync(process.execPath, ['--test', '--test-concurrency=1', '--test-force-exit', '--test-timeout=900000', ...files], { stdio: 'inherit', env: { ...env, DOCDESK_CHECK_SERIALIZATION: '1' } });
  return result.status ?? 1;
}

const filter = process.argv[2];
const all = collect('dist/test').sort();
const files = all.filter((f) => !filter || f.includes(filter));
if (files.length === 0) {
  console.error('no test files found under dist/test');
  process.exit(1);
}
let status = run(files);
if (!filter && !process.env.DOCDESK_TEST_DATABASE) {
  if (postgresInstalled()) {
    const started = Date.now();
    console.log('\n# second pass: the database suites on PostgreSQL');
    const pass = run(all.filter((f) => POSTGRES_SUITES.some((s) => f.startsWith(s))), { ...process.env, DOCDESK_TEST_DATABASE: 'postgres' });
    console.log(`# PostgreSQL pass: ${pass === 0 ? 'ok' : 'FAILED'} in ${Math.round((Date.now() - started) / 1000)} s`);
    status ||= pass;
  } else if (process.env.CI === 'true') {
    console.error('CI=true but PostgreSQL server binaries are not installed (Debian package `postgresql`)');
    status ||= 1;
  } else {
    console.log('# PostgreSQL pass skipped: server binaries not installed (Debian package `postgresql`)');
  }
}
process.exit(status);
