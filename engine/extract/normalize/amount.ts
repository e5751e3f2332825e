// Money amounts as printed in European and English layouts → dot-decimal strings (spec 2.6).
// Accepted: 1.234,56 · 1,234.56 · 1 234,56 · 1'234.56 · 1’234.56 · 12,34,567.00 · -12,00 · 12,00- · (12.00) · − 12,00.
// Money needs exactly two decimals: "1.328" (a quantity with a thousands dot) is not money. `findMoney`
// (the totals readers) also takes money printed without cents beside a currency mark or with the money
// dash ("$ 1,100", "Kč 12.100,-", nocents26).
import { CURRENCY_MARK } from './currency.js';

export interface ParsedAmount {
  /** Dot-decimal, two decimals, leading '-' when negative. */
  value: string;
  cents: bigint;
  negative: boolean;
}

/** Thousands separators: space, dot, comma, the apostrophes of Swiss prices (' and ’; money28) and the narrow spaces. */
const GROUP_CHARS = ".,'\u2019\u00a0\u202f\u2009 ";
const GROUP = `[${GROUP_CHARS}]`;
/** The integer part: groups of three, the Indian lakh grouping ("12,34,567"; money28), or plain digits. */
const INTEGER = `\\d{1,2}(?:,\\d{2})+,\\d{3}|\\d{1,3}(?:${GROUP}\\d{3})+|\\d+`;
/** An amount token inside text: optional sign, digit groups, two decimals, optional trailing sign. */
export const AMOUNT_PATTERN = new RegExp(`(?<![\\d.,'\u2019])([-\u2212\u2013]\\s?)?(\\(?)(${INTEGER})([.,])(\\d{2})(\\)?)(-)?(?![\\d]|[.,]\\d)`, 'g');

/** The currency marks beside an amount (currency.ts), stripped before parsing. */
const MARKS = new RegExp(CURRENCY_MARK, 'giu');

export function parseAmount(raw: string): ParsedAmount | null {
  const text = raw.trim().replace(MARKS, '').trim();
  AMOUNT_PATTERN.lastIndex = 0;
  const m = AMOUNT_PATTERN.exec(text);
  if (!m) return null;
  // The whole (currency-stripped) text must be the amount, apart from spaces.
  if (text.slice(0, m.index).trim() !== '' || text.slice(m.index + m[0].length).trim() !== '') return null;
  return fromMatch(m);
}

export function fromMatch(m: RegExpExecArray): ParsedAmount | null {
  const [, leadSign, open, intPart, decSep, dec, close, trailSign] = m;
  const groups = intPart!.split(new RegExp(GROUP));
  if (groups.length > 1) {
    // Thousands groups: one separator kind, never the decimal separator itself.
    const seps = new Set(intPart!.replace(/\d/g, ''));
    if (seps.size !== 1 || seps.has(decSep!)) return null;
  }
  const negative = Boolean(leadSign) || Boolean(trailSign) || (open === '(' && close === ')');
  const digits = groups.join('').replace(/^0+(?=\d)/, '');
  const cents = BigInt(digits) * 100n + BigInt(dec!);
  return { value: `${negative && cents !== 0n ? '-' : ''}${formatCents(cents)}`, cents: negative ? -cents : cents, negative };
}

export function formatCents(cents: bigint): string {
  const neg = cents < 0n;
  const abs = neg ? -cents : cents;
  const s = `${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
  return neg ? `-${s}` : s;
}

/** A cent amount's size, sign dropped (totals compare magnitudes: a credit note prints minus signs). */
export const absCents = (x: bigint): bigint => (x < 0n ? -x : x);

export function toCents(value: string): bigint {
  const neg = value.startsWith('-');
  const [i, d = '00'] = value.replace('-', '').split('.');
  const c = BigInt(i!) * 100n + BigInt(d.padEnd(2, '0').slice(0, 2));
  return neg ? -c : c;
}

export interface AmountHit extends ParsedAmount {
  index: number;
  length: number;
  raw: string;
}

/** Every money amount in a piece of text, left to right. */
export function findAmounts(text: string): AmountHit[] {
  const hits: AmountHit[] = [];
  AMOUNT_PATTERN.lastIndex = 0;
  for (let m = AMOUNT_PATTERN.exec(text); m; m = AMOUNT_PATTERN.exec(text)) {
    const a = fromMatch(m);
    if (a) hits.push({ ...a, index: m.index, length: m[0].length, raw: m[0] });
  }
  // The yen has no minor unit: every reader takes "¥110,000" / "33,000円" (recall22). Other money without
  // cents ("$4000") only the totals readers take, through findMoney.
  return /[¥￥円]/.test(text) ? withExtra(hits, moneyWithoutCentsHits(text).filter((h) => YEN.test(h.mark)).map((h) => h.hit)) : hits;
}

/** `hits` and the `extra` hits that overlap none of them, left to right (findAmounts' yen, findMoney's money without cents). */
function withExtra(hits: AmountHit[], extra: AmountHit[]): AmountHit[] {
  const more = extra.filter((y) => !hits.some((h) => y.index < h.index + h.length && h.index < y.index + y.length));
  return more.length ? [...hits, ...more].sort((a, b) => a.index - b.index) : hits;
}

/** A percent rate in text ("19 %", "5,5 %", "19.00%"): parseRate's, and raterows.ts's per line. */
export const RATE_PATTERN = String.raw`(?<![\d.,])(\d{1,2}(?:[.,]\d{1,3})?)\s?%`;
/** The first percent rate in text, 0–50 %: "19 %", "19,0%", "7.00 %" → "19.00". */
export function parseRate(raw: string): string | null {
  const m = new RegExp(RATE_PATTERN).exec(raw);
  if (!m) return null;
  const n = Number(m[1]!.replace(',', '.'));
  if (!(n >= 0 && n <= 50)) return null;
  return n.toFixed(2);
}

/** VAT rates in use in Europe: a bare number is read as a rate, or a rate inferred, only when it is one of them. */
export const STANDARD_RATES = [0, 2.1, 2.5, 3, 3.7, 4, 5, 5.5, 6, 7, 8, 8.1, 9, 10, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 27];

/**
 * The standard rate a lone row's tax implies. Tax rounded on each item line and summed is off
 * by up to half a cent per line: from a base of 100.00 on, 3 cents (issue 14 round 5).
 */
export function standardRate(taxable: bigint | null, tax: bigint): string | null {
  if (taxable === null || taxable === 0n) return null;
  const tolerance = (taxable < 0n ? -taxable : taxable) >= 10000n ? 3 : 0.51;
  for (const rate of STANDARD_RATES) if (Math.abs((Number(taxable) * rate) / 100 - Number(tax)) <= tolerance) return rate.toFixed(2);
  return null;
}

/**
 * Money printed without cents (nocents26; the one reader since money27): a whole number, or one with one
 * decimal, is money only where a currency mark (CURRENCY_MARK, or the yen's ￥ before and 円 after) is glued
 * to it, one space at most ("$ 2,300", "$4000", "550000 USD", "8.6 EUR", "Kč 10.000", "Rp2.000.000",
 * "33,000円"), or, whole, where the money dash ends it ("Kč 12.100,-", "€ 6.720,–", "980,-"). A bare integer
 * is a quantity, a year, a postcode or an id; a bare one-decimal number a rate or an hour count. Digit
 * groups are of three, one separator kind, the first group not 0 ("0,125 €/kWh" is no 125); nothing glued
 * to a Latin-script letter before it ("A4 €", "INV123 EUR"; Japanese glues amounts to their labels:
 * "合計33,000円"); no price per unit ("$60/hr", "12 €/h") and no rate after it.
 */
const NO_CENTS = new RegExp(String.raw`(?<![\d.,'\u2019])([-\u2212\u2013]\s?)?([1-9]\d{0,2}(?:${GROUP}\d{3})+|\d+)(?:([.,])(\d))?([.,][-\u2013\u2014](?!\d))?(?![\d]|[.,]\d)`, 'g');
const MARK_BEFORE = new RegExp(`(?:${CURRENCY_MARK}|￥)\\s?$`, 'iu');
const MARK_AFTER = new RegExp(`^\\s?(?:${CURRENCY_MARK}|円)`, 'iu');
const YEN = /[¥￥円]/;
const LETTER_NOT_CJK = /(?![\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}])\p{L}$/u;
/** Each hit with the mark that made it money ('' for the money dash alone). */
function moneyWithoutCentsHits(text: string): { hit: AmountHit; mark: string }[] {
  const found: { hit: AmountHit; mark: string }[] = [];
  for (const m of text.matchAll(NO_CENTS)) {
    const [raw, leadSign, intPart, decSep, dec, dash] = m;
    const before = text.slice(0, m.index);
    const after = text.slice(m.index! + raw.length);
    const markBefore = MARK_BEFORE.exec(before);
    const markAfter = MARK_AFTER.exec(after);
    if (!markBefore && LETTER_NOT_CJK.test(before)) continue;
    if (!markBefore && !markAfter && !(dash && !dec)) continue;
    if (dash && dec) continue;
    // A price per unit or a rate: "/" or "%" after the number or its mark.
    if (/^\s?(?:\/|%|per\b)/i.test(markAfter ? after.slice(markAfter[0].length) : after)) continue;
    const seps = new Set(intPart!.replace(/\d/g, ''));
    if (seps.size > 1 || (decSep && seps.has(decSep))) continue;
    const cents = BigInt(intPart!.replace(/\D/g, '')) * 100n + BigInt((dec ?? '0') + '0');
    const negative = Boolean(leadSign);
    const hit = { value: `${negative && cents !== 0n ? '-' : ''}${formatCents(cents)}`, cents: negative ? -cents : cents, negative, index: m.index!, length: raw.length, raw };
    found.push({ hit, mark: (markBefore ?? markAfter)?.[0].trim() ?? '' });
  }
  return found;
}

/**
 * A cell that is money printed without cents and nothing else: one such amount and its currency mark at an
 * end ("42 €", "8.4 €", "$4000", "USD 43", "¥48,000", "12 000 Kč"; recall19). Rates and quantities ("20 %",
 * "8.4", "1.5 h") carry no currency.
 */
export function moneyWithoutCents(cell: string): boolean {
  const t = cell.trim();
  const found = moneyWithoutCentsHits(t);
  if (found.length !== 1 || !found[0]!.mark) return false;
  const { hit, mark } = found[0]!;
  return (t.slice(0, hit.index) + t.slice(hit.index + hit.length)).trim() === mark;
}

/**
 * Every money amount in a piece of text, left to right: findAmounts' and money printed without cents beside
 * a currency mark or with the money dash (nocents26). Read by the totals readers and the selection's printed
 * amounts, not by every reader of findAmounts (item rows, the energy profile).
 */
export function findMoney(text: string): AmountHit[] {
  return withExtra(findAmounts(text), moneyWithoutCentsHits(text).map((h) => h.hit));
}
