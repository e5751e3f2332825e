// Idle memory of the whole server (engine + worker processes) and the cost of the first page
// after idle. Worker processes exit after DOCDESK_WORKER_IDLE_MS without work (set short
// here); the first document after that pays for starting one. Target: idle RSS < 300 MB.
import { rmSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { buildFixturePdf } from '../test/helpers/pdf-fixtures.js';
import { startServerProcess, upload, waitTerminal } from '../test/helpers/server.js';
import { treeRss } from './analysis.js';
import { printTable } from './table.js';

const IDLE_MS = 3_000;
const MB = 1024 * 1024;

async function analyse(url: string, token: string, pdf: Buffer): Promise<number> {
  const t = performance.now();
  const res = await upload(url, { token, file: { name: 'page.pdf', data: pdf }, fields: { processing_mode: 'analysis' } });
  const id = ((await res.json()) as { data: { id: number } }).data.id;
  await waitTerminal(url, token, id, 120_000);
  return performance.now() - t;
}

export async function benchIdle(): Promise<void> {
  const server = await startServerProcess({ env: { DOCDESK_WORKER_IDLE_MS: String(IDLE_MS) } });
  const pdf = buildFixturePdf({ pages: [{ content: 'BT /F1 14 Tf 72 760 Td (Rechnung Nr. 4711, Betrag 119,00 EUR) Tj ET' }] });
  try {
    const pid = server.proc.pid!;
    await sleep(1_000);
    const fresh = treeRss(pid);
    const cold = await analyse(server.url, server.appToken, pdf);
    const busyRss = treeRss(pid);
    const warm: number[] = [];
    for (let i = 0; i < 5; i++) warm.push(await analyse(server.url, server.appToken, pdf));
    const warmRss = treeRss(pid);
    await sleep(IDLE_MS + 2_000);
    const idleRss = treeRss(pid);
    const afterIdle = await analyse(server.url, server.appToken, pdf);
    warm.sort((a, b) => a - b);
    printTable(
      `Idle memory and the first page after idle (whole server: engine + workers; workers exit after ${IDLE_MS / 1000} s idle here, 60 s by default)`,
      ['measure', 'value', 'target'],
      [
        ['RSS after start (no worker yet)', `${(fresh / MB).toFixed(0)} MB`, ''],
        ['RSS after the first document', `${(busyRss / MB).toFixed(0)} MB`, ''],
        ['RSS warm, after 6 documents', `${(warmRss / MB).toFixed(0)} MB`, ''],
        ['RSS idle (workers exited)', `${(idleRss / MB).toFixed(0)} MB`, `< 300 MB: ${idleRss < 300 * MB ? 'met' : 'MISSED'}`],
        ['1-page analysis, first after start', `${cold.toFixed(0)} ms`, ''],
        ['1-page analysis, warm (median of 5)', `${warm[2]!.toFixed(0)} ms`, ''],
        ['1-page analysis, first after idle', `${afterIdle.toFixed(0)} ms`, `one worker start: +${(afterIdle - warm[2]!).toFixed(0)} ms`],
      ],
    );
  } finally {
    await server.stop();
    rmSync(server.dataDir, { recursive: true, force: true });
  }
}
