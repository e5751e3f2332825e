// IBAN: country length + ISO 7064 mod-97 (spec 2.6), and the Q3 single-character recovery.

/** IBAN lengths per country (SWIFT IBAN registry). */
const LENGTHS: Record<string, number> = {
  AD: 24, AE: 23, AL: 28, AT: 20, AZ: 28, BA: 20, BE: 16, BG: 22, BH: 22, BI: 27, BR: 29, BY: 28, CH: 21, CR: 22, CY: 28, CZ: 24, DE: 22, DJ: 27, DK: 18, DO: 28, EE: 20, EG: 29, ES: 24, FI: 18, FK: 18, FO: 18, FR: 27, GB: 22, GE: 22, GI: 23, GL: 18, GR: 27, GT: 28, HR: 21, HU: 28, IE: 22, IL: 23, IQ: 23, IS: 26, IT: 27, JO: 30, KW: 30, KZ: 20, LB: 28, LC: 32, LI: 21, LT: 20, LU: 20, LV: 21, LY: 25, MC: 27, MD: 24, ME: 22, MK: 19, MN: 20, MR: 27, MT: 31, MU: 30, NI: 28, NL: 18, NO: 15, OM: 23, PK: 24, PL: 28, PS: 29, PT: 25, QA: 29, RO: 24, RS: 22, RU: 33, SA: 24, SC: 31, SD: 18, SE: 24, SI: 19, SK: 24, SM: 27, SO: 23, ST: 25, SV: 28, TL: 23, TN: 24, TR: 26, UA: 29, VA: 22, VG: 24, XK: 20,
};

export function compactIban(raw: string): string {
  return raw.replace(/[\s\u00a0-]/g, '').toUpperCase();
}

/** The country's IBAN length, or undefined for an unknown country. */
export function ibanLength(country: string): number | undefined {
  return LENGTHS[country];
}

/**
 * The account part's shape where the registry fixes letters and digits in it (SWIFT IBAN
 * registry). The checksum catches one misread character, not two: an OCR reading with the
 * check digits and a digit of the account misread ("NL15ABNAO41716433S" for NL19ABNA0417164335)
 * can pass mod 97 by chance, and a letter where the registry prints a digit gives it away.
 */
const BBAN_SHAPES: Record<string, RegExp> = {
  NL: /^[A-Z]{4}\d{10}$/, GB: /^[A-Z]{4}\d{14}$/, IE: /^[A-Z]{4}\d{14}$/,
  FR: /^\d{10}[A-Z0-9]{11}\d{2}$/, MC: /^\d{10}[A-Z0-9]{11}\d{2}$/, IT: /^[A-Z]\d{10}[A-Z0-9]{12}$/, SM: /^[A-Z]\d{10}[A-Z0-9]{12}$/,
  CH: /^\d{5}[A-Z0-9]{12}$/, LI: /^\d{5}[A-Z0-9]{12}$/, LU: /^\d{3}[A-Z0-9]{13}$/,
  AT: /^\d+$/, BE: /^\d+$/, DE: /^\d+$/, DK: /^\d+$/, ES: /^\d+$/, FI: /^\d+$/, NO: /^\d+$/, PL: /^\d+$/, PT: /^\d+$/, SE: /^\d+$/,
};

/** Country and length right, characters allowed (in the country's shape where known): a candidate worth a checksum. */
export function ibanFormatValid(iban: string): boolean {
  const len = LENGTHS[iban.slice(0, 2)];
  return len !== undefined && iban.length === len && /^[A-Z]{2}\d{2}[A-Z0-9]+$/.test(iban) && (BBAN_SHAPES[iban.slice(0, 2)]?.test(iban.slice(4)) ?? true);
}

/** ISO 7064 mod 97-10 over an upper-case alphanumeric string (letters A=10 … Z=35). */
export function mod97(s: string): number {
  let rem = 0;
  for (const ch of s) {
    const code = ch >= 'A' && ch <= 'Z' ? String(ch.charCodeAt(0) - 55) : ch;
    for (const d of code) rem = (rem * 10 + Number(d)) % 97;
  }
  return rem;
}

export function ibanChecksumValid(iban: string): boolean {
  return mod97(iban.slice(4) + iban.slice(0, 4)) === 1;
}

export type IbanCheck = { status: 'valid'; iban: string } | { status: 'checksum_failed'; iban: string } | { status: 'invalid' };

export function checkIban(raw: string): IbanCheck {
  const iban = compactIban(raw);
  if (!ibanFormatValid(iban)) return { status: 'invalid' };
  return ibanChecksumValid(iban) ? { status: 'valid', iban } : { status: 'checksum_failed', iban };
}

export interface IbanHit {
  raw: string;
  index: number;
  length: number;
  check: IbanCheck;
}

/** IBAN-shaped tokens in text, printed compact or in groups of four. */
const memo = new Map<string, IbanHit[]>();

export function findIbans(text: string): IbanHit[] {
  // Cheap pre-check and a small memo: the same lines are scanned by several rules.
  if (!/[A-Z]{2}\d{2}/.test(text)) return [];
  const cached = memo.get(text);
  if (cached) return cached;
  const hits = scanIbans(text);
  if (memo.size > 2000) memo.clear();
  memo.set(text, hits);
  return hits;
}

function scanIbans(text: string): IbanHit[] {
  const hits: IbanHit[] = [];
  // OCR may glue a stray digit before the country code ("IBAN: 6GB17 BOFS …"; fold10): such a
  // token counts only when its checksum holds.
  const re = /(?:\b|(?<=\d))([A-Z]{2}\d{2}(?:[ \u00a0]?[A-Z0-9]{4}){2,7}(?:[ \u00a0]?[A-Z0-9]{1,4})?)\b/g;
  for (const m of text.matchAll(re)) {
    const glued = m.index! > 0 && /\d/.test(text[m.index! - 1]!);
    let raw = m[1]!;
    // Trim trailing groups until the country length fits (the next word can look like a group).
    let check = checkIban(raw);
    while (check.status === 'invalid' && /[ \u00a0][A-Z0-9]{1,4}$/.test(raw)) {
      raw = raw.replace(/[ \u00a0][A-Z0-9]{1,4}$/, '');
      check = checkIban(raw);
    }
    if (check.status === 'valid' || (check.status !== 'invalid' && !glued)) hits.push({ raw, index: m.index!, length: raw.length, check });
  }
  return hits;
}

/**
 * IBANs printed in other groupings than fours (issue 14 round 6): "BE 41 7360 0661 9710",
 * "DE89 370400 440532 013000", hyphens, or a line's cells joined. Characters are collected
 * across single spaces or hyphens and cut only between groups, at the country's length; only a
 * passing checksum counts, so a loose grouping never yields a misread.
 */
export function findLooseIbans(text: string): IbanHit[] {
  const hits: IbanHit[] = [];
  for (const m of text.matchAll(/(?<![A-Z0-9])([A-Z]{2})[ -]?\d{2}(?=[ -]?[A-Z0-9])/g)) {
    const len = LENGTHS[m[1]!];
    if (!len) continue;
    let compact = '';
    let i = m.index!;
    while (i < text.length && compact.length <= len) {
      const ch = text[i]!;
      if (/[A-Z0-9]/.test(ch)) compact += ch;
      else if (!/[ \u00a0-]/.test(ch) || !/[A-Z0-9]/.test(text[i + 1] ?? '') || compact.length === 0) break;
      i++;
      const boundary = i >= text.length || !/[A-Z0-9]/.test(text[i]!);
      if (boundary && compact.length === len && checkIban(compact).status === 'valid') {
        hits.push({ raw: text.slice(m.index!, i), index: m.index!, length: i - m.index!, check: { status: 'valid', iban: compact } });
        break;
      }
    }
  }
  return hits;
}

/** Characters that differ between two equally long strings. */
export function hamming(a: string, b: string): number {
  if (a.length !== b.length) return Infinity;
  let d = 0;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) d++;
  return d;
}

/**
 * Q3: a checksum-only rejection is recovered only when the document text holds exactly one
 * distinct valid IBAN and it differs from the rejected one by a single character.
 */
export function recoverIban(rejected: string, validInDocument: Iterable<string>): string | null {
  const distinct = [...new Set(validInDocument)];
  if (distinct.length !== 1) return null;
  const only = distinct[0]!;
  return ibanFormatValid(rejected) && !ibanChecksumValid(rejected) && hamming(only, rejected) === 1 ? only : null;
}
