// The compiled reading layer (PDF text, page images, OCR) and the OCR settings chosen by the
// environment (DOCDESK_OCR_RECOGNITION, DOCDESK_OCR_REREAD, DOCDESK_OCR_RECOVER): the evals key their
// cached readings by it, so a change to how pages are read never scores extraction against stale readings.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';

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
  return h.digest('hex').slice(0, 16);
}
