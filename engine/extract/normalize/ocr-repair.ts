// Labels misread by OCR ("Rechnungsdaturn", "Kettobetrag", "Bestel1-Datum"): the first words
// of an OCR cell are compared with the words of the label dictionaries, within an edit
// distance that grows with the word (1 from 6 letters, 2 from 12) or equal once the usual
// OCR confusions are folded (rn/m, cl/d, vv/w, 1/l, 0/o). A repair is kept only when it makes
// a label match at the start of the cell that did not match before (or matched less of it):
// values and names are never rewritten. Used on OCR pages only; text layers are exact.
import { LABELS } from '../labels.js';
import { formatCents, parseAmount } from './amount.js';
import { CURRENCY_MARK } from './currency.js';
import { findDates } from './date.js';
import { checkIban, compactIban, ibanLength } from './iban.js';
import { dutchVatChecksumValid, frenchVatChecksumValid, germanVatChecksumValid } from './vat.js';

/** How many leading words of a cell may belong to its label ("Date limite de règlement": four). */
export const LABEL_WORDS = 4;

/** Label words by length, each with its folded spelling. */
let vocabulary: Map<number, Array<{ word: string; folded: string }>> | null = null;
/** Words already looked up (the same words recur on every page). */
const nearest = new Map<string, string | null>();

/** The literal alternatives of a label regex, e.g. `(?:a|b(?:c|d)|e)` → a, b(?:c|d), e. */
function alternatives(source: string): string[] {
  const open = source.indexOf('(?:');
  const out: string[] = [];
  let depth = 0;
  let cur = '';
  for (let i = open + 3; i < source.length; i++) {
    const ch = source[i]!;
    if (ch === '\\') {
      cur += ch + (source[i + 1] ?? '');
      i++;
      continue;
    }
    if (ch === '(') depth++;
    if (ch === ')') {
      if (depth === 0) break;
      depth--;
    }
    if (ch === '|' && depth === 0) {
      out.push(cur);
      cur = '';
      continue;
    }
    cur += ch;
  }
  if (cur) out.push(cur);
  return out;
}

/** The spellings of one alternative with its groups expanded: `betrag(?: netto)?` → betrag, betrag netto. */
function expand(alt: string, budget = 32): string[] {
  const at = alt.indexOf('(?:');
  if (at < 0) return [alt];
  let depth = 0;
  let end = at;
  for (; end < alt.length; end++) {
    if (alt[end] === '\\') end++;
    else if (alt[end] === '(') depth++;
    else if (alt[end] === ')' && --depth === 0) break;
  }
  const optional = alt[end + 1] === '?';
  const inner = alternatives(alt.slice(at, end + 1));
  const rest = alt.slice(end + (optional ? 2 : 1));
  const out: string[] = [];
  for (const choice of optional ? ['', ...inner] : inner) {
    for (const e of expand(alt.slice(0, at) + choice + rest, budget)) if (out.length < budget) out.push(e);
  }
  return out;
}

/** Words of 5+ letters in the label dictionaries, by length. */
function labelVocabulary(): Map<number, Array<{ word: string; folded: string }>> {
  if (vocabulary) return vocabulary;
  const words = new Set<string>();
  for (const re of Object.values(LABELS)) {
    for (const alt of alternatives(re.source).flatMap((a) => expand(a))) {
      if (alt.includes('(')) continue;
      // A character class reads as its first letter; optional separators are read both ways
      // ("rechnungs-?\\s?nummer": "rechnungsnummer" and "rechnungs- nummer").
      const base = alt.replace(/\[(.)[^\]]*\]/gu, '$1');
      const without = base.replace(/(?:\\[.s]|[-.\p{L}])\?/gu, '').replace(/\\[.s]/g, ' ');
      const withSep = base.replace(/\\s\??/g, ' ').replace(/\\\.\??/g, '').replace(/\?/g, '');
      for (const lit of [without, withSep]) {
        if (!/^[\p{L}' -]+$/u.test(lit)) continue;
        for (const w of lit.split(/\s+/)) if (w.replace(/-/g, '').length >= 5) words.add(w.toLowerCase());
      }
    }
  }
  vocabulary = new Map();
  for (const w of words) vocabulary.set(w.length, [...(vocabulary.get(w.length) ?? []), { word: w, folded: fold(w) }]);
  return vocabulary;
}

/** Labels of two or more words by their letters alone ("billto" → "bill to"); null where two labels share them. */
let glued: Map<string, string | null> | null = null;
function gluedLabels(): Map<string, string | null> {
  if (glued) return glued;
  glued = new Map();
  for (const re of Object.values(LABELS)) {
    for (const alt of alternatives(re.source).flatMap((a) => expand(a))) {
      if (alt.includes('(')) continue;
      const lit = alt.replace(/\[(.)[^\]]*\]/gu, '$1').replace(/\\s\??/g, ' ').replace(/\\\.\??/g, '').replace(/\?/g, '').toLowerCase();
      if (!/^\p{L}+(?: \p{L}+)+$/u.test(lit)) continue;
      const compact = lit.replace(/ /g, '');
      if (compact.length < 6) continue;
      glued.set(compact, glued.has(compact) && glued.get(compact) !== lit ? null : lit);
    }
  }
  return glued;
}

/**
 * A label whose spaces OCR lost ("BILLTO", "Billto:"; scans26): the cell's first word, its letters
 * exactly those of a label of several words, is read as that label in the word's case.
 */
function unglueLabel(text: string): string {
  const m = /^(\p{L}{6,})(?=$|[\s:#])/u.exec(text);
  if (!m) return text;
  const lit = gluedLabels().get(m[1]!.toLowerCase());
  if (!lit) return text;
  const word = m[1]!;
  const cased = word === word.toUpperCase() ? lit.toUpperCase() : word[0] === word[0]!.toUpperCase() ? lit[0]!.toUpperCase() + lit.slice(1) : lit;
  return cased + text.slice(word.length);
}

/** Typical OCR confusions folded to one spelling; accents are often lost ("Emission"). */
function fold(s: string): string {
  return s.normalize('NFD').replace(/\p{M}/gu, '').replace(/[’‘`´]/g, "'").replace(/rn/g, 'm').replace(/cl/g, 'd').replace(/vv/g, 'w').replace(/[1|!]/g, 'l').replace(/0/g, 'o');
}

function levenshtein(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      cur[j] = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      rowMin = Math.min(rowMin, cur[j]!);
    }
    if (rowMin > max) return max + 1;
    prev = cur;
  }
  return prev[b.length]!;
}

/** The label word an OCR word most likely is, or null (none close enough, or two equally close). */
export function nearestLabelWord(word: string): string | null {
  const w = word.toLowerCase();
  if (w.length < 5 || !/\p{L}{3}/u.test(w) || (w.match(/\d/g) ?? []).length > 1) return null;
  const known = nearest.get(w);
  if (known !== undefined) return known;
  const vocab = labelVocabulary();
  const fw = fold(w);
  let best: string | null = null;
  let bestD = Infinity;
  let tie = false;
  let exact = false;
  for (let len = w.length - 2; len <= w.length + 2 && !exact; len++) {
    for (const { word: v, folded } of vocab.get(len) ?? []) {
      if (v === w) {
        exact = true;
        break;
      }
      const allowed = v.length >= 12 ? 2 : v.length >= 6 ? 1 : 0;
      // Accents and apostrophes are compared folded: a lost accent and a misread one ("&") are one edit.
      const d = folded === fw ? 0.5 : Math.min(levenshtein(w, v, allowed), levenshtein(fw, folded, allowed));
      if (d > allowed && d !== 0.5) continue;
      if (d < bestD) {
        best = v;
        bestD = d;
        tie = false;
      } else if (d === bestD && v !== best) tie = true;
    }
  }
  const out = exact || tie ? null : best;
  if (nearest.size > 5000) nearest.clear();
  nearest.set(w, out);
  return out;
}

/** Length of the longest label match at the start of `text` (0 when none). */
function labelLength(text: string): number {
  let n = 0;
  for (const re of Object.values(LABELS)) n = Math.max(n, re.exec(text)?.[0].length ?? 0);
  return n;
}

/** The cell text with a misread label at its start repaired, or the text unchanged. */
export function repairOcrLabels(text: string): string {
  // A space read as a colon between two words of a label ("Involce:date: 04/02/2025").
  let spaced = unglueLabel(text.replace(/^([\p{L}.-]+):(?=\p{L}+\s*:)/u, '$1 '));
  // An apostrophe read twice inside a word ("Date d’'&mission"): one apostrophe.
  spaced = spaced.replace(/(\p{L})(['’‘`´])['’‘`´](?=[\p{L}&])/gu, '$1$2');
  // The small raised "°" of "N°" read as "?", "®", "e", "2" or "*" ("N? de facture", "Ne client"):
  // kept only when a label word follows that makes a longer label than the bare "N°" (below).
  const numero = spaced.replace(/^N(?:\?®?|®|e|2|\*)(?= \p{L})/u, 'N°');
  const numbered = numero !== spaced;
  spaced = numero;
  const words = spaced.split(' ');
  let changed = spaced !== text;
  for (let i = 0; i < Math.min(LABEL_WORDS, words.length); i++) {
    // Inside a word: apostrophes (all forms) and '&', the usual misreading of 'é' ("d’&chéance").
    const m = /^([^\p{L}\d]*)([\p{L}\d|!][\p{L}\d|!'’‘&-]*[\p{L}\d|!]|[\p{L}\d])([^\p{L}\d]*)$/u.exec(words[i]!);
    if (!m) continue;
    const fix = nearestLabelWord(m[2]!);
    if (!fix) continue;
    const cased = m[2]![0] === m[2]![0]!.toUpperCase() ? fix[0]!.toUpperCase() + fix.slice(1) : fix;
    words[i] = `${m[1]}${cased}${m[3]}`;
    changed = true;
  }
  if (!changed) return text;
  const repaired = words.join(' ');
  const n = labelLength(repaired);
  // Only a label that ends the cell, ends in ':' or '#', or precedes a number or a date: "Supplies
  // Ltd" is a name, not the label "Supplier" and a value.
  const rest = repaired.slice(n);
  if (!(n > labelLength(text) && (!rest.trim() || /[:#]\s*$/.test(repaired.slice(0, n)) || /^\s*[-\d]/.test(rest) || startsWithDate(rest)))) return text;
  // A repaired "N°" alone confirms nothing ("N2 2023-6013" may be any code): a label word must follow it.
  if (numbered && !/^N°\s*\p{L}/u.test(repaired.slice(0, n))) return text;
  return repaired;
}

/**
 * The value after a label is a date, perhaps after one short word ("Échéance le 2 septembre
 * 2026", "Due on 3 May 2024"): a date written with its month's name starts with a word, and a
 * valid date is as good a sign of a label's value as a number.
 */
function startsWithDate(rest: string): boolean {
  const lead = /^\s*(?:\p{L}{1,3}\s+)?/u.exec(rest)![0];
  return findDates(rest.slice(lead.length)).some((d) => d.index === 0);
}

// ---------------------------------------------------------------- amounts
// OCR misreads amounts in a few typical ways: a letter for a digit ("1O4,5O", "l2,00"), the
// decimal comma read as the group dot ("1.234.56"), the last decimal lost ("321,4"). Such a
// cell is repaired only when arithmetic confirms exactly one reading: the cell and its column
// neighbours add up (items to their sum, net + tax to the gross), or the row's other amounts
// do (base + tax = gross on the row). Otherwise it stays as read and is not an amount.

export interface AmountCell {
  text: string;
  bbox: { x: number; y: number; w: number; h: number };
}

const LETTER_DIGITS: Record<string, string> = { O: '0', o: '0', D: '0', I: '1', l: '1', '|': '1', S: '5', B: '8' };
/** The currency mark before or after a cell's amount (currency.ts; twins26: it was € and EUR only). */
const CURRENCY = new RegExp(`\\s*${CURRENCY_MARK}\\s*$|^\\s*${CURRENCY_MARK}\\s*`, 'giu');

/**
 * A trailing "$" read as a glyph of its shape ("1.418", "1.41S" for "1.41$"; scans26): two decimals
 * and one more character. Only a reading, and only where the column's or row's other amounts print
 * a trailing sign (`repairOcrAmounts`): a price with three decimals is printed so too.
 */
const TRAILING_SIGN_READ = /^([-\u2212]?)(\d{1,3}(?:[.,' ]\d{3})*|\d+)([.,])(\d{2})[8S5s§]$/;
/** A cell that prints its amount with a trailing currency sign ("9.41$", "10,82 €"). */
const SIGN_AFTER_AMOUNT = new RegExp(`\\d\\s*${CURRENCY_MARK}\\s*$`, 'iu');

/** Candidate readings (cents) of a cell that is not a clean amount but looks like a misread one. */
export function amountReadings(cellText: string): { cents: bigint[]; sep: ',' | '.'; trailingSign?: true } | null {
  const misread = TRAILING_SIGN_READ.exec(cellText.trim());
  if (misread && !new Set(misread[2]!.replace(/\d/g, '')).has(misread[3]!)) {
    const cents = BigInt(misread[2]!.replace(/\D/g, '')) * 100n + BigInt(misread[4]!);
    return { cents: [(misread[1] ? -1n : 1n) * cents], sep: misread[3] as ',' | '.', trailingSign: true };
  }
  const t = cellText.replace(CURRENCY, '').trim();
  const m = /^([-\u2212]?)([\dOoDIl|SB]{1,3}(?:[.,' ][\dOoDIl|SB]{3})*|[\dOoDIl|SB]+)([.,])([\dOoDIl|SB]{1,2})$/.exec(t);
  if (!m || !/\d/.test(m[2]!)) return null;
  const [, sign, intRaw, sep, decRaw] = m;
  const int = intRaw!.replace(/[OoDIl|SB]/g, (c) => LETTER_DIGITS[c]!);
  const dec = decRaw!.replace(/[OoDIl|SB]/g, (c) => LETTER_DIGITS[c]!);
  const lettered = int !== intRaw || dec !== decRaw;
  const groupSeps = new Set(int.replace(/\d/g, ''));
  const sameSep = groupSeps.has(sep!);
  // A clean amount is not a repair case.
  if (!lettered && !sameSep && dec.length === 2) return null;
  // Only one thing misread at a time; a lone letter is not a number.
  if ([lettered, sameSep, dec.length === 1].filter(Boolean).length > 1 || groupSeps.size > 1) return null;
  const units = BigInt(int.replace(/\D/g, ''));
  const decimals = dec.length === 2 ? [BigInt(dec)] : Array.from({ length: 10 }, (_, d) => BigInt(Number(dec) * 10 + d));
  return { cents: decimals.map((d) => (sign ? -1n : 1n) * (units * 100n + d)), sep: sep as ',' | '.' };
}

const cleanCents = (text: string): bigint | null => parseAmount(text)?.cents ?? null;

/** Cells of the same column as `cell` in the lines above and below it, in page order. */
function columnOf(rows: AmountCell[][], row: number, cell: AmountCell): Array<{ row: number; cell: AmountCell }> {
  const aligned = (c: AmountCell) => {
    const h = Math.max(4, Math.min(c.bbox.h, cell.bbox.h));
    const overlap = Math.min(c.bbox.x + c.bbox.w, cell.bbox.x + cell.bbox.w) - Math.max(c.bbox.x, cell.bbox.x);
    return Math.abs(c.bbox.x + c.bbox.w - (cell.bbox.x + cell.bbox.w)) <= 1.5 * h || overlap > 0.5 * Math.min(c.bbox.w, cell.bbox.w);
  };
  const out = [{ row, cell }];
  const reach = 4 * Math.max(8, cell.bbox.h);
  for (const dir of [-1, 1]) {
    let last = cell;
    for (let r = row + dir; r >= 0 && r < rows.length; r += dir) {
      const y = rows[r]![0]?.bbox.y;
      if (y === undefined) continue;
      const hit = rows[r]!.find(aligned);
      // The reach is measured from the row's first cell, or from the aligned cell itself: a label
      // cell read taller than its amount starts higher (scans26: "TPS/TVQ" 23 px above its "1.41$").
      if (Math.min(Math.abs(y - last.bbox.y), hit ? Math.abs(hit.bbox.y - last.bbox.y) : Infinity) > reach) break;
      if (!hit) continue;
      if (dir < 0) out.unshift({ row: r, cell: hit });
      else out.push({ row: r, cell: hit });
      last = hit;
    }
  }
  return out;
}

/** Readings of the cell confirmed by its column: a run of cells whose last is the sum of the others. */
function confirmedByColumn(column: Array<{ cell: AmountCell }>, at: number, readings: bigint[]): Set<bigint> {
  const ok = new Set<bigint>();
  const values = column.map((c, i) => (i === at ? null : cleanCents(c.cell.text)));
  for (let start = 0; start <= at; start++) {
    for (let end = Math.max(at, start + 2); end < column.length; end++) {
      const run = values.slice(start, end + 1);
      // Every other cell of the run must be a clean amount.
      if (run.some((v, i) => v === null && start + i !== at)) continue;
      for (const r of readings) {
        const vals = run.map((v, i) => (start + i === at ? r : v!));
        const total = vals[vals.length - 1]!;
        if (vals.slice(0, -1).reduce((a, b) => a + b, 0n) === total) ok.add(r);
      }
    }
  }
  return ok;
}

/** Readings confirmed by the row: two of its clean amounts and the reading satisfy a + b = c. */
function confirmedByRow(row: AmountCell[], cell: AmountCell, readings: bigint[]): Set<bigint> {
  const others = row.filter((c) => c !== cell).map((c) => cleanCents(c.text)).filter((v): v is bigint => v !== null && v !== 0n);
  const ok = new Set<bigint>();
  for (const r of readings) {
    for (let i = 0; i < others.length; i++) {
      for (let j = 0; j < others.length; j++) {
        if (i !== j && (others[i]! + others[j]! === r || r + others[i]! === others[j]!)) ok.add(r);
      }
    }
  }
  return ok;
}

/**
 * Repairs the misread amount cells of one OCR page whose reading arithmetic confirms; `rows`
 * are the page's lines top to bottom, each a list of cells. Returns the repaired cells with
 * their new text (the caller rewrites them).
 */
export function repairOcrAmounts(rows: AmountCell[][]): Array<{ cell: AmountCell; text: string; from: string }> {
  const out: Array<{ cell: AmountCell; text: string; from: string }> = [];
  rows.forEach((row, r) => {
    for (const cell of row) {
      const readings = amountReadings(cell.text);
      if (!readings) continue;
      const column = columnOf(rows, r, cell);
      // A misread trailing sign: the page must print the sign after its other amounts here.
      if (readings.trailingSign && ![...column.map((c) => c.cell), ...row].some((c) => c !== cell && SIGN_AFTER_AMOUNT.test(c.text.trim()))) continue;
      const byColumn = confirmedByColumn(column, column.findIndex((c) => c.cell === cell), readings.cents);
      const confirmed = byColumn.size ? byColumn : confirmedByRow(row, cell, readings.cents);
      if (confirmed.size !== 1) continue;
      const [cents] = [...confirmed];
      const text = formatCents(cents!).replace('.', readings.sep);
      out.push({ cell, text, from: cell.text });
    }
  });
  return out;
}

// ---------------------------------------------------------------- IBANs
// An IBAN misread by OCR ("DEB4 3704 …", "DE12 37O4 …") is repaired when exactly one reading
// with the usual letter/digit confusions undone passes the country length and the mod-97
// checksum (which catches every single substitution); otherwise it stays as read.

const TO_DIGIT: Record<string, string> = { O: '0', D: '0', Q: '0', I: '1', L: '1', Z: '2', S: '5', G: '6', T: '7', B: '8' };
const TO_LETTER: Record<string, string> = { '0': 'O', '1': 'I', '2': 'Z', '5': 'S', '6': 'G', '8': 'B' };
/** Countries whose account part is digits only (SWIFT IBAN registry). */
const NUMERIC_BBAN = new Set(['AT', 'BA', 'BE', 'CZ', 'DE', 'DK', 'EE', 'ES', 'FI', 'FO', 'GL', 'HR', 'HU', 'IL', 'IS', 'LT', 'ME', 'MK', 'NO', 'PL', 'PT', 'RS', 'SE', 'SI', 'SK', 'TN', 'TR', 'XK']);
const IBAN_LIKE = /\b(?=([A-Z]{2}[0-9A-Z]{2}(?:[ \u00a0]?[A-Z0-9]{4}){2,7}(?:[ \u00a0]?[A-Z0-9]{1,4})?)\b)/g;

/** The one valid IBAN an OCR token can be read as (null: none or several). */
export function ibanReading(token: string): string | null {
  const compact = compactIban(token);
  const country = compact.slice(0, 2);
  if (checkIban(compact).status === 'valid') return null;
  // Longer tokens took the next word along: try the country's length.
  const want = ibanLength(country);
  if (!want || compact.length < want) return null;
  const base = compact.slice(0, want).split('');
  // Check digits, and numeric account parts, can only be digits.
  for (let i = 2; i < base.length; i++) if ((i < 4 || NUMERIC_BBAN.has(country)) && TO_DIGIT[base[i]!]) base[i] = TO_DIGIT[base[i]!]!;
  const switchable = base.map((c, i) => (i >= 4 && !NUMERIC_BBAN.has(country) && (TO_DIGIT[c] || TO_LETTER[c]) ? i : -1)).filter((i) => i >= 0);
  const found = new Set<string>();
  const test = (chars: string[]) => {
    const s = chars.join('');
    if (checkIban(s).status === 'valid') found.add(s);
  };
  test(base);
  for (let a = 0; a < switchable.length; a++) {
    const one = [...base];
    one[switchable[a]!] = TO_DIGIT[one[switchable[a]!]!] ?? TO_LETTER[one[switchable[a]!]!]!;
    test(one);
    for (let b = a + 1; b < switchable.length; b++) {
      const two = [...one];
      two[switchable[b]!] = TO_DIGIT[two[switchable[b]!]!] ?? TO_LETTER[two[switchable[b]!]!]!;
      test(two);
    }
  }
  return found.size === 1 ? [...found][0]! : null;
}

/** The cell text with a misread IBAN replaced by its only valid reading (grouped in fours). */
export function repairOcrIbans(text: string): string {
  if (!/[A-Z]{2}[0-9A-Z]{2}/.test(text)) return text;
  // Tokens may overlap ("IBAN DEB4 …" is tried from "IBAN" and from "DEB4"): a lookahead finds both.
  let out = '';
  let at = 0;
  for (const m of text.matchAll(IBAN_LIKE)) {
    if (m.index! < at) continue;
    const token = m[1]!;
    const fixed = ibanReading(token);
    if (!fixed) continue;
    // The rest of a token that ran into the next word stays as printed.
    const rest = compactIban(token).slice(fixed.length);
    out += text.slice(at, m.index) + fixed.replace(/(.{4})(?=.)/g, '$1 ') + (rest ? ` ${rest}` : '');
    at = m.index! + token.length;
  }
  return out + text.slice(at);
}

// A VAT id's national part has a fixed shape: digits, and in a Dutch id a "B" before the last
// two. A letter where the shape has a digit, or an "8" where it has the "B", was misread, so each
// such character has one reading. Letters whose digit is beyond doubt (O and o are 0; I, l and | are
// 1; B is 8, Z is 2, G is 6; the Dutch "8" is B) are read so without more (vatocr34; generated scans:
// "NLO01234567801", "GB9B7654321"). Others (S may be 5 or 8, D, Q, T) are read so only where the
// country's check confirms the reading: German ids (ISO 7064 MOD 11,10), Dutch ids (the RSIN 11-test,
// or mod 97 of the whole id for sole traders), French ids (the key over the SIREN). At most two
// characters are read anew: more letters is a word ("DEBIT 123456"), not an id. Used for OCR repair
// only (text layers are read as printed, and sample ids on invoices fail the checks).
const VAT_SHAPES: Record<string, string> = {
  AT: 'Udddddddd', BE: 'dddddddddd', DE: 'ddddddddd', DK: 'dddddddd', EE: 'ddddddddd', EL: 'ddddddddd', FI: 'dddddddd',
  FR: 'ddddddddddd', GB: 'ddddddddd', HR: 'ddddddddddd', HU: 'dddddddd', IT: 'ddddddddddd', LU: 'dddddddd', LV: 'ddddddddddd',
  MT: 'dddddddd', NL: 'dddddddddBdd', PL: 'dddddddddd', PT: 'ddddddddd', SE: 'dddddddddddd', SI: 'dddddddd', SK: 'dddddddddd',
};
const VAT_CHECKS: Record<string, (id: string) => boolean> = { DE: (id) => germanVatChecksumValid(id.slice(2)), NL: dutchVatChecksumValid, FR: frenchVatChecksumValid };
const SURE_DIGIT: Record<string, string> = { O: '0', o: '0', I: '1', l: '1', '|': '1', B: '8', Z: '2', G: '6' };
// A lookahead, so that a word that starts like a country code ("SIRET 542 …") does not hide the id after it.
const VAT_LIKE = new RegExp(`\\b(?=(${Object.keys(VAT_SHAPES).join('|')})([ \u00a0]?)([0-9A-Za-z|](?:[ .\u00a0]?[0-9A-Za-z|]){0,15}))`, 'g');

/** The id a misread national part stands for, or null (not one, or nothing confirms the reading). */
function vatReading(country: string, body: string): string | null {
  const shape = VAT_SHAPES[country]!;
  let id = '';
  let sure = true;
  let switched = 0;
  for (const [i, c] of [...body].entries()) {
    const want = shape[i]!;
    if (want === 'd' ? /\d/.test(c) : c === want) {
      id += c;
      continue;
    }
    const read = want === 'd' ? SURE_DIGIT[c] ?? TO_DIGIT[c.toUpperCase()] : want === 'B' && c === '8' ? 'B' : undefined;
    if (!read) return null;
    id += read;
    switched++;
    if (want === 'd' && !SURE_DIGIT[c]) sure = false;
  }
  if (switched === 0 || switched > 2) return null;
  return sure || VAT_CHECKS[country]?.(`${country}${id}`) ? `${country}${id}` : null;
}

export function repairOcrVatIds(text: string): string {
  let out = '';
  let at = 0;
  for (const m of text.matchAll(VAT_LIKE)) {
    if (m.index! < at) continue;
    const [, country, space, run] = m as unknown as [string, string, string, string];
    // The id is the run's first characters in its shape's length, printed compact or in groups;
    // it must end where a token ends.
    const length = VAT_SHAPES[country]!.length;
    let body = '';
    let end = 0;
    while (end < run.length && body.length < length) {
      if (!/[ .\u00a0]/.test(run[end]!)) body += run[end];
      end++;
    }
    // More digits after a space: part of a longer number (an IBAN's groups), not an id.
    const rest = text.slice(m.index! + country.length + space.length + end);
    if (body.length < length || /^[0-9A-Za-z|]/.test(rest) || /^[ .\u00a0]\d/.test(rest)) continue;
    const id = vatReading(country, body);
    if (!id) continue;
    out += text.slice(at, m.index) + id;
    at = m.index! + country.length + space.length + end;
  }
  return out + text.slice(at);
}

/**
 * The reading model has no "à": French "à" comes back as "ä" ("Paiement ä 30 jours", "ä14
 * jours"). "ä" alone is no word in any language read here, so standing alone it is "à".
 */
export function repairOcrGrave(text: string): string {
  return text.replace(/(^|\s)ä(?=\s|\d)\s?/g, '$1à ');
}

/** An OCR cell's text with a misread label, IBAN or VAT id repaired (amounts: repairOcrAmounts). */
export function repairOcrCell(text: string): string {
  return repairOcrVatIds(repairOcrIbans(repairOcrLabels(repairOcrDots(repairOcrGrave(text)))));
}

/**
 * The small middle dot between the parts of a return-address line ("Firma · Straße · Ort") is
 * read by the fast OCR model as a guillemet: spaced on both sides it is the dot again.
 */
export function repairOcrDots(text: string): string {
  return text.replace(/(\S) [«»] (?=\S)/gu, '$1 · ');
}
