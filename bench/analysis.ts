// Peak memory while analysing a long scanned PDF (target < 1.5 GiB): the engine and its
// worker processes together, sampled from /proc while the document is processed.
import { readFileSync, readdirSync, rmSync } from 'node:fs';
import sharp from 'sharp';
import { buildFixturePdf, type FixturePage } from '../test/helpers/pdf-fixtures.js';
import { startServerProcess, upload, waitTerminal } from '../test/helpers/server.js';
import { textImagePng } from '../test/helpers/text-image.js';

async function scannedPage(n: number): Promise<Buffer> {
  const lines = Array.from({ length: 40 }, (_, line) => `Seite ${n} Zeile ${line + 1}: Verbrauch ${(line * 37.5).toFixed(2)} kWh, Gebühr ${(line * 1.25).toFixed(2)} EUR`);
  const png = textImagePng(lines, { width: 1240, height: 1754, fontSize: 26, lineHeight: 38, background: '#f4f4f0' });
  return sharp(png).greyscale().jpeg({ quality: 75 }).toBuffer();
}

/** Resident memory of a process and all its descendants (Linux /proc). */
export function treeRss(pid: number): number {
  const children = new Map<number, number[]>();
  let rss = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const ppid = Number(fields[1]);
      (children.get(ppid) ?? children.set(ppid, []).get(ppid)!).push(Number(entry));
    } catch {
      /* the process ended */
    }
  }
  const stack = [pid];
  while (stack.length) {
    const p = stack.pop()!;
    try {
      const status = readFileSync(`/proc/${p}/status`, 'utf8');
      rss += Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
    } catch {
      /* gone */
    }
    stack.push(...(children.get(p) ?? []));
  }
  return rss;
}

export async function benchAnalysisMemory(pages = Number(process.env.BENCH_SCANNED_PAGES ?? 200)): Promise<{ pages: number; seconds: number; peakBytes: number; status: string }> {
  const images = await Promise.all([1, 2, 3, 4, 5].map(scannedPage));
  const fixturePages: FixturePage[] = Array.from({ length: pages }, (_, i) => ({ content: 'q 595 0 0 842 0 0 cm /Im1 Do Q', images: [{ name: 'Im1', width: 1240, height: 1754, jpeg: images[i % images.length]!, channels: 1 }] }));
  const pdf = buildFixturePdf({ pages: fixturePages });
  const server = await startServerProcess();
  let peak = 0;
  const timer = setInterval(() => (peak = Math.max(peak, treeRss(server.proc.pid!))), 250);
  try {
    const started = performance.now();
    const res = await upload(server.url, { token: server.appToken, file: { name: 'scanned.pdf', data: pdf }, fields: { processing_mode: 'analysis' } });
    const id = ((await res.json()) as any).data.id as number;
    const doc = await waitTerminal(server.url, server.appToken, id, 6 * 3600_000);
    return { pages, seconds: (performance.now() - started) / 1000, peakBytes: peak, status: doc.status };
  } finally {
    clearInterval(timer);
    await server.stop();
    rmSync(server.dataDir, { recursive: true, force: true });
  }
}
