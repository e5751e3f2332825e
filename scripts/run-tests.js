#!/usr/bin/env node
// Runs every compiled test file (dist/test/**/*.test.js) with node's own test runner.
// An optional argument narrows the run to paths containing that text.
import { readdirSync, statSync } from 'node:fs';
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

const filter = process.argv[2];
const files = collect('dist/test').filter((f) => !filter || f.includes(filter)).sort();
if (files.length === 0) {
  console.error('no test files found under dist/test');
  process.exit(1);
}
// Safety nets for CI: a test that hangs fails after 15 minutes, and a file whose tests are
// done exits even if a failed test left a handle (a child process, a timer) behind.
// Every server a test starts checks that its response schemas describe the bodies they write.
const env = { ...process.env, DOCDESK_CHECK_SERIALIZATION: '1' };
const result = spawnSync(process.execPath, ['--test', '--test-concurrency=1', '--test-force-exit', '--test-timeout=900000', ...files], { stdio: 'inherit', env });
process.exit(result.status ?? 1);
