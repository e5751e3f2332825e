// The compiled reading layer (PDF text, page images, OCR) and the OCR settings chosen by the
// environment (DOCDESK_OCR_RECOGNITION, DOCDESK_OCR_REREAD): the evals key their cached readings
// by it, so a change to how pages are read never scores extraction against stale readings.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';

/** @param {URL} dist the compiled tree (`dist/`) */
export function readerFingerprint(dist) {
  const h = createHash('sha256');
  for (const dir of ['engine/formats/pdf/', 'engine/ocr/', 'engine/pipeline/']) {
    const url = new URL(dir, dist);
    for (const f of readdirSync(url).filter((n) => n.endsWith('.js')).sort()) h.update(f).update(readFileSync(new URL(f, url)));
  }
  h.update(`recognition=${process.env.DOCDESK_OCR_RECOGNITION ?? ''}`);
  h.update(`reread=${process.env.DOCDESK_OCR_REREAD ?? ''}`);
  return h.digest('hex').slice(0, 16);
}
