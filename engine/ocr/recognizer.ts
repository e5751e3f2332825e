// The one seam between page analysis and the recognizer library. Two implementations: `wasm`
// (tesseract.js workers, engine/ocr/tesseract.ts) and `native` (libtesseract through the
// optional N-API addon, engine/ocr/native.ts). Both return tesseract.js's `blocks` tree, of
// which the callers read text, confidence and bbox at block, paragraph, line and word level.
import type Tesseract from 'tesseract.js';
import type { Gray } from './preprocess.js';

export type OcrBackend = 'native' | 'wasm';

/** `page`: full automatic layout analysis (PSM 3); `block`: one uniform block of text (PSM 6, stacked crops). */
export type Segmentation = 'page' | 'block';

export interface Recognizer {
  readonly backend: OcrBackend;
  /** Reads `img` (8-bit gray) scanned or rendered at `dpi`. */
  recognize(img: Gray, dpi: number, opts?: { psm?: Segmentation }): Promise<Tesseract.Block[] | null>;
}

/** The resolution tesseract is told: its credible range. */
export const tesseractDpi = (dpi: number): number => Math.round(Math.max(70, Math.min(1200, dpi)));
