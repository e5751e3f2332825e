// E-invoice validation speed and memory (`BENCH_ONLY=einvoice npm run bench`): warm time per
// document of validateInvoiceXml (parse, schema checks, model, every rule of the scenario) for
// generated 100-line XRechnung invoices in UBL and CII (target < 50 ms), and over the shared
// sample XML files; heap growth per validation shows that nothing is retained.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { validateInvoiceXml } from '../engine/einvoice/index.js';
import { bytes, ciiInvoice, ublInvoice } from '../test/engine/einvoice/fixtures.js';
import { median, printTable } from './table.js';
import { samplesRoot } from '../test/helpers/samples.js';

const RUNS = Number(process.env.BENCH_EINVOICE_RUNS ?? 50);

function timeIt(xml: Uint8Array, runs: number): { median: number; p95: number } {
  for (let i = 0; i < 5; i++) validateInvoiceXml(xml); // warm-up: JIT and code-list sets
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    const q = validateInvoiceXml(xml);
    times.push(performance.now() - t);
    if (q.validation_status === 'unavailable') throw new Error('validator failed during the benchmark');
  }
  const sorted = [...times].sort((a, b) => a - b);
  return { median: median(times), p95: sorted[Math.floor(sorted.length * 0.95)]! };
}

export async function benchEinvoice(): Promise<void> {
  const rows: string[][] = [];
  const docs: Array<[string, Uint8Array]> = [
    ['UBL XRechnung, 100 lines', bytes(ublInvoice({ lines: 100 }))],
    ['CII XRechnung, 100 lines', bytes(ciiInvoice({ lines: 100 }))],
    ['UBL XRechnung, 1000 lines', bytes(ublInvoice({ lines: 1000 }))],
  ];
  for (const [label, xml] of docs) {
    const status = validateInvoiceXml(xml).assessment;
    const t = timeIt(xml, label.includes('1000') ? Math.ceil(RUNS / 5) : RUNS);
    rows.push([label, `${(xml.byteLength / 1024).toFixed(0)} KiB`, status, t.median.toFixed(2), t.p95.toFixed(2), label.includes('100 lines') ? (t.median < 50 ? 'met' : 'MISSED') : '-']);
  }
  printTable(`E-invoice validation time per document (ms, warm, ${RUNS} runs; target < 50 ms for 100 lines)`, ['document', 'size', 'assessment', 'median ms', 'p95 ms', 'target'], rows);

  const dir = join(samplesRoot(), 'einvoice');
  if (existsSync(dir)) {
    const files: string[] = [];
    for (const sub of ['valid', 'invalid', 'zugferd1']) if (existsSync(join(dir, sub))) files.push(...readdirSync(join(dir, sub)).filter((f) => f.endsWith('.xml')).map((f) => join(dir, sub, f)));
    const data = files.map((f) => new Uint8Array(readFileSync(f)));
    for (const x of data) validateInvoiceXml(x);
    const per: number[] = [];
    for (const x of data) {
      const t = performance.now();
      validateInvoiceXml(x);
      per.push(performance.now() - t);
    }
    const biggest = data.reduce((a, b) => (b.byteLength > a.byteLength ? b : a));
    const big = timeIt(biggest, 10);
    printTable('Shared sample XML files (warm, one pass)', ['files', 'median ms', 'max ms', 'largest file', 'largest median ms'], [
      [String(data.length), median(per).toFixed(2), Math.max(...per).toFixed(2), `${(biggest.byteLength / 1024).toFixed(0)} KiB`, big.median.toFixed(2)],
    ]);
  }

  // Memory: heap after many validations of the 100-line invoice (nothing must accumulate).
  const xml = bytes(ublInvoice({ lines: 100 }));
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  const before = process.memoryUsage();
  for (let i = 0; i < 500; i++) validateInvoiceXml(xml);
  gc?.();
  const after = process.memoryUsage();
  const mib = (n: number) => (n / 1024 / 1024).toFixed(1);
  printTable(`Memory around 500 validations of the 100-line UBL invoice${gc ? '' : ' (run node with --expose-gc for exact heap figures)'}`, ['heap before MiB', 'heap after MiB', 'growth MiB', 'RSS MiB'], [
    [mib(before.heapUsed), mib(after.heapUsed), mib(after.heapUsed - before.heapUsed), mib(after.rss)],
  ]);
}
