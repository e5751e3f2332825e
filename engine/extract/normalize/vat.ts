// VAT identification numbers per EU country format (VIES formats), plus GB, CH and NO.
// German numbers also carry an ISO 7064 MOD 11,10 check digit, checked when present. The Dutch
// and French checks serve OCR repair only (normalize/ocr-repair.ts).
import { mod97 } from './iban.js';

const FORMATS: Record<string, RegExp> = {
  AT: /^U\d{8}$/, BE: /^[01]\d{9}$/, BG: /^\d{9,10}$/, CY: /^\d{8}[A-Z]$/, CZ: /^\d{8,10}$/, DE: /^\d{9}$/, DK: /^\d{8}$/, EE: /^\d{9}$/, EL: /^\d{9}$/,
  ES: /^[A-Z0-9]\d{7}[A-Z0-9]$/, FI: /^\d{8}$/, FR: /^[A-HJ-NP-Z0-9]{2}\d{9}$/, HR: /^\d{11}$/, HU: /^\d{8}$/, IE: /^(?:\d{7}[A-W][A-I]?|\d[A-Z+*]\d{5}[A-W])$/,
  IT: /^\d{11}$/, LT: /^(?:\d{9}|\d{12})$/, LU: /^\d{8}$/, LV: /^\d{11}$/, MT: /^\d{8}$/, NL: /^\d{9}B\d{2}$/, PL: /^\d{10}$/, PT: /^\d{9}$/, RO: /^\d{2,10}$/,
  SE: /^\d{10}01$/, SI: /^\d{8}$/, SK: /^\d{10}$/, XI: /^(?:\d{9}|\d{12})$/, GB: /^(?:\d{9}|\d{12}|GD\d{3}|HA\d{3})$/, CHE: /^\d{9}(?:MWST|TVA|IVA)?$/, NO: /^\d{9}(?:MVA)?$/,
};

/** Mod 11,10 check digit of German USt-IdNr. */
export function germanVatChecksumValid(digits: string): boolean {
  let product = 10;
  for (let i = 0; i < 8; i++) {
    let sum = (Number(digits[i]) + product) % 10;
    if (sum === 0) sum = 10;
    product = (2 * sum) % 11;
  }
  const check = (11 - product) % 10;
  return check === Number(digits[8]);
}

/** A Dutch VAT id (9 digits, B, 2 digits) passes the RSIN 11-test or ISO 7064 mod 97 of the whole id (letters as in an IBAN). */
export function dutchVatChecksumValid(id: string): boolean {
  const m = /^NL(\d{9})B(\d{2})$/.exec(id);
  if (!m) return false;
  const d = m[1]!;
  let sum = 0;
  for (let i = 0; i < 8; i++) sum += Number(d[i]) * (9 - i);
  if (sum > 0 && (sum - Number(d[8])) % 11 === 0) return true;
  return mod97(id) === 1;
}

/** A French VAT id's key: (12 + 3 × (SIREN mod 97)) mod 97. */
export function frenchVatChecksumValid(id: string): boolean {
  const m = /^FR(\d{2})(\d{9})$/.exec(id);
  return Boolean(m) && (12 + 3 * mod97(m![2]!)) % 97 === Number(m![1]);
}

export interface VatCheck {
  value: string;
  country: string;
  checksum: 'valid' | 'invalid' | 'not_checked';
}

export function normalizeVat(raw: string): VatCheck | null {
  let v = raw.toUpperCase().replace(/[\s.\-\u00a0]/g, '');
  if (v.startsWith('GR')) v = `EL${v.slice(2)}`;
  const country = v.startsWith('CHE') ? 'CHE' : v.slice(0, 2);
  const rest = v.slice(country.length);
  const re = FORMATS[country];
  if (!re || !re.test(rest)) return null;
  let checksum: VatCheck['checksum'] = 'not_checked';
  if (country === 'DE') checksum = germanVatChecksumValid(rest) ? 'valid' : 'invalid';
  return { value: v, country: country === 'CHE' ? 'CH' : country, checksum };
}

/**
 * VAT-id shaped tokens in text, printed compact or with spaces/dots ("DE 232 446 240", "ATU 73 842 901"). An id
 * must end where its token ends: one the pattern had to shorten inside a run of letters and
 * digits ("DE12345618938" read as "DE123456189") is some other number, or an id its country's
 * format does not allow, so it is no VAT id at all.
 */
export function findVatIds(text: string): Array<{ raw: string; index: number; check: VatCheck }> {
  const out: Array<{ raw: string; index: number; check: VatCheck }> = [];
  const re = /\b(ATU[ \u00a0]?\d[\d \u00a0]{6,10}\d|CHE[- ]?\d{3}[.\s]?\d{3}[.\s]?\d{3}(?:\s?(?:MWST|TVA|IVA))?|(?:BE|BG|CY|CZ|DE|DK|EE|EL|GR|ES|FI|FR|HR|HU|IE|IT|LT|LU|LV|MT|NL|PL|PT|RO|SE|SI|SK|XI|GB|NO)[ \u00a0]?[0-9A-Z][0-9A-Z .\u00a0]{6,15}[0-9A-Z])/g;
  for (const m of text.matchAll(re)) {
    // Shrink from the right: the pattern may swallow the next word. An id is printed in groups
    // with single spaces; a wider gap is the next column ("CZ12345678   12345 Praha", fold15).
    let raw = m[1]!.replace(/[ \u00a0]{2,}.*$/, '');
    for (;;) {
      const check = normalizeVat(raw);
      if (check) {
        if (!/[0-9A-Za-z]/.test(text.charAt(m.index! + raw.length))) out.push({ raw, index: m.index!, check });
        break;
      }
      const shorter = raw.replace(/[ .\u00a0]*[0-9A-Z]$/, '');
      if (shorter === raw || shorter.length < 8) break;
      raw = shorter;
    }
  }
  // The country code in brackets before the national number ("NIF: (ES) B28774008", "TIN: (EL)
  // 177472438"), as e-invoice renderers print a party's tax id (fold9): the same id, read whole.
  for (const m of text.matchAll(/\(([A-Z]{2})\)[ \u00a0]?([0-9A-Z][0-9A-Z.\u00a0-]{6,14}[0-9A-Z])(?![0-9A-Za-z])/g)) {
    const check = normalizeVat(`${m[1]}${m[2]}`);
    if (check) out.push({ raw: m[0], index: m.index!, check });
  }
  return out.sort((a, b) => a.index - b.index);
}
