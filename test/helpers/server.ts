// Starts a real `docdesk serve` process on a random port with a temporary data folder,
// and runs real CLI commands against the same folder.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { after, before } from 'node:test';
import { testDatabaseEnv } from './database.js';

export const REPO_ROOT = resolve(new URL('../../..', import.meta.url).pathname);
const BIN = join(REPO_ROOT, 'bin', 'docdesk.js');

export function tempDataDir(prefix = 'docdesk-test-'): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

export interface ServerProcess {
  url: string;
  dataDir: string;
  proc: ChildProcess;
  appToken: string;
  /** The one-time browser sign-in link `docdesk serve` printed. */
  signinUrl: string;
  /** stderr collected so far (for diagnostics). */
  stderr(): string;
  /** SIGTERM and wait for exit. */
  stop(): Promise<void>;
  /** SIGKILL: a crash, no cleanup. */
  kill(): Promise<void>;
}

export async function startServerProcess(opts: { dataDir?: string; env?: Record<string, string>; concurrency?: number; extraArgs?: string[] } = {}): Promise<ServerProcess> {
  const dataDir = opts.dataDir ?? tempDataDir();
  const proc = spawn(process.execPath, [BIN, 'serve', '--data-dir', dataDir, '--port', '0', '--json', ...(opts.extraArgs ?? [])], {
    env: { ...process.env, ...testDatabaseEnv(dataDir), ...(opts.env ?? {}) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  proc.stderr!.on('data', (d) => (stderr += d.toString()));
  const exited = new Promise<void>((r) => proc.once('exit', () => r()));
  const { listening: url, signin_url: signinUrl } = await new Promise<{ listening: string; signin_url: string }>((resolvePromise, reject) => {
    const rl = createInterface({ input: proc.stdout! });
    const timer = setTimeout(() => reject(new Error(`server did not start in time: ${stderr}`)), 30_000);
    rl.once('line', (line) => {
      clearTimeout(timer);
      try {
        resolvePromise(JSON.parse(line) as { listening: string; signin_url: string });
      } catch {
        reject(new Error(`unexpected first line: ${line} ${stderr}`));
      }
    });
    proc.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}: ${stderr}`));
    });
  });
  const appToken = readFileSync(join(dataDir, 'app-token.txt'), 'utf8').trim();
  return {
    url,
    dataDir,
    proc,
    appToken,
    signinUrl,
    stderr: () => stderr,
    async stop() {
      if (proc.exitCode === null) proc.kill('SIGTERM');
      await exited;
    },
    async kill() {
      if (proc.exitCode === null) proc.kill('SIGKILL');
      await exited;
    },
  };
}

/** Runs `docdesk <args> --data-dir DIR --json` and returns the parsed JSON output. */
export function cli<T = any>(dataDir: string, args: string[]): T {
  const res = spawnSync(process.execPath, [BIN, ...args, '--data-dir', dataDir, '--json'], { encoding: 'utf8', env: { ...process.env, ...testDatabaseEnv(dataDir) } });
  if (res.status !== 0) throw new Error(`docdesk ${args.join(' ')} failed (${res.status}): ${res.stderr}`);
  return JSON.parse(res.stdout.trim().split('\n').pop()!) as T;
}

export function cliRaw(dataDir: string, args: string[]) {
  return spawnSync(process.execPath, [BIN, ...args, '--data-dir', dataDir], { encoding: 'utf8', env: { ...process.env, ...testDatabaseEnv(dataDir) } });
}

export function removeDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}

/** A new account with a token of the given abilities (CLI, like an operator would). */
export function createAccountWithToken(dataDir: string, opts: { name?: string; credits?: number; mode?: 'live' | 'test'; abilities?: string; extra?: string[] } = {}) {
  const account = cli(dataDir, ['account', 'create', '--name', opts.name ?? 'Test workspace', '--credits', String(opts.credits ?? 100), ...(opts.extra ?? [])]);
  const token = cli(dataDir, ['token', 'create', '--account', String(account.id), '--mode', opts.mode ?? 'live', '--abilities', opts.abilities ?? 'documents:read,documents:write,extractions:review']);
  return { accountId: account.id as number, token: token.token as string, tokenId: token.id as number };
}

export interface UploadOptions {
  token: string;
  file?: { name: string; data: Buffer | Uint8Array; type?: string } | null;
  fields?: Record<string, string | string[]>;
  key?: string | null;
  headers?: Record<string, string>;
}

/** POSTs a real multipart upload. */
export async function upload(url: string, opts: UploadOptions): Promise<Response> {
  const form = new FormData();
  for (const [k, v] of Object.entries(opts.fields ?? {})) for (const item of Array.isArray(v) ? v : [v]) form.append(k, item);
  if (opts.file !== null) {
    const f = opts.file ?? { name: 'doc.pdf', data: Buffer.from('%PDF-1.4\n%%EOF\n') };
    form.append('file', new Blob([new Uint8Array(f.data)], { type: f.type ?? 'application/octet-stream' }), f.name);
  }
  const headers: Record<string, string> = { Authorization: `Bearer ${opts.token}`, ...(opts.headers ?? {}) };
  if (opts.key !== null) headers['Idempotency-Key'] = opts.key ?? `key-${Math.random().toString(36).slice(2)}`;
  return fetch(`${url}/api/v1/documents`, { method: 'POST', body: form, headers });
}

export async function getJson(url: string, path: string, token: string | null, headers: Record<string, string> = {}): Promise<{ status: number; body: any; headers: Headers }> {
  const res = await fetch(`${url}${path}`, { headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), ...headers } });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null, headers: res.headers };
}

/** Polls a document until it is terminal. */
export async function waitTerminal(url: string, token: string, id: number, timeoutMs = 60_000): Promise<any> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { status, body, headers } = await getJson(url, `/api/v1/documents/${id}`, token);
    if (body?.data && ['completed', 'error', 'blocked'].includes(body.data.status)) return body.data;
    if (Date.now() > deadline) throw new Error(`document ${id} not terminal after ${timeoutMs} ms: ${JSON.stringify(body)}`);
    const wait = status === 429 ? Number(headers.get('retry-after') ?? 1) * 1000 : 150;
    await new Promise((r) => setTimeout(r, wait));
  }
}

export interface SuiteServer {
  dataDir: string;
  server: ServerProcess;
  /** Stops the server (or kills it, like a crash) and starts a new one on the same data folder. */
  restart(how?: 'stop' | 'kill'): Promise<ServerProcess>;
}

/**
 * One real server per test suite on its own data folder: started before the suite's
 * tests, stopped and removed after them. Call inside `describe`.
 */
export function serverForSuite(opts: { env?: Record<string, string> } = {}): SuiteServer {
  const suite = {} as SuiteServer;
  before(async () => {
    suite.dataDir = tempDataDir();
    suite.server = await startServerProcess({ dataDir: suite.dataDir, env: opts.env });
  });
  after(async () => {
    await suite.server?.stop();
    removeDir(suite.dataDir);
  });
  suite.restart = async (how = 'stop') => {
    await (how === 'kill' ? suite.server.kill() : suite.server.stop());
    suite.server = await startServerProcess({ dataDir: suite.dataDir, env: opts.env });
    return suite.server;
  };
  return suite;
}
