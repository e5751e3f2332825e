// ClamAV, when the machine has it: the clamd socket first (signatures stay loaded), else one
// `clamscan` run per upload. Configuration (docs/security.md, "Upload scanner"):
//   DOCDESK_CLAMAV=off            never use ClamAV
//   DOCDESK_CLAMD_SOCKET=PATH     clamd's local socket (default: Debian's, when it exists)
//   DOCDESK_CLAMSCAN=PATH         the clamscan binary (default: clamscan on PATH)
//   DOCDESK_CLAMAV_DATABASE=PATH  a signature file or folder, passed as `clamscan -d PATH`
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import { connect } from 'node:net';
import { basename } from 'node:path';

export interface ClamavConfig {
  enabled: boolean;
  socket: string | null;
  clamscan: string;
  database: string | null;
}

export type ClamavVerdict =
  | { available: false; reason: string }
  /** `provider` names the engine and signature version; `signature` is set when infected. */
  | { available: true; provider: string; signature: string | null };

const DEFAULT_SOCKETS = ['/run/clamav/clamd.ctl', '/var/run/clamav/clamd.ctl'];
const CLAMSCAN_TIMEOUT_MS = 90_000;

export function clamavConfigFromEnv(env: NodeJS.ProcessEnv = process.env): ClamavConfig {
  return {
    enabled: env.DOCDESK_CLAMAV !== 'off',
    socket: env.DOCDESK_CLAMD_SOCKET || DEFAULT_SOCKETS.find((p) => existsSync(p)) || null,
    clamscan: env.DOCDESK_CLAMSCAN || 'clamscan',
    database: env.DOCDESK_CLAMAV_DATABASE || null,
  };
}

export async function clamavScan(path: string, cfg: ClamavConfig): Promise<ClamavVerdict> {
  if (!cfg.enabled) return { available: false, reason: 'ClamAV is switched off (DOCDESK_CLAMAV=off)' };
  if (cfg.socket) {
    const viaDaemon = await clamdScan(path, cfg.socket).catch(() => null);
    if (viaDaemon) return viaDaemon;
  }
  return clamscan(path, cfg);
}

// ---- clamd (INSTREAM over the local socket) -----------------------------------------------

function clamdCommand(socket: string, command: string, body?: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const conn = connect(socket);
    let reply = '';
    conn.setTimeout(CLAMSCAN_TIMEOUT_MS, () => conn.destroy(new Error('clamd timed out')));
    conn.on('data', (d) => (reply += d.toString('utf8')));
    conn.on('end', () => resolve(reply.replace(/\0+$/, '').trim()));
    conn.on('error', reject);
    conn.on('connect', () => {
      conn.write(`z${command}\0`);
      if (body === undefined) return;
      const file = createReadStream(body, { highWaterMark: 64 * 1024 });
      file.on('data', (chunk) => {
        const buf = chunk as Buffer;
        const len = Buffer.alloc(4);
        len.writeUInt32BE(buf.length);
        if (!conn.write(Buffer.concat([len, buf]))) file.pause();
      });
      conn.on('drain', () => file.resume());
      file.on('end', () => conn.write(Buffer.alloc(4)));
      file.on('error', (err) => conn.destroy(err));
    });
  });
}

async function clamdScan(path: string, socket: string): Promise<ClamavVerdict> {
  const version = await clamdCommand(socket, 'VERSION');
  const reply = await clamdCommand(socket, 'INSTREAM', path);
  if (/ERROR$/.test(reply)) throw new Error(reply);
  const found = /^stream: (.+) FOUND$/.exec(reply);
  return { available: true, provider: `${version} (clamd)`, signature: found?.[1] ?? null };
}

// ---- clamscan ----------------------------------------------------------------------------

function run(file: string, args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(file, args, { timeout: CLAMSCAN_TIMEOUT_MS, maxBuffer: 1024 * 1024 }, (err, stdout, stderr) => {
      const code = err ? (typeof (err as NodeJS.ErrnoException).code === 'number' ? ((err as unknown as { code: number }).code) : -1) : 0;
      resolve({ code, stdout, stderr });
    });
  });
}

let versionCache: { key: string; label: string } | null = null;

/** "ClamAV 1.4.6/27500/…" with the official databases; for a custom file its name and hash. */
async function clamscanProvider(cfg: ClamavConfig): Promise<string | null> {
  const stamp = cfg.database && existsSync(cfg.database) ? statSync(cfg.database).mtimeMs : 0;
  const key = `${cfg.clamscan}|${cfg.database}|${stamp}`;
  if (versionCache?.key === key) return versionCache.label;
  const res = await run(cfg.clamscan, [...(cfg.database ? ['-d', cfg.database] : []), '--version']);
  const line = res.stdout.trim().split('\n')[0] ?? '';
  if (res.code !== 0 || !/^ClamAV /.test(line)) return null;
  let label = line;
  if (cfg.database && statSync(cfg.database).isFile()) {
    const hash = createHash('sha256').update(readFileSync(cfg.database)).digest('hex').slice(0, 12);
    label = `${line.split('/')[0]} (signatures ${basename(cfg.database)} sha256:${hash})`;
  } else if (!line.includes('/')) label = `${line} (signature version unknown)`;
  versionCache = { key, label };
  return label;
}

/** A clamscan without signatures stays so for a while: not asked again on every upload. */
const UNAVAILABLE_RECHECK_MS = 60_000;
let unavailable: { key: string; until: number; reason: string } | null = null;

async function clamscan(path: string, cfg: ClamavConfig): Promise<ClamavVerdict> {
  const key = `${cfg.clamscan}|${cfg.database}`;
  if (unavailable?.key === key && Date.now() < unavailable.until) return { available: false, reason: unavailable.reason };
  const verdict = await clamscanOnce(path, cfg);
  unavailable = verdict.available ? null : { key, until: Date.now() + UNAVAILABLE_RECHECK_MS, reason: verdict.reason };
  return verdict;
}

async function clamscanOnce(path: string, cfg: ClamavConfig): Promise<ClamavVerdict> {
  const provider = await clamscanProvider(cfg).catch(() => null);
  if (!provider) return { available: false, reason: `ClamAV is not installed (${cfg.clamscan} not found)` };
  const res = await run(cfg.clamscan, ['--no-summary', '--stdout', '--infected', ...(cfg.database ? ['-d', cfg.database] : []), path]);
  if (res.code === 0) return { available: true, provider, signature: null };
  if (res.code === 1) {
    const found = / (\S+) FOUND$/m.exec(res.stdout);
    return { available: true, provider, signature: found?.[1] ?? 'unknown signature' };
  }
  // 2: no usable signatures (Debian's package ships none until freshclam ran) or a scan error.
  const why = /No supported database files found|cl_load|Can't open/i.test(res.stderr + res.stdout) ? 'ClamAV has no signature database' : `clamscan failed (exit ${res.code})`;
  return { available: false, reason: why };
}
