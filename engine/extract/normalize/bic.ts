// BIC (ISO 9362): 4 letters institution, ISO country, 2 location characters, optional branch.
import { createRequire } from 'node:module';
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

// ---------------------------------------------------------------- bank directory
// The national bank-code directories (Bundesbank, OeNB, NBB, De Nederlandsche Bank, and the ECB's
// list for Spain, France and Luxembourg) as the `iban-to-bic` package ships them: bank code → BIC.
// Where the IBAN carries its bank code: offset and length after the country and check digits.
const BANK_CODE: Record<string, number> = { AT: 5, BE: 3, DE: 8, ES: 4, FR: 5, LU: 3, NL: 4 };
const directories = new Map<string, Record<string, string>>();

/** The BIC the national directory lists for the bank code of a valid IBAN, or null. */
export function directoryBic(iban: string): string | null {
  const country = iban.slice(0, 2);
  const length = BANK_CODE[country];
  if (!length) return null;
  let directory = directories.get(country);
  if (!directory) {
    directory = createRequire(import.meta.url)(`iban-to-bic/datasets/${country.toLowerCase()}.json`) as Record<string, string>;
    directories.set(country, directory);
  }
  return directory[iban.slice(4, 4 + length)] ?? null;
}

/** Characters OCR reads for one another in a BIC's capitals and digits. */
const CONFUSED = new Set(['0O', '0D', '0Q', '1I', '1L', '2Z', '5S', '6G', '8B', '8S'].flatMap((p) => [p, p[1]! + p[0]!]));

/**
 * The directory's BIC for an IBAN when an OCR reading of the printed BIC is a misreading of it:
 * same length (8, or 11 as the directory lists it), at most two characters different, each a
 * pair OCR confuses ("HELADEFIS22" for "HELADEF1822"). Null when the reading is another BIC, or
 * the IBAN's bank is not listed; the reading then stays as read.
 */
export function bicFromBankDirectory(read: string, iban: string): string | null {
  const listed = directoryBic(iban);
  if (!listed || (read.length !== 8 && read.length !== 11)) return null;
  const known = listed.slice(0, read.length);
  if (known.length !== read.length) return null;
  const different = [...read].map((c, i) => (c === known[i] ? null : c + known[i])).filter((d): d is string => d !== null);
  return different.length <= 2 && different.every((d) => CONFUSED.has(d)) ? known : null;
}
