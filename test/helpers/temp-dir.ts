// A temporary folder for the tests of one file (or of the suite that asks for it), removed
// once they are done.
import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after } from 'node:test';

export function tempDirForTests(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  after(() => rm(dir, { recursive: true, force: true }));
  return dir;
}
