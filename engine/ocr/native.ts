// The `native` recognizer: libtesseract through Docdesk's own N-API addon
// (engine/ocr/native/docdesk_ocr.cc, built by scripts/build-native-ocr.js where the
// libtesseract development files exist). It reads the very model files tesseract.js reads
// (best_int from @tesseract.js-data, tessdata_fast from resources/ocr), with the same page
// parameters, and takes the gray pixels directly: no PGM encode, no copy into a WebAssembly
// heap. One persistent engine per model and languages in each worker process, initialised once.
//
// Selection: $DOCDESK_OCR_BACKEND = auto (default: native when the addon loads) | native | wasm.
// Any failure to load or start the library, or a failed recognition, switches this process
// to tesseract.js with one log line: a job never fails because of the native path.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import type Tesseract from 'tesseract.js';
import { tesseractDpi, type OcrBackend, type Recognizer } from './recognizer.js';

const require = createRequire(import.meta.url);

interface Addon {
  init(datapath: string, languages: string, names: string[], values: string[]): object;
  recognize(handle: object, pixels: Buffer, width: number, height: number, dpi: number, psm: number): Promise<Tesseract.Block[]>;
  end(handle: object): void;
  version(): string;
}

/** A failure of the native library itself (never of the page): the process falls back to wasm. */
export class NativeOcrError extends Error {
  override name = 'NativeOcrError';
}

export const BACKEND_CHOICES = ['auto', 'native', 'wasm'] as const;
export type BackendChoice = (typeof BACKEND_CHOICES)[number];

/** $DOCDESK_OCR_BACKEND; anything else reads as `auto`. */
export function backendChoice(): BackendChoice {
  const v = process.env.DOCDESK_OCR_BACKEND?.trim().toLowerCase();
  return (BACKEND_CHOICES as readonly string[]).includes(v ?? '') ? (v as BackendChoice) : 'auto';
}

export const ADDON_FILE = 'docdesk_ocr.node';

/** build/native/docdesk_ocr.node of the source tree, or the packaged app's unpacked copy. */
export function addonPath(): string | null {
  const candidates: string[] = [];
  const electronResources = (process as { resourcesPath?: string }).resourcesPath;
  if (electronResources) candidates.push(join(electronResources, 'app.asar.unpacked', 'build', 'native', ADDON_FILE));
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    candidates.push(join(dir.replace(/app\.asar(?=[\\/]|$)/, 'app.asar.unpacked'), 'build', 'native', ADDON_FILE));
    dir = dirname(dir);
  }
  return candidates.find((c) => existsSync(c)) ?? null;
}

let addon: Addon | null | undefined;
let disabled: string | null = null;

function log(reason: string): void {
  console.error(`ocr: native recognizer unavailable (${reason}); tesseract.js is used`);
}

function loadAddon(): Addon | null {
  if (addon !== undefined) return addon;
  // libgomp reads its thread limit once, when it loads with libtesseract: two worker
  // processes on two cores each running OpenMP's team is about 5× slower than one thread each.
  process.env.OMP_THREAD_LIMIT ??= '1';
  const path = addonPath();
  try {
    if (!path) throw new Error('addon not built');
    addon = require(path) as Addon;
  } catch (err) {
    addon = null;
    // `auto` without a build is the normal case on a user's machine: said only when native was
    // asked for. A built addon that does not load (libtesseract gone) is always said.
    if (path || backendChoice() === 'native') log((err as Error).message.split('\n')[0]!);
  }
  return addon;
}

/** The backend this process reads pages with. */
export function ocrBackend(): OcrBackend {
  const choice = backendChoice();
  if (choice === 'wasm' || disabled !== null) return 'wasm';
  return loadAddon() ? 'native' : 'wasm';
}

/** libtesseract's version when the native backend is in use. */
export function nativeVersion(): string | null {
  return ocrBackend() === 'native' ? loadAddon()!.version() : null;
}

/** Switches this process to wasm for good, with one log line. */
export function disableNative(reason: string): void {
  if (disabled !== null) return;
  disabled = reason;
  log(reason);
  endNative();
}

/** Started engines by model and languages ("fast:deu"): the handles of the addon. */
const engines = new Map<string, object>();

/**
 * The native recognizer of `model` for `languages`, started on first use from `modelFiles`
 * (gzip'd traineddata by language code) and `params` (tesseract parameters set at init).
 */
export function nativeRecognizer(model: string, languages: string[], modelFiles: string[], params: Record<string, string>): Recognizer {
  const lib = loadAddon();
  if (!lib) throw new NativeOcrError('addon not loaded');
  const key = languages.join('+');
  // One engine per model and languages: a French page's accent pass must not restart the German engines.
  const id = `${model}:${key}`;
  let handle = engines.get(id);
  if (!handle) {
    // Init wants a tessdata folder: the unpacked models live there only while it reads them.
    const dir = mkdtempSync(join(tmpdir(), 'docdesk-ocr-native-'));
    try {
      languages.forEach((code, i) => writeFileSync(join(dir, `${code}.traineddata`), gunzipSync(readFileSync(modelFiles[i]!))));
      const names = Object.keys(params);
      handle = lib.init(`${dir}/`, key, names, names.map((n) => params[n]!));
    } catch (err) {
      throw new NativeOcrError(`libtesseract failed to start: ${(err as Error).message}`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    engines.set(id, handle);
  }
  return {
    backend: 'native',
    async recognize(img, dpi, opts) {
      try {
        return await lib.recognize(handle, img.data, img.width, img.height, tesseractDpi(dpi), opts?.psm === 'block' ? 6 : 3);
      } catch (err) {
        throw new NativeOcrError(`libtesseract failed: ${(err as Error).message}`);
      }
    },
  };
}

/** Ends the native engines of this process (shutdown, or the switch to wasm). */
export function endNative(): void {
  for (const handle of engines.values()) {
    try {
      addon?.end(handle);
    } catch {
      /* busy: the finalizer ends it */
    }
  }
  engines.clear();
}
