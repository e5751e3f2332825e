// Every reader under a seeded mutation fuzzer (issue 15 item 7), a few seconds each in
// `npm test`; longer with DOCDESK_FUZZ_SECONDS=N, another sequence with DOCDESK_FUZZ_SEED=N.
// Seeds: small files of the shared samples plus generated fixtures. A crash (worker process
// died) or a hang (task timeout) fails the test and leaves the input in the printed folder.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { TaskError, WorkerPool } from '../../../engine/jobs/worker-pool.js';
import { buildDocx, buildEml, buildMsg, buildPdf, buildRichEml, buildXml } from '../../helpers/fixtures.js';
import { fuzz, fuzzSeconds, fuzzSeed, type FuzzTarget } from '../../helpers/fuzz.js';
import { buildGreyTiff, hostilePdf } from '../../helpers/hostile-fixtures.js';
import { sampleSet } from '../../helpers/samples.js';
import { REPO_ROOT, removeDir, tempDataDir } from '../../helpers/server.js';

/** Up to `count` of the smallest files with `ext` in a sample set (never the reserved folders). */
function sampleSeeds(set: 'einvoice' | 'invoices' | 'energy', ext: string, count: number, maxBytes: number): Buffer[] {
  const root = sampleSet(set);
  if (!root) return [];
  const files: Array<{ path: string; size: number }> = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const path = join(dir, name);
      if (/ZUGFeRDv2[\\/]correct|tests[\\/]compare/.test(path)) continue;
      const st = statSync(path);
      if (st.isDirectory()) walk(path);
      else if (name.toLowerCase().endsWith(ext) && st.size <= maxBytes) files.push({ path, size: st.size });
    }
  };
  walk(root);
  return files.sort((a, b) => a.size - b.size || a.path.localeCompare(b.path)).slice(0, count).map((f) => readFileSync(f.path));
}

describe('reader fuzzing', () => {
  let dir: string;
  let pool: WorkerPool;
  const seconds = fuzzSeconds();
  const seed = fuzzSeed();
  before(() => {
    dir = tempDataDir('docdesk-fuzz-');
    // ClamAV is not what is fuzzed here; the scanner's own rules are.
    process.env.DOCDESK_CLAMAV = 'off';
    pool = new WorkerPool(new URL('../../../engine/pipeline/worker-entry.js', import.meta.url), 2);
  });
  after(async () => {
    await pool.close();
    removeDir(dir);
  });

  const run = async (target: FuzzTarget) => {
    assert.ok(target.seeds.length > 0);
    const report = await fuzz(pool, target, { dir: join(dir, target.name), seconds, seed, timeoutMs: 20_000 });
    const severe = report.findings.filter((f) => f.kind !== 'internal');
    const internal = report.findings.filter((f) => f.kind === 'internal');
    const summary = `${target.name}: ${report.runs} inputs (seed ${seed}), ${report.rejected} refused with a clear error, ${internal.length} technical failures, ${severe.length} crashes/hangs`;
    console.log(summary);
    for (const f of report.findings.slice(0, 5)) console.log(`  ${f.kind}: ${f.message} (${f.file})`);
    assert.ok(report.runs > 0);
    assert.deepEqual(severe, [], summary);
  };

  it('regressions: every input the fuzzer once hung or crashed on ends in a clear error', async () => {
    const folder = join(REPO_ROOT, 'test', 'engine', 'fuzz', 'regressions');
    // msg-fat-loop.msg: a FAT chain loop that spun msgreader forever (seed 12345).
    for (const name of readdirSync(folder).sort()) {
      const path = join(folder, name);
      const format = name.endsWith('.msg') ? 'msg' : 'eml';
      await assert.rejects(pool.run({ kind: 'email.read', path, format, attachments_dir: join(dir, `${name}.att`) }, 20_000), (err: Error) => err instanceof TaskError && err.failure.userFacing, name);
      await pool.run({ kind: 'scan', path }, 20_000);
    }
  });

  const pdfSeeds = () => [...sampleSeeds('einvoice', '.pdf', 2, 400_000), ...sampleSeeds('invoices', '.pdf', 1, 400_000), buildPdf({ pages: 2, text: 'Rechnung 4711' }), hostilePdf('/OpenAction [3 0 R /Fit]')];

  it('detection and the upload scanner rules', () =>
    run({ name: 'scan', seeds: [...pdfSeeds(), Buffer.from(buildDocx({ heading: 'R', paragraphs: ['x'] })), buildEml(), buildXml('ubl') as unknown as Buffer].map((b) => Buffer.from(b)), tasks: (path) => [{ kind: 'scan', path }] }));

  it('PDF', () => run({ name: 'pdf', seeds: pdfSeeds(), tasks: (path) => [{ kind: 'pdf.info', path }, { kind: 'pdf.page', path, page: 1, physical_page: 1, component_ref: 'main', visual: false, preview_path: null }] }));

  it('EML and MSG', () =>
    run({
      name: 'email',
      seeds: [buildEml(), buildRichEml({ text: 'Anbei', html: '<p>Anbei</p>', attachments: [{ filename: 'r.xml', data: Buffer.from(buildXml('ubl')) }] }), buildMsg()].map((b) => Buffer.from(b)),
      tasks: (path) => [{ kind: 'email.read', path, format: readFileSync(path).subarray(0, 4).equals(Buffer.from([0xd0, 0xcf, 0x11, 0xe0])) ? 'msg' : 'eml', attachments_dir: `${path}.att` }],
    }));

  it('XML and e-invoices', () =>
    run({ name: 'xml', seeds: [...sampleSeeds('einvoice', '.xml', 4, 40_000), Buffer.from(buildXml('ubl')), Buffer.from(buildXml('plain'))], tasks: (path) => [{ kind: 'xml.read', path }, { kind: 'einvoice.detect', path, format: 'xml', filename: 'invoice.xml' }] }));

  it('DOCX', () => run({ name: 'docx', seeds: [Buffer.from(buildDocx({ heading: 'Rechnung', paragraphs: ['Betrag 12,00 EUR', 'IBAN DE89 3704 0044 0532 0130 00'] }))], tasks: (path) => [{ kind: 'docx.read', path }] }));

  it('images and TIFF', async () => {
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#336699' } }).png().toBuffer();
    const jpg = await sharp(png).jpeg().toBuffer();
    const tiff = buildGreyTiff([{ width: 20, height: 20, grey: Buffer.alloc(400, 128) }, { width: 1, height: 1, grey: Buffer.from([0]) }]);
    await run({
      name: 'image',
      seeds: [png, jpg, tiff],
      tasks: (path) => {
        const head = readFileSync(path).subarray(0, 2).toString('latin1');
        const format = head === 'II' || head === 'MM' ? 'tiff' : head === '\x89P' ? 'png' : 'jpg';
        return [{ kind: 'image.count', path, format }, { kind: 'image.page', path, format, index: 0, physical_page: 1, component_ref: 'main', visual: false, preview_path: null }];
      },
    });
  });
});
