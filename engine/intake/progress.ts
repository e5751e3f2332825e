// Import progress on stderr: a redrawn bar with counts and throughput on a terminal, one
// plain line per file otherwise (logs, pipes, CI). stdout stays free for --json.
import type { ImportCounters, ItemResult } from './importer.js';

export interface ProgressSink {
  item(r: ItemResult, c: ImportCounters): void;
  processing(done: number, total: number): void;
  note(text: string): void;
  end(): void;
}

const mb = (bytes: number) => (bytes / 1048576).toFixed(1);

export function throughput(c: ImportCounters, now = Date.now()): { filesPerSecond: number; mbPerSecond: number } {
  const seconds = Math.max(0.001, (now - c.startedAt) / 1000);
  return { filesPerSecond: c.done / seconds, mbPerSecond: c.bytes / 1048576 / seconds };
}

export function summaryLine(c: ImportCounters): string {
  const t = throughput(c);
  return `${c.done}/${c.total} files · imported ${c.imported} · skipped ${c.skipped} · failed ${c.failed} · ${t.filesPerSecond.toFixed(1)} files/s · ${t.mbPerSecond.toFixed(2)} MB/s`;
}

export function progressSink(stream: NodeJS.WriteStream = process.stderr, tty = Boolean(stream.isTTY)): ProgressSink {
  let lastDraw = 0;
  let drawn = false;
  const draw = (line: string, force = false) => {
    const now = Date.now();
    if (!force && now - lastDraw < 100) return;
    lastDraw = now;
    const width = Math.max(20, (stream.columns ?? 100) - 1);
    stream.write(`\r\x1b[2K${line.slice(0, width)}`);
    drawn = true;
  };
  const bar = (done: number, total: number) => {
    const cells = 24;
    const filled = total ? Math.round((done / total) * cells) : cells;
    return `[${'#'.repeat(filled)}${'-'.repeat(cells - filled)}]`;
  };
  const clear = () => {
    if (drawn) stream.write('\r\x1b[2K');
    drawn = false;
  };
  return {
    item(r, c) {
      if (tty) {
        if (r.status === 'failed') {
          clear();
          stream.write(`failed    ${r.path}: ${r.message ?? r.reason}\n`);
        }
        draw(`${bar(c.done, c.total)} ${summaryLine(c)} · ${mb(c.bytes)} MB`, c.done === c.total);
      } else {
        const what = r.status === 'failed' ? `${r.reason}${r.message ? `: ${r.message}` : ''}` : r.document_id !== null ? `document ${r.document_id}` : (r.message ?? '');
        stream.write(`${r.status.padEnd(9)} ${r.path} ${what} (${c.done}/${c.total})\n`);
      }
    },
    processing(done, total) {
      if (tty) draw(`${bar(done, total)} processing ${done}/${total} documents`, done === total);
      else stream.write(`processed ${done}/${total}\n`);
    },
    note(text) {
      clear();
      stream.write(`${text}\n`);
    },
    end() {
      if (drawn) stream.write('\n');
      drawn = false;
    },
  };
}

/** For --json without a terminal: nothing but the final document on stdout, nothing on stderr per file. */
export const silentSink: ProgressSink = { item() {}, processing() {}, note() {}, end() {} };
