// Value parsers of the energy extractor that the generic normalizers do not cover:
// German quantities and prices, addresses, market-location identifiers. Money and dates go
// through engine/extract/normalize (one normalizer per kind of value).
import type { Address } from '../payload.js';

/** A German (or plain) number: "1.732" → "1732", "1.234,5" → "1234.5", "0,275" → "0.275". */
export function parseNumber(raw: string): string | null {
  const t = raw.trim().replace(/[\s\u00a0\u202f]/g, '');
  let m = /^-?\d{1,3}(?:\.\d{3})+(?:,\d+)?$/.exec(t);
  if (m) return clean(t.replace(/\./g, '').replace(',', '.'));
  m = /^-?\d+(?:,\d+)?$/.exec(t);
  if (m) return clean(t.replace(',', '.'));
  m = /^-?\d+\.\d{1,2}$|^-?\d+\.\d{4,}$/.exec(t);
  if (m) return clean(t);
  return null;
}

function clean(v: string): string {
  return v.replace(/^(-?)0+(?=\d)/, '$1');
}

/** Shift a dot-decimal string by `places` decimal places to the left (ct → EUR). */
export function shiftLeft(v: string, places: number): string {
  const neg = v.startsWith('-');
  const [i, d = ''] = v.replace('-', '').split('.');
  const digits = (i! + d).padStart(places + d.length + 1, '0');
  const cut = digits.length - (d.length + places);
  let out = `${digits.slice(0, cut).replace(/^0+(?=\d)/, '')}.${digits.slice(cut)}`;
  out = out.replace(/0+$/, '').replace(/\.$/, '');
  return (neg ? '-' : '') + out;
}

export function twoDecimals(v: string): string {
  const [i, d = ''] = v.split('.');
  return `${i}.${(d + '00').slice(0, Math.max(2, d.replace(/0+$/, '').length))}`;
}

const NUM = String.raw`\d{1,3}(?:\.\d{3})+(?:,\d+)?|\d+(?:[.,]\d+)?`;

export interface UnitPrice {
  /** As printed, dot-decimal. */
  value: string;
  /** `ct` prices are per kWh or m³; `eur` prices per year, month, day, kWh or unit. */
  currency: 'ct' | 'eur';
  per: 'kWh' | 'm3' | 'year' | 'month' | 'day' | 'piece' | null;
  raw: string;
  index: number;
}

const PER: Record<string, UnitPrice['per']> = { kwh: 'kWh', 'm³': 'm3', m3: 'm3', jahr: 'year', a: 'year', jahre: 'year', monat: 'month', mon: 'month', mt: 'month', tag: 'day', stück: 'piece', stk: 'piece' };

/** Prices such as "11,39 Cent/kWh", "14,93 ct/kWh", "82,80 EUR/Jahr", "97,00 €/Jahr", "8,50 € pro Monat". */
export function findUnitPrices(text: string): UnitPrice[] {
  const out: UnitPrice[] = [];
  // OCR turns "Cent/kWh" into "CenU/kWh", "CenVkWh": the slash may be eaten by the letter after "Cen".
  const re = new RegExp(String.raw`(?<![\d.,])(${NUM})\s?(ct|cent|cen[tuvl1i]{0,2}|eur|€)\s?(?:/|je|pro|(?<=cen[tuvl1i]))\s?(kwh|m³|m3|jahr|a|monat|mon|mt|tag|stück|stk)\b\.?`, 'gi');
  for (const m of text.matchAll(re)) {
    const value = parseNumber(m[1]!);
    if (!value) continue;
    const cur = m[2]!.toLowerCase();
    out.push({ value, currency: cur === 'ct' || cur.startsWith('cen') ? 'ct' : 'eur', per: PER[m[3]!.toLowerCase()] ?? null, raw: m[0], index: m.index! });
  }
  return out;
}

export interface Quantity {
  value: string;
  unit: 'kWh' | 'm3' | 'day' | 'month' | 'piece';
  raw: string;
  index: number;
}

const QTY_UNIT: Record<string, Quantity['unit']> = { kwh: 'kWh', 'm³': 'm3', m3: 'm3', tage: 'day', tag: 'day', 'tg.': 'day', tg: 'day', monate: 'month', monat: 'month', 'mon.': 'month', stück: 'piece', stk: 'piece' };

/** Quantities with a unit, not followed by a price slash: "1.295 kWh", "273 Tage", "1.030 m³". */
export function findQuantities(text: string): Quantity[] {
  const out: Quantity[] = [];
  const re = new RegExp(String.raw`(?<![\d.,])(${NUM})\s?(kwh|m³|m3|tage|tag|tg\.?|monate|monat|mon\.|stück|stk)(?![\p{L}/])`, 'giu');
  for (const m of text.matchAll(re)) {
    // "11,39 Cent/kWh" has kWh after a slash: the regex's lookbehind-free form would not see it,
    // so reject quantities whose number is directly preceded by a currency word.
    const before = text.slice(Math.max(0, m.index! - 2), m.index!);
    if (/\/\s?$/.test(before)) continue;
    const value = parseNumber(m[1]!);
    if (value) out.push({ value, unit: QTY_UNIT[m[2]!.toLowerCase()] ?? 'kWh', raw: m[0], index: m.index! });
  }
  return out;
}

// ------------------------------------------------------------------ identifiers

/** BDEW check digit of an 11-digit market location id. */
export function maloValid(id: string): boolean {
  if (!/^[1-9]\d{10}$/.test(id)) return false;
  let odd = 0;
  let even = 0;
  for (let i = 0; i < 10; i++) {
    if (i % 2 === 0) odd += Number(id[i]);
    else even += Number(id[i]);
  }
  return (10 - ((odd + 2 * even) % 10)) % 10 === Number(id[10]);
}

/** Metering point (MeLo / Zählpunkt): printed with spaces or dots, 33 characters compact. */
export function normalizeMelo(raw: string): string | null {
  const c = raw.replace(/[\s.]/g, '').toUpperCase();
  return /^DE\d{6}\d{5}[A-Z0-9]{20}$/.test(c) ? c : null;
}

export function findMelos(text: string): Array<{ value: string; raw: string; index: number }> {
  const out: Array<{ value: string; raw: string; index: number }> = [];
  for (const m of text.matchAll(/\bDE(?:[\s.]?[A-Z0-9]){31}(?![A-Z0-9])/gi)) {
    const v = normalizeMelo(m[0]);
    if (v) out.push({ value: v, raw: m[0], index: m.index! });
  }
  return out;
}

export function findMalos(text: string): Array<{ value: string; raw: string; index: number }> {
  const out: Array<{ value: string; raw: string; index: number }> = [];
  for (const m of text.matchAll(/(?<![\dA-Z])(\d(?:\s?\d){10})(?![\d])/g)) {
    const v = m[1]!.replace(/\s/g, '');
    if (maloValid(v)) out.push({ value: v, raw: m[1]!, index: m.index! });
  }
  return out;
}

// ------------------------------------------------------------------ addresses

const STREET = /^(.*?\p{L}[\p{L}.\-'’ ]*?\.?)\s+(\d{1,4}\s?[a-zA-Z]?(?:\s?[-–/]\s?\d{1,4}\s?[a-zA-Z]?)?)$/u;
const CITY = /^(?:D[-–]\s?)?(\d{5})\s+(\p{L}[\p{L} .\-/]*\p{L}(?:\s\(\p{L}[\p{L} .]*\))?)$/u;

export function parseStreet(raw: string): { street: string; house_number: string } | null {
  const t = raw.trim().replace(/\s+/g, ' ').replace(/,$/, '');
  if (/postfach|^pf\b/i.test(t)) return null;
  const m = STREET.exec(t);
  if (!m || m[1]!.length < 3) return null;
  return { street: m[1]!.trim(), house_number: m[2]!.replace(/\s+/g, '') };
}

export function parseCity(raw: string): { postal_code: string; city: string } | null {
  const m = CITY.exec(raw.trim().replace(/\s+/g, ' ').replace(/[,.]$/, ''));
  return m ? { postal_code: m[1]!, city: m[2]!.trim() } : null;
}

/** "Bahnhofstraße 27, 79117 Freiburg" or "Rheinallee 21 · 55116 Mainz" (one line). */
export function parseAddressLine(raw: string): Address | null {
  const parts = raw.split(/\s*[,·|•]\s*|\s{2,}/).map((s) => s.trim()).filter(Boolean);
  for (let i = 0; i + 1 < parts.length; i++) {
    const s = parseStreet(parts[i]!);
    const c = s && parseCity(parts[i + 1]!);
    if (s && c) return { ...s, ...c, country_code: 'DE' };
  }
  return null;
}

/** Words that end a town on a line: the contact details, register data or labels printed after the address. */
const AFTER_TOWN = /^(?:tel(?:efon|\.)?|fax|e-?mail|www|web|internet|rechnungs|kunden|ihr|ihre|seite|datum|ust|steuer|sitz|register|amtsgericht|hr[ab]|bank|iban|service|hotline|gläubiger|geschäftsf)/i;
/** Lower-case words inside a town's name ("Frankfurt am Main", "Bad Homburg vor der Höhe"). */
const TOWN_JOINER = /^(?:am|an|der|die|vor|ob|im|in|bei|a\.|i\.|v\.d\.)$/;

/**
 * A sender line as OCR returns it (address34): street, number, postcode and town with the printed "·" between them
 * read as nothing, "-", "+" or ":", and the next cell joined ("Rheinallee 21 55116 Mainz Telefon …", "- Am Sandtorkai
 * 44 - 20457 Hamburg Rechnungs-Nr. …"). The street is the capitalised words (up to four) before the number; the town
 * its words after the postcode, up to a word that begins the contact details or another label. Never a Postfach.
 */
export function parseAddressRun(raw: string): Address | null {
  const m = /(\p{Lu}[\p{L}.\-'’]*(?:\s\p{L}[\p{L}.\-'’]*){0,3})\s(\d{1,4}\s?[a-z]?)\s?[,·•|+:\-–]?\s(\d{5})\s(.+)$/u.exec(raw.replace(/\s+/g, ' '));
  if (!m || /postfach/i.test(m[1]!)) return null;
  const words = m[4]!.split(' ');
  const town: string[] = [];
  for (const w of words) {
    const word = w.replace(/[,.;:]$/, '');
    if (AFTER_TOWN.test(word) || !(/^\p{Lu}[\p{L}\-]*$/u.test(word) || (town.length && TOWN_JOINER.test(word)))) break;
    town.push(word);
    if (word !== w) break;
  }
  while (town.length && TOWN_JOINER.test(town[town.length - 1]!)) town.pop();
  if (!town.length) return null;
  return { street: m[1]!.trim(), house_number: m[2]!.replace(/\s+/g, ''), postal_code: m[3]!, city: town.join(' '), country_code: 'DE' };
}

export function addressFromLines(streetLine: string, cityLine: string): Address | null {
  const s = parseStreet(streetLine);
  const c = parseCity(cityLine);
  return s && c ? { ...s, ...c, country_code: 'DE' } : null;
}
