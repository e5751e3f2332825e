// Preloaded into every test file's process by scripts/run-tests.js, in place of node's
// --test-force-exit. That flag calls process.exit() as soon as the last test ends, before the
// file's report stream has reached the runner, and node 20 then silently drops the file's last
// verdicts (nodejs/node#64833): one CI run reported 2,191 of 2,216 tests, all "passing".
// Here a file exits on its own once its tests are done; only when a test left a handle open
// (a server, a child process, a timer) does it exit after a grace period, by which time the
// report has been written.
import { after } from 'node:test';

const GRACE_MS = 5000;

after(() => {
  const timer = setTimeout(() => {
    process.stderr.write(`# ${process.argv[1] ?? 'a test file'} left a handle open after its tests; exiting\n`);
    process.exit();
  }, GRACE_MS);
  timer.unref();
});
