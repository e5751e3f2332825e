// scripts/test-file-exit.js: how `npm test` ends a test file. It replaced --test-force-exit, which on
// node 20 can exit a file before its report reaches the runner, so the run silently counts fewer tests.
// These run node's test runner on files written here, the way scripts/run-tests.js does.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const PRELOAD = new URL('../../../scripts/test-file-exit.js', import.meta.url).href;

function runFiles(files: Record<string, string>): { status: number | null; output: string } {
  const dir = mkdtempSync(join(tmpdir(), 'docdesk-test-exit-'));
  try {
    for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
    const result = spawnSync(
      process.execPath,
      ['--test', '--test-concurrency=1', '--import', PRELOAD, ...Object.keys(files).map((n) => join(dir, n))],
      // Without NODE_TEST_CONTEXT, which this file's own runner set: the inner run reports as a top-level one.
      { encoding: 'utf8', timeout: 120_000, env: { ...process.env, NODE_TEST_CONTEXT: undefined } },
    );
    return { status: result.status, output: `${result.stdout}${result.stderr}` };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const count = (output: string, key: string): number => Number(new RegExp(`^# ${key} (\\d+)$`, 'm').exec(output)?.[1] ?? NaN);

const MANY = `import { describe, test } from 'node:test';
describe('many', () => { for (let i = 0; i < 400; i++) test('case ' + i + ' ' + 'x'.repeat(300), () => {}); });
describe('last', () => { test('the last verdict of the file', () => {}); });
`;

describe('ending a test file (scripts/test-file-exit.js)', () => {
  it('reports every verdict of files with many tests', () => {
    const { status, output } = runFiles({ 'a.test.mjs': MANY, 'b.test.mjs': MANY, 'c.test.mjs': MANY });
    assert.equal(status, 0);
    assert.equal(count(output, 'tests'), 3 * 401);
    assert.equal(count(output, 'pass'), 3 * 401);
  });

  it('ends a file whose test left a handle open, keeping its verdicts and its failure', () => {
    const { status, output } = runFiles({
      'leak.test.mjs': `import { test } from 'node:test';
test('leaves an interval running', () => { setInterval(() => {}, 1000); });
test('fails', () => { throw new Error('the failure that must be reported'); });
`,
      'after.test.mjs': `import { test } from 'node:test';\ntest('the next file still runs', () => {});\n`,
    });
    assert.equal(status, 1);
    assert.equal(count(output, 'tests'), 3);
    assert.equal(count(output, 'fail'), 1);
    assert.match(output, /the failure that must be reported/);
    assert.match(output, /leak\.test\.mjs left a handle open after its tests/);
  });
});
