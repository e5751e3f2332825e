// BIC (ISO 9362): 4 letters institution, ISO country, 2 location characters, optional branch.
import { COUNTRIES } from './countries.js';

export function normalizeBic(raw: string): string | null {
  const bic = raw.replace(/\s/g, '').toUpperCase();
  if (!/^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}(?:[A-Z0-9]{3})?$/.test(bic)) return null;
  if (!COUNTRIES.has(bic.slice(4, 6))) return null;
  // Location code "0" in the second place marks a test BIC; "O" read for "0" is common OCR.
  return bic;
}

export function findBics(text: string): Array<{ raw: string; index: number; value: string }> {
  const out: Array<{ raw: string; index: number; value: string }> = [];
  for (const m of text.matchAll(/\b([A-Z]{4}[A-Z]{2}[A-Z0-9]{2}(?:[A-Z0-9]{3})?)\b/g)) {
    const v = normalizeBic(m[1]!);
    if (v) out.push({ raw: m[1]!, index: m.index!, value: v });
  }
  return out;
}
