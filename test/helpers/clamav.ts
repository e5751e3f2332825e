// ClamAV in the tests: Debian's package has no signatures here, so tests write their own
// signature file and point clamscan at it (`-d FILE`, DOCDESK_CLAMAV_DATABASE).
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The marker our own test signature matches (an EICAR-like test string, not malware). */
export const TEST_SIGNATURE_TEXT = 'DOCDESK-CLAMAV-TEST-MARKER-7f3a';

export function writeTestSignatures(dir: string): string {
  const path = join(dir, 'docdesk-test.ndb');
  writeFileSync(path, `Docdesk.Test.Marker:0:*:${Buffer.from(TEST_SIGNATURE_TEXT).toString('hex')}\n`);
  return path;
}

/** Skip reason when clamscan is missing on a user's machine; under CI=true a failure instead. */
export function clamscanSkip(): false | string {
  if (spawnSync('clamscan', ['--version']).status === 0) return false;
  if (process.env.CI === 'true') throw new Error('CI=true but clamscan is not installed (.ci/run installs clamav)');
  return 'clamscan is not installed (apt-get install clamav)';
}
