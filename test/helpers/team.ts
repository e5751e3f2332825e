// The team-server shape as real processes: `docdesk serve --no-workers` API processes and
// `docdesk worker` processes over one database, plus a local webhook receiver. Used by the
// multi-process test and the team bench.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { REPO_ROOT } from './server.js';

export interface WorkerProcess {
  proc: ChildProcess;
  pid: number;
  stderr(): string;
  /** SIGTERM; resolves with the exit code once it exited. */
  stop(): Promise<number | null>;
  /** SIGKILL: a crash. */
  kill(): Promise<void>;
}

export async function startWorkerProcess(dataDir: string, env: Record<string, string> = {}, concurrency = 1): Promise<WorkerProcess> {
  const proc = spawn(process.execPath, [join(REPO_ROOT, 'bin', 'docdesk.js'), 'worker', '--data-dir', dataDir, '--concurrency', String(concurrency), '--json'], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  proc.stderr!.on('data', (d) => (stderr += d.toString()));
  const exited = new Promise<number | null>((r) => proc.once('exit', (code) => r(code)));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`worker did not start: ${stderr}`)), 30_000);
    createInterface({ input: proc.stdout! }).once('line', (line) => {
      clearTimeout(timer);
      if (JSON.parse(line).pid === proc.pid) resolve();
      else reject(new Error(`unexpected first line: ${line}`));
    });
    proc.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`worker exited with ${code}: ${stderr}`));
    });
  });
  return {
    proc,
    pid: proc.pid!,
    stderr: () => stderr,
    async stop() {
      if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGTERM');
      return exited;
    },
    async kill() {
      if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGKILL');
      await exited;
    },
  };
}

export interface ReceivedWebhook {
  delivery: string;
  event: string;
  documentId: number;
  /** When it arrived (ms since the epoch). */
  at: number;
}

export interface WebhookReceiver {
  url: string;
  received: ReceivedWebhook[];
  close(): Promise<void>;
}

/** A local HTTP receiver that records every webhook it is sent and answers 204. */
export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (d) => (body += d));
    req.on('end', () => {
      const parsed = JSON.parse(body) as { id: string; event: string; data: { document: { id: number } } };
      received.push({ delivery: String(req.headers['x-delivery']), event: parsed.event, documentId: parsed.data.document.id, at: Date.now() });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}/hook`,
    received,
    close: () => new Promise((r) => server.close(() => r())),
  };
}
