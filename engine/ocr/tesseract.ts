// The tesseract.js workers of this process, one per model: `best` (tessdata best_int, the
// accurate one) and `fast` (tessdata_fast, about 40 % cheaper, used for the first pass of
// two-stage recognition). Each is created on first use and kept warm; the engine's worker
// pool replaces the whole process when its memory grows too much or it idles, and a new
// process simply creates new workers on its first OCR task.
//
// Language data: best_int comes from the installed @tesseract.js-data/<lang> packages,
// tessdata_fast from resources/ocr/tessdata_fast (Debian's files; npm has no package of
// them) — never from a CDN. tesseract.js reads every language from one `langPath` folder,
// so each worker gets a private temporary folder holding links to its model files (copies
// where links are not allowed). `cacheMethod: 'none'` keeps tesseract.js from writing
// unpacked copies anywhere.
//
// Where the native addon loads (engine/ocr/native.ts, $DOCDESK_OCR_BACKEND), withWorkers
// hands out native recognizers over the same model files instead, and falls back here.
import { copyFileSync, existsSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Tesseract from 'tesseract.js';
import { disableNative, endNative, NativeOcrError, nativeRecognizer, ocrBackend } from './native.js';
import { toPgm, type Gray } from './preprocess.js';
import { tesseractDpi, type Recognizer, type Segmentation } from './recognizer.js';

const require = createRequire(import.meta.url);

export class OcrError extends Error {
  override name = 'OcrError';
}

export type OcrModel = 'best' | 'fast';

interface WorkerState {
  model: OcrModel;
  worker: Tesseract.Worker;
  languages: string;
  langDir: string;
  linked: Set<string>;
}

const states = new Map<OcrModel, Promise<WorkerState>>();
/** Serializes jobs: tesseract.js would queue them anyway, but re-initialization must not interleave. */
let chain: Promise<unknown> = Promise.resolve();

/**
 * Tesseract's API (unlike its command line) defaults to page segmentation mode 6, "one
 * uniform block of text", which drops or garbles ruled tables (measured on the energy
 * samples: a table page read with confidence 74 instead of 93). Mode 3 is the full automatic
 * layout analysis the command line uses.
 */
export const PAGE_PARAMS = {
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

/** resources/ocr/tessdata_fast in the source tree, the build output or the packaged app. */
function fastModelDir(): string | null {
  const candidates: string[] = [];
  const electronResources = (process as { resourcesPath?: string }).resourcesPath;
  if (electronResources) candidates.push(join(electronResources, 'resources', 'ocr', 'tessdata_fast'), join(electronResources, 'ocr', 'tessdata_fast'));
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    candidates.push(join(dir, 'resources', 'ocr', 'tessdata_fast'));
    dir = dirname(dir);
  }
  return candidates.find((c) => existsSync(c)) ?? null;
}

/** Whether every language of `languages` has a shipped tessdata_fast model. */
export function hasFastModel(languages: string): boolean {
  const dir = fastModelDir();
  return dir !== null && parseLanguages(languages).every((code) => existsSync(join(dir, `${code}.traineddata.gz`)));
}

/** The folder of the installed @tesseract.js-data/<code> package (its best_int model), or null. */
function bestModelPackage(code: string): string | null {
  try {
    return dirname(require.resolve(`@tesseract.js-data/${code}/package.json`));
  } catch {
    return null;
  }
}

/** Whether the best_int model of `code` is installed (@tesseract.js-data/<code>). */
export const hasBestModel = (code: string): boolean => bestModelPackage(code) !== null;

/** Path of the gzip'd LSTM model: best_int from @tesseract.js-data, fast from resources. */
export function modelFile(code: string, model: OcrModel): string {
  if (model === 'fast') {
    const dir = fastModelDir();
    const file = dir && join(dir, `${code}.traineddata.gz`);
    if (!file || !existsSync(file)) throw new OcrError(`OCR language "${code}" has no fast model (resources/ocr/tessdata_fast)`);
    return file;
  }
  const pkg = bestModelPackage(code);
  if (!pkg) throw new OcrError(`OCR language "${code}" is not installed (@tesseract.js-data/${code})`);
  return join(pkg, '4.0.0_best_int', `${code}.traineddata.gz`);
}

function linkModel(langDir: string, code: string, model: OcrModel, linked: Set<string>): void {
  if (linked.has(code)) return;
  const source = modelFile(code, model);
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

async function createState(languages: string, model: OcrModel): Promise<WorkerState> {
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
    for (const code of codes) linkModel(langDir, code, model, linked);
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
    return { model, worker, languages: codes.join('+'), langDir, linked };
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

async function ensureWorker(languages: string, model: OcrModel): Promise<WorkerState> {
  let pending = states.get(model);
  if (!pending) {
    const created = createState(languages, model);
    pending = created;
    states.set(model, created);
    created.catch(() => {
      if (states.get(model) === created) states.delete(model);
    });
  }
  const s = await pending;
  const codes = parseLanguages(languages);
  if (s.languages !== codes.join('+')) {
    for (const code of codes) linkModel(s.langDir, code, model, s.linked);
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

/** A tesseract.js worker as a Recognizer: the page mode between calls, PSM 6 for `block` only. */
function wasmRecognizer(worker: Tesseract.Worker): Recognizer {
  const read = async (img: Gray, dpi: number) => {
    const { data } = await worker.recognize(toPgm(img), { user_defined_dpi: String(tesseractDpi(dpi)) } as Partial<Tesseract.RecognizeOptions>, { text: false, blocks: true });
    return data.blocks;
  };
  return {
    backend: 'wasm',
    async recognize(img: Gray, dpi: number, opts?: { psm?: Segmentation }) {
      if (opts?.psm !== 'block') return read(img, dpi);
      await worker.setParameters({ tessedit_pageseg_mode: Tesseract.PSM.SINGLE_BLOCK });
      try {
        return await read(img, dpi);
      } finally {
        await worker.setParameters({ tessedit_pageseg_mode: PAGE_PARAMS.tessedit_pageseg_mode });
      }
    },
  };
}

export type Workers = Partial<Record<OcrModel, Recognizer>>;

function nativeWorkers(languages: string, models: OcrModel[]): Workers {
  const codes = parseLanguages(languages);
  const workers: Workers = {};
  for (const model of models) {
    // A language without its model is the page's error, not the library's: raise it as wasm would.
    const files = codes.map((code) => modelFile(code, model));
    workers[model] = nativeRecognizer(model, codes, files, { ...PAGE_PARAMS });
  }
  return workers;
}

async function wasmJob<T>(languages: string, models: OcrModel[], job: (workers: Workers) => Promise<T>): Promise<T> {
  const ready: WorkerState[] = [];
  for (const model of models) ready.push(await ensureWorker(languages, model));
  const workers: Workers = {};
  for (const s of ready) {
    workers[s.model] = wasmRecognizer(s.worker);
    busy(s.worker);
  }
  try {
    return await job(workers);
  } catch (err) {
    const message = typeof err === 'string' ? err : (err as Error)?.message ?? String(err);
    // An aborted WebAssembly instance cannot be used again: start afresh next time.
    if (/abort|RuntimeError|out of memory|OOM/i.test(message)) await terminateWasm();
    throw err instanceof Error ? err : new OcrError(`OCR failed: ${message}`);
  } finally {
    for (const s of ready) idle(s.worker);
  }
}

/**
 * Runs `job` with the warm recognizers of `models` for `languages`, one job at a time per
 * process (a page's passes with both models stay together). Native where it runs; a failure
 * of the native library reruns the job on tesseract.js (the job only reads its inputs).
 */
export function withWorkers<T>(languages: string, models: OcrModel[], job: (workers: Workers) => Promise<T>): Promise<T> {
  const run = async () => {
    if (ocrBackend() === 'native') {
      try {
        return await job(nativeWorkers(languages, models));
      } catch (err) {
        if (!(err instanceof NativeOcrError)) throw err;
        disableNative(err.message);
      }
    }
    return wasmJob(languages, models, job);
  };
  const next = chain.then(run, run);
  chain = next.catch(() => undefined);
  return next;
}

/** Ends the recognizers (process shutdown); the next OCR call starts new ones. */
export async function terminateOcr(): Promise<void> {
  endNative();
  await terminateWasm();
}

async function terminateWasm(): Promise<void> {
  const current = [...states.values()];
  states.clear();
  for (const pending of current) {
    const s = await pending.catch(() => null);
    if (!s) continue;
    try {
      await s.worker.terminate();
    } finally {
      liveDirs.delete(s.langDir);
      removeDir(s.langDir);
    }
  }
}
