// The one place that spawns ffmpeg. Only the binary shipped inside the npm package
// @ffmpeg-installer is used, never one from PATH, so every installation decodes video
// with the same, known build.
import { spawn } from 'node:child_process';
import { access, chmod, constants, stat } from 'node:fs/promises';
import { sep } from 'node:path';
import { ThumbnailError } from './errors.js';

let binary: Promise<string> | undefined;

/** Resolves the bundled ffmpeg once per process and makes sure it can be executed. */
export function ffmpegBinary(): Promise<string> {
  binary ??= locate().catch((err: unknown) => {
    binary = undefined; // a later call may succeed (e.g. after repairing the install)
    throw err;
  });
  return binary;
}

async function locate(): Promise<string> {
  let path: string;
  try {
    path = (await import('@ffmpeg-installer/ffmpeg')).default.path;
  } catch (err) {
    // The package throws a plain string when its platform binary is missing.
    throw new ThumbnailError(`Docdesk's bundled video decoder (ffmpeg) is missing for this platform: ${String(err)}`);
  }
  // In a packaged Electron app binaries cannot run from inside the asar archive.
  path = path.replace(`${sep}app.asar${sep}`, `${sep}app.asar.unpacked${sep}`);
  await ensureExecutable(path);
  return path;
}

/**
 * npm (and some unzip tools) may unpack the binary without its execute bit. Repairing that
 * is allowed; failing to repair it must be loud, never a silent "no thumbnail".
 */
export async function ensureExecutable(path: string): Promise<void> {
  if (process.platform === 'win32') return; // no execute bit there
  try {
    await access(path, constants.X_OK);
    return;
  } catch {
    // fall through to the repair
  }
  try {
    const { mode } = await stat(path);
    await chmod(path, mode | 0o111);
    await access(path, constants.X_OK);
  } catch (err) {
    throw new ThumbnailError(
      `Docdesk's bundled video decoder (ffmpeg) at ${path} is not executable and could not be made executable (${(err as NodeJS.ErrnoException).code ?? String(err)}).`,
    );
  }
}

export interface FfmpegResult {
  code: number | null;
  stderr: string;
  timedOut: boolean;
  /** What ffmpeg wrote to stdout (only when asked for), at most `maxStdout` bytes. */
  stdout: Buffer;
}

const MAX_STDERR = 1024 * 1024;

/**
 * Runs ffmpeg with `args`; kills it (SIGKILL) once `timeoutMs` has passed. With
 * `maxStdout`, stdout is collected (an image written to `pipe:1`) and the process is killed
 * when it writes more than that.
 */
export async function runFfmpeg(args: string[], timeoutMs: number, maxStdout = 0): Promise<FfmpegResult> {
  const bin = await ffmpegBinary();
  return new Promise((resolve, reject) => {
    const child = spawn(bin, args, { stdio: ['ignore', maxStdout > 0 ? 'pipe' : 'ignore', 'pipe'], windowsHide: true });
    let stderr = '';
    const out: Buffer[] = [];
    let outBytes = 0;
    let timedOut = false;
    child.stdout?.on('data', (chunk: Buffer) => {
      outBytes += chunk.length;
      if (outBytes > maxStdout) child.kill('SIGKILL');
      else out.push(chunk);
    });
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, Math.max(1, timeoutMs));
    child.stderr!.setEncoding('utf8');
    child.stderr!.on('data', (chunk: string) => {
      if (stderr.length < MAX_STDERR) stderr += chunk;
    });
    child.on('error', (err) => {
      clearTimeout(timer);
      reject(new ThumbnailError(`Docdesk's bundled video decoder (ffmpeg) could not be started: ${err.message}`));
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stderr, timedOut, stdout: Buffer.concat(out) });
    });
  });
}
