// The one tesseract.js worker of this process. It is created on first use and kept warm;
// the engine's worker pool replaces the whole process when its memory grows too much, and a
// new process simply creates a new worker on its first OCR task.
//
// Language data comes from the installed @tesseract.js-data/<lang> packages (never from a
// CDN). tesseract.js reads every language from one `langPath` folder, while each package
// keeps its files in its own folder, so the worker gets a private temporary folder holding
// links to the `4.0.0_best_int` files (LSTM models; copies where links are not allowed).
// `cacheMethod: 'none'` keeps tesseract.js from writing unpacked copies anywhere.
import { copyFileSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import Tesseract from 'tesseract.js';

const require = createRequire(import.meta.url);

export class OcrError extends Error {
  override name = 'OcrError';
}

interface WorkerState {
  worker: Tesseract.Worker;
  languages: string;
  langDir: string;
  linked: Set<string>;
}

let state: Promise<WorkerState> | null = null;
/** Serializes jobs: tesseract.js would queue them anyway, but re-initialization must not interleave. */
let chain: Promise<unknown> = Promise.resolve();

/**
 * Tesseract's API (unlike its command line) defaults to page segmentation mode 6, "one
 * uniform block of text", which drops or garbles ruled tables (measured on the energy
 * samples: a table page read with confidence 74 instead of 93). Mode 3 is the full automatic
 * layout analysis the command line uses.
 */
const PAGE_PARAMS = {
  tessedit_pageseg_mode: Tesseract.PSM.AUTO,
  // Tesseract's own diagnostics ("Detected 318 diacritics", …) go nowhere instead of stderr.
  debug_file: '/dev/null',
};

const LANG_CODE = /^[a-z]{3}(?:_[a-z]{3,4})?$/;

export function parseLanguages(languages: string): string[] {
  const codes = languages.split('+').map((s) => s.trim()).filter(Boolean);
  if (codes.length === 0 || codes.some((c) => !LANG_CODE.test(c))) throw new OcrError(`invalid OCR languages "${languages}"`);
  return codes;
}

/** Path of the gzip'd LSTM model of an installed @tesseract.js-data package. */
function modelFile(code: string): string {
  let pkg: string;
  try {
    pkg = require.resolve(`@tesseract.js-data/${code}/package.json`);
  } catch {
    throw new OcrError(`OCR language "${code}" is not installed (@tesseract.js-data/${code})`);
  }
  return join(dirname(pkg), '4.0.0_best_int', `${code}.traineddata.gz`);
}

function linkModel(langDir: string, code: string, linked: Set<string>): void {
  if (linked.has(code)) return;
  const source = modelFile(code);
  const target = join(langDir, `${code}.traineddata.gz`);
  try {
    symlinkSync(source, target);
  } catch {
    copyFileSync(source, target);
  }
  linked.add(code);
}

function removeDir(dir: string): void {
  try {
    rmSync(dir, { recursive: true, force: true });
  } catch {
    /* best effort */
  }
}

const liveDirs = new Set<string>();
let exitHookInstalled = false;

async function createState(languages: string): Promise<WorkerState> {
  const codes = parseLanguages(languages);
  const langDir = mkdtempSync(join(tmpdir(), 'docdesk-ocr-'));
  liveDirs.add(langDir);
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    process.once('exit', () => {
      for (const d of liveDirs) removeDir(d);
    });
  }
  const linked = new Set<string>();
  try {
    for (const code of codes) linkModel(langDir, code, linked);
    // tesseract.js reports load failures only through errorHandler (its createWorker promise
    // never settles then), so the first such error rejects creation here.
    let failInit: ((e: Error) => void) | null = null;
    const initFailed = new Promise<never>((_, reject) => {
      failInit = reject;
    });
    const worker = await Promise.race([
      Tesseract.createWorker(codes.join('+'), Tesseract.OEM.LSTM_ONLY, {
        langPath: langDir,
        cacheMethod: 'none',
        gzip: true,
        logger: () => undefined,
        errorHandler: (err: unknown) => failInit?.(new OcrError(`tesseract failed to start: ${String(err)}`)),
      }),
      initFailed,
    ]);
    failInit = null;
    await worker.setParameters(PAGE_PARAMS);
    idle(worker);
    return { worker, languages: codes.join('+'), langDir, linked };
  } catch (err) {
    liveDirs.delete(langDir);
    removeDir(langDir);
    throw err instanceof OcrError ? err : new OcrError(`tesseract failed to start: ${(err as Error)?.message ?? String(err)}`);
  }
}

/** The worker thread must not keep the process alive while idle, but must while it works. */
function threadOf(worker: Tesseract.Worker): { ref(): void; unref(): void } | null {
  const t = (worker as unknown as { worker?: { ref?: () => void; unref?: () => void } }).worker;
  return t && typeof t.ref === 'function' && typeof t.unref === 'function' ? (t as { ref(): void; unref(): void }) : null;
}
function busy(worker: Tesseract.Worker): void {
  threadOf(worker)?.ref();
}
function idle(worker: Tesseract.Worker): void {
  threadOf(worker)?.unref();
}

async function ensureWorker(languages: string): Promise<WorkerState> {
  if (!state) {
    const created = createState(languages);
    state = created;
    created.catch(() => {
      if (state === created) state = null;
    });
  }
  const s = await state;
  const codes = parseLanguages(languages);
  if (s.languages !== codes.join('+')) {
    for (const code of codes) linkModel(s.langDir, code, s.linked);
    busy(s.worker);
    try {
      await s.worker.reinitialize(codes.join('+'), Tesseract.OEM.LSTM_ONLY);
      await s.worker.setParameters(PAGE_PARAMS);
    } finally {
      idle(s.worker);
    }
    s.languages = codes.join('+');
  }
  return s;
}

/** Runs `job` with the warm worker for `languages`, one job at a time per process. */
export function withWorker<T>(languages: string, job: (worker: Tesseract.Worker) => Promise<T>): Promise<T> {
  const run = async () => {
    const s = await ensureWorker(languages);
    busy(s.worker);
    try {
      return await job(s.worker);
    } catch (err) {
      const message = typeof err === 'string' ? err : (err as Error)?.message ?? String(err);
      // An aborted WebAssembly instance cannot be used again: start afresh next time.
      if (/abort|RuntimeError|out of memory|OOM/i.test(message)) await terminateOcr();
      throw err instanceof Error ? err : new OcrError(`OCR failed: ${message}`);
    } finally {
      idle(s.worker);
    }
  };
  const next = chain.then(run, run);
  chain = next.catch(() => undefined);
  return next;
}

/** Ends the worker thread (process shutdown); the next OCR call starts a new one. */
export async function terminateOcr(): Promise<void> {
  const current = state;
  state = null;
  if (!current) return;
  const s = await current.catch(() => null);
  if (!s) return;
  try {
    await s.worker.terminate();
  } finally {
    liveDirs.delete(s.langDir);
    removeDir(s.langDir);
  }
}
