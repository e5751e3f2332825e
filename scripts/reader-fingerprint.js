// The compiled reading layer (PDF text, page images, OCR) and the OCR settings chosen by the
// environment (DOCDESK_OCR_RECOGNITION, DOCDESK_OCR_REREAD, DOCDESK_OCR_RECOVER, DOCDESK_OCR_FAINT), and the recognizer
// backend that will run (DOCDESK_OCR_BACKEND resolved as the engine resolves it; for native, the
// addon's own bytes): the evals key their cached readings by it, so a change to how pages are read
// never scores extraction against stale readings.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

/** 'native' when DOCDESK_OCR_BACKEND is not 'wasm' and the addon beside `dist` loads, else 'wasm'. */
function chosenBackend(dist) {
  if (process.env.DOCDESK_OCR_BACKEND?.trim().toLowerCase() === 'wasm') return { backend: 'wasm' };
  const addon = fileURLToPath(new URL('../build/native/docdesk_ocr.node', dist));
  if (!existsSync(addon)) return { backend: 'wasm' };
  try {
    createRequire(import.meta.url)(addon);
    return { backend: 'native', bytes: readFileSync(addon) };
  } catch {
    return { backend: 'wasm' };
  }
}

/** @param {URL} dist the compiled tree (`dist/`) */
export function readerFingerprint(dist) {
  const h = createHash('sha256');
  // Recovery of dropped text (on unless DOCDESK_OCR_RECOVER=0) reads pages differently; off,
  // its module never runs, so its code keys the readings only when it is on.
  const recover = process.env.DOCDESK_OCR_RECOVER !== '0';
  for (const dir of ['engine/formats/pdf/', 'engine/ocr/', 'engine/pipeline/']) {
    const url = new URL(dir, dist);
    for (const f of readdirSync(url).filter((n) => n.endsWith('.js')).sort()) {
      if (!recover && dir === 'engine/ocr/' && f === 'recover.js') continue;
      h.update(f).update(readFileSync(new URL(f, url)));
    }
  }
  h.update(`recognition=${process.env.DOCDESK_OCR_RECOGNITION ?? ''}`);
  if (recover) h.update('recover=1');
  if (process.env.DOCDESK_OCR_REREAD) h.update(`reread=${process.env.DOCDESK_OCR_REREAD}`);
  // The faint-text re-read is on by default; only its switch-off keys the readings apart (default keys unchanged).
  if (process.env.DOCDESK_OCR_FAINT === '0') h.update('faint=0');
  const { backend, bytes } = chosenBackend(dist);
  h.update(`backend=${backend}`);
  if (bytes) h.update(bytes);
  return h.digest('hex').slice(0, 16);
}
