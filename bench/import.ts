// Import throughput (`BENCH_ONLY=import npm run bench`): `docdesk import` of 200 files in
// thumbnail mode into a fresh data folder, with --wait (this process processes them: no
// server runs), then the same folder again (everything skipped by its content key).
// The import's own progress output is passed through (a bar on a terminal, lines otherwise).
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { pdfBytes } from '../test/api/support.js';
import { REPO_ROOT } from '../test/helpers/server.js';
import { printTable } from './table.js';

async function makeFolder(dir: string, count: number): Promise<number> {
  let bytes = 0;
  for (let i = 0; i < count; i++) {
    const sub = join(dir, `batch-${Math.floor(i / 50)}`);
    mkdirSync(sub, { recursive: true });
    let data: Buffer;
    if (i % 4 === 0) data = await sharp({ create: { width: 1240 + i, height: 1754, channels: 3, background: { r: 250, g: 250, b: 245 - (i % 50) } } }).png().toBuffer();
    else if (i % 4 === 1) data = await sharp({ create: { width: 1240, height: 1754 + i, channels: 3, background: { r: 240, g: 240 - (i % 50), b: 250 } } }).jpeg({ quality: 80 }).toBuffer();
    else data = pdfBytes(1 + (i % 5), `Bench import document ${i}`);
    writeFileSync(join(sub, `doc-${i}.${i % 4 === 0 ? 'png' : i % 4 === 1 ? 'jpg' : 'pdf'}`), data);
    bytes += data.length;
  }
  return bytes;
}

function runImport(dataDir: string, folder: string, extra: string[]): Promise<{ seconds: number; result: any; code: number | null }> {
  const started = process.hrtime.bigint();
  return new Promise((resolve) => {
    const proc = spawn(process.execPath, [join(REPO_ROOT, 'bin', 'docdesk.js'), 'import', folder, '--mode', 'thumbnail', '--json', '--data-dir', dataDir, ...extra], { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, DOCDESK_PROGRESS: 'bar' } });
    let out = '';
    proc.stdout!.on('data', (d) => (out += d));
    proc.once('exit', (code) => resolve({ seconds: Number(process.hrtime.bigint() - started) / 1e9, result: JSON.parse(out.trim().split('\n').pop() ?? '{}'), code }));
  });
}

export async function benchImport(count = Number(process.env.BENCH_IMPORT_FILES ?? 200)): Promise<void> {
  const root = mkdtempSync(join(tmpdir(), 'docdesk-bench-import-'));
  try {
    const folder = join(root, 'inbox');
    const bytes = await makeFolder(folder, count);
    const dataDir = join(root, 'data');
    console.log(`\nImporting ${count} files (${(bytes / 1048576).toFixed(1)} MB) in thumbnail mode; progress follows.`);
    const first = await runImport(dataDir, folder, ['--wait']);
    const second = await runImport(dataDir, folder, []);
    const row = (label: string, r: typeof first, processed: boolean) => [
      label,
      String(r.result.imported),
      String(r.result.skipped),
      String(r.result.failed),
      r.result.files_per_second.toFixed(1),
      r.seconds.toFixed(1),
      processed ? (count / r.seconds).toFixed(1) : '-',
      String(r.code),
    ];
    printTable(`docdesk import of ${count} files, thumbnail mode (upload rate = upload phase only; wall = process start to exit)`, ['run', 'imported', 'skipped', 'failed', 'upload files/s', 'wall s', 'processed docs/s', 'exit'], [
      row('first, --wait (processed in the importing process)', first, true),
      row('again (content keys: nothing new)', second, false),
    ]);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}
