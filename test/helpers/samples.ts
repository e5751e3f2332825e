// Where the shared sample sets are: `DOCDESK_SAMPLES`, else `../shared/samples` beside the
// repository, else the workstation layout the maintainers' machines use (`/work/shared`, for
// a checkout that sits elsewhere, e.g. a fresh clone in /tmp). On a user's clone without them the tests that need them skip with a reason;
// under CI (`CI=true`) a missing set fails the run, so a green CI proves the sample figures.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** dist/test/helpers → the repository (kept free of the server helper so benches can use it). */
const REPO_ROOT = resolve(new URL('../../..', import.meta.url).pathname);

export type SampleSet = 'einvoice' | 'energy' | 'invoices';

const WORKSTATION_SAMPLES = '/work/shared/samples';

export function samplesRoot(): string {
  if (process.env.DOCDESK_SAMPLES) return process.env.DOCDESK_SAMPLES;
  const beside = join(REPO_ROOT, '..', 'shared', 'samples');
  return existsSync(beside) || !existsSync(WORKSTATION_SAMPLES) ? beside : WORKSTATION_SAMPLES;
}

/** The folder of one sample set, or null when it is not on this machine. */
export function sampleSet(set: SampleSet): string | null {
  const dir = join(samplesRoot(), set);
  return existsSync(dir) ? dir : null;
}

/**
 * The `skip` option for a suite that needs `set`: false when present; a reason when absent
 * on a user's clone; throws under CI so the run fails instead of skipping quietly.
 */
export function skipUnlessSamples(set: SampleSet): false | string {
  if (sampleSet(set)) return false;
  const reason = `the shared samples (${join(samplesRoot(), set)}) are not on this machine; set DOCDESK_SAMPLES`;
  if (process.env.CI === 'true') throw new Error(`CI=true but ${reason}`);
  return reason;
}

/** The path of one sample file; under CI a missing file is an error, elsewhere the caller skips. */
export function samplePath(set: SampleSet, ...parts: string[]): string {
  return join(samplesRoot(), set, ...parts);
}
