// Is a truth value printed on a page? The eval's own answer, independent of the engine's readers
// (issue 14, `printed26`). eval:generic scores a hybrid invoice's truth (embedded XML, a program's data
// file) only where the visible page prints it; judging that with the engine's findAmounts / findDates made
// the scored set move with the engine (a new reader added truths, a format it cannot read dropped them).
// Written from the printed formats, not from the engine's code:
//  - amounts: decimal point or comma, thousands grouped by nothing, ".", ",", a space (also no-break or
//    narrow no-break), an apostrophe; a sign or parentheses around it are ignored; an integral value also
//    without decimals ("550,000", "12 100 Kč", "1.500,-") when it is grouped or beside a currency mark;
//  - dates: numeric day-month-year, month-day-year and year-month-day with ".", "/", "-" (days and months
//    with or without their zero, two- or four-digit years), month names and abbreviations in English,
//    German, French, Dutch, Spanish, Italian, Portuguese, Polish, Czech, Indonesian, Swedish, Danish,
//    Norwegian and Finnish, and 2020年1月1日;
//  - currencies: the ISO code as a word, its symbols and its name.
// A number is matched only whole: no digit, and no digit behind a separator, may touch it.

/** The page text compared: compatibility forms folded (full-width digits, no-break spaces), accents dropped. */
export function fold(text) {
  return String(text).normalize('NFKC').normalize('NFD').replace(/\p{M}+/gu, '');
}

const esc = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

// ------------------------------------------------------------------ currencies
/** Marks a currency is printed with besides its ISO code (after fold(): accents dropped). */
const CURRENCY_MARKS = {
  EUR: ['€', 'euro', 'euros'],
  USD: ['$', 'US$', 'US dollars', 'U.S. dollars'],
  GBP: ['£', 'pound sterling', 'pounds sterling'],
  JPY: ['¥', '円'],
  CNY: ['¥', '元', 'RMB', '人民币'],
  CHF: ['Fr.', 'SFr.', 'Franken', 'francs suisses'],
  PLN: ['zł', 'złotych', 'złoty', 'zlotych'],
  CZK: ['Kc', 'korun', 'koruna'],
  HUF: ['Ft', 'forint'],
  SEK: ['kr', 'kronor'],
  NOK: ['kr', 'kroner'],
  DKK: ['kr', 'kr.', 'kroner'],
  ISK: ['kr'],
  INR: ['₹', 'Rs', 'Rs.', 'rupees'],
  IDR: ['Rp', 'rupiah'],
  KES: ['KSh', 'Ksh', 'KShs'],
  CAD: ['C$', 'CA$', 'CAN$'],
  AUD: ['A$', 'AU$'],
  NZD: ['NZ$'],
  HKD: ['HK$'],
  SGD: ['S$'],
  BRL: ['R$', 'reais'],
  MXN: ['MX$'],
  RUB: ['₽', 'руб'],
  TRY: ['₺'],
  KRW: ['₩', '원'],
  ILS: ['₪'],
  NGN: ['₦'],
  PHP: ['₱'],
  THB: ['฿'],
  VND: ['₫'],
  UAH: ['₴'],
  RON: ['lei'],
  MYR: ['RM'],
  ZAR: ['ZAR'],
};
/** A mark stands alone: a letter does not touch its letters, and "$" is not the end of "C$" or "HK$". */
function markPattern(mark) {
  const m = esc(fold(mark));
  const before = /^\p{L}/u.test(fold(mark)) || mark === '$' ? '(?<![\\p{L}$])' : '';
  const after = /\p{L}$/u.test(fold(mark)) ? '(?!\\p{L})' : '';
  return `${before}${m}${after}`;
}

/** True when the page prints the currency `code` (ISO 4217): the code as a word, a symbol or its name. */
export function printedCurrency(code, text) {
  const c = String(code).trim().toUpperCase();
  const page = fold(text);
  if (new RegExp(`(?<!\\p{L})${esc(c)}(?!\\p{L})`, 'u').test(page)) return true;
  const marks = CURRENCY_MARKS[c] ?? [];
  // "$" alone is the US dollar, not the end of another dollar's mark ("C$", "HK$", "R$": markPattern).
  // Names ("euro", "Franken") in any case; codes and short marks ("kr", "Rs", "Ft") as printed.
  return marks.some((mark) => new RegExp(markPattern(mark), /^\p{L}{4,}/u.test(fold(mark)) ? 'iu' : 'u').test(page));
}

/** Every mark of every currency, longest first: what may stand beside an amount. */
const ANY_MARK = [...new Set([...Object.keys(CURRENCY_MARKS), ...Object.values(CURRENCY_MARKS).flat().filter((m) => m.length <= 4 || !/^\p{L}/u.test(m)), 'EUR', 'DM'])]
  .sort((a, b) => b.length - a.length).map(markPattern).join('|');

// ------------------------------------------------------------------ amounts
const GROUP = ['', '.', ',', ' ', "'", '’'];
const DECIMAL = ['.', ','];

/** Splits "1234.5" / 1234.5 / "-12" into integer digits and two decimal digits; null when not a number. */
function parts(value) {
  const n = Number(String(value).trim());
  if (!Number.isFinite(n)) return null;
  const cents = Math.round(Math.abs(n) * 100);
  return { int: String(Math.floor(cents / 100)), dec: String(cents % 100).padStart(2, '0') };
}

/** The integer digits with thousands grouped by `sep` ("" = ungrouped). */
function grouped(int, sep) {
  if (!sep) return int;
  return int.replace(/\B(?=(\d{3})+(?!\d))/g, sep);
}

/** A separator in a pattern: a space also prints as a no-break or narrow no-break space (folded to " "). */
const sepPattern = (s) => (s === ' ' ? '[ \\u00a0\\u202f\\u2009]' : esc(s));

/**
 * Nothing numeric touches the match: no digit, no digit behind a point, comma or apostrophe, on either side
 * (a space before is allowed: "2 100.00" is often a quantity and an amount); no "%" after it (a rate).
 */
const NUM_BEFORE = "(?<!\\d)(?<!\\d[.,'’])";
const NUM_AFTER = "(?!\\d)(?![.,'’]\\d)(?!\\s?%)";
/** After an integral amount also no group of three digits behind a space ("1 000" is not "1"). */
const INT_AFTER = `${NUM_AFTER}(?![ \\u00a0\\u202f]\\d{3}(?!\\d))`;

/**
 * True when the page prints the amount `value` ("1234.50", a number; its sign is ignored): with two decimals
 * in any of the usual separators, with one decimal when the second is 0 ("12.5"), and, when it is integral,
 * without decimals if it is grouped ("550,000"), followed by ",-" / ".-" or beside a currency mark ("¥48000",
 * "12 000 Kč", "USD 300").
 */
export function printedAmount(value, text) {
  const p = parts(value);
  if (!p) return false;
  const page = fold(text);
  const forms = [];
  for (const g of GROUP) {
    if (g && p.int.length <= 3) continue;
    const int = grouped(p.int, g).split(g).map(esc).join(sepPattern(g));
    for (const d of DECIMAL) {
      if (d === g) continue;
      forms.push(`${int}${esc(d)}${p.dec}`);
      if (p.dec.endsWith('0')) forms.push(`${int}${esc(d)}${p.dec[0]}(?!\\d)`);
    }
  }
  const decimals = new RegExp(`${NUM_BEFORE}(?:${forms.join('|')})${NUM_AFTER}`, 'u');
  if (decimals.test(page)) return true;
  if (p.dec !== '00') return false;
  // Integral, no decimals: grouped, or ",-", or glued to a currency mark (one space at most).
  const groupedForms = GROUP.filter((g) => g && p.int.length > 3).map((g) => grouped(p.int, g).split(g).map(esc).join(sepPattern(g)));
  const plain = esc(p.int);
  const integral = [
    ...groupedForms.map((f) => `${NUM_BEFORE}${f}${INT_AFTER}`),
    ...[plain, ...groupedForms].map((f) => `${NUM_BEFORE}${f}[.,](?:-|–|—)+`),
    ...[plain, ...groupedForms].map((f) => `(?:${ANY_MARK})[ \\u00a0\\u202f]?-?${f}${INT_AFTER}`),
    ...[plain, ...groupedForms].map((f) => `${NUM_BEFORE}${f}[ \\u00a0\\u202f]?(?:${ANY_MARK})`),
  ];
  return integral.some((re) => new RegExp(re, 'u').test(page));
}

// ------------------------------------------------------------------ dates
/** Month names and abbreviations by month (1–12), after fold() (accents dropped), any case. */
const MONTHS = [
  // en, de, fr, nl, es, it, pt, pl (nominative, genitive), cs (nominative, genitive), id, sv, da/no, fi
  ['january', 'jan', 'januar', 'janner', 'janvier', 'janv', 'januari', 'enero', 'ene', 'gennaio', 'gen', 'janeiro', 'styczen', 'stycznia', 'sty', 'leden', 'ledna', 'tammikuu', 'tammikuuta', 'tammi'],
  ['february', 'feb', 'februar', 'feber', 'fevrier', 'fevr', 'fev', 'februari', 'febrero', 'febbraio', 'fevereiro', 'luty', 'lutego', 'lut', 'unor', 'unora', 'helmikuu', 'helmikuuta', 'helmi'],
  ['march', 'mar', 'marz', 'maerz', 'mrz', 'mars', 'maart', 'mrt', 'marzo', 'marco', 'marzec', 'marca', 'brezen', 'brezna', 'maret', 'marts', 'maaliskuu', 'maaliskuuta', 'maalis'],
  ['april', 'apr', 'avril', 'avr', 'abril', 'abr', 'aprile', 'kwiecien', 'kwietnia', 'kwi', 'duben', 'dubna', 'huhtikuu', 'huhtikuuta', 'huhti'],
  ['may', 'mai', 'mei', 'mayo', 'maggio', 'mag', 'maio', 'maj', 'maja', 'kveten', 'kvetna', 'toukokuu', 'toukokuuta', 'touko'],
  ['june', 'jun', 'juni', 'juin', 'junio', 'giugno', 'giu', 'junho', 'czerwiec', 'czerwca', 'cze', 'cerven', 'cervna', 'kesakuu', 'kesakuuta', 'kesa'],
  ['july', 'jul', 'juli', 'juillet', 'juil', 'julio', 'luglio', 'lug', 'julho', 'lipiec', 'lipca', 'lip', 'cervenec', 'cervence', 'heinakuu', 'heinakuuta', 'heina'],
  ['august', 'aug', 'aout', 'augustus', 'agosto', 'ago', 'sierpien', 'sierpnia', 'sie', 'srpen', 'srpna', 'agustus', 'agu', 'agt', 'ags', 'augusti', 'elokuu', 'elokuuta', 'elo'],
  ['september', 'sep', 'sept', 'septembre', 'septiembre', 'setiembre', 'settembre', 'set', 'setembro', 'wrzesien', 'wrzesnia', 'wrz', 'zari', 'syyskuu', 'syyskuuta', 'syys'],
  ['october', 'oct', 'oktober', 'okt', 'octobre', 'octubre', 'ottobre', 'ott', 'outubro', 'out', 'pazdziernik', 'pazdziernika', 'paz', 'rijen', 'rijna', 'lokakuu', 'lokakuuta', 'loka'],
  ['november', 'nov', 'novembre', 'noviembre', 'novembro', 'listopad', 'listopada', 'lis', 'listopadu', 'marraskuu', 'marraskuuta', 'marras'],
  ['december', 'dec', 'dezember', 'dez', 'decembre', 'diciembre', 'dic', 'dicembre', 'dezembro', 'grudzien', 'grudnia', 'gru', 'prosinec', 'prosince', 'desember', 'des', 'joulukuu', 'joulukuuta', 'joulu'],
];

/**
 * True when the page prints the date `iso` (yyyy-mm-dd): numerically in day-month-year, month-day-year or
 * year-month-day order (".", "/", "-", spaces beside them; leading zeros optional; two-digit years for the
 * first two), with a month name or abbreviation ("15 August 2026", "15. srpna 2026", "August 15th, 2026",
 * "15-Aug-26", "15 de agosto de 2026", "1er août 2026"), or as 2026年8月15日.
 */
export function printedDate(iso, text) {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(String(iso).trim());
  if (!m) return false;
  const [y, mo, d] = [m[1], Number(m[2]), Number(m[3])];
  if (mo < 1 || mo > 12 || d < 1 || d > 31) return false;
  const page = fold(text);
  const Y4 = esc(y);
  const Y = `(?:${y}|'?${y.slice(2)})`;
  const D = `0?${d}`;
  const M = `0?${mo}`;
  const S = '\\s?[./-]\\s?';
  const B = '(?<!\\d)(?<!\\d[./-])';
  const A = '(?!\\d)(?![./-]\\d)';
  const numeric = [`${B}${D}${S}${M}${S}${Y}${A}`, `${B}${M}${S}${D}${S}${Y}${A}`, `${B}${Y4}${S}${M}${S}${D}${A}`];
  for (const re of numeric) {
    // The same separator twice ("15.08.2026", not "15.08-2026").
    for (const hit of page.matchAll(new RegExp(re, 'gu'))) {
      const seps = hit[0].match(/[./-]/g) ?? [];
      if (seps.length === 2 && seps[0] === seps[1]) return true;
    }
  }
  const names = [...MONTHS[mo - 1]].sort((a, b) => b.length - a.length).map(esc).join('|');
  const MN = `(?<![\\p{L}])(?:${names})(?![\\p{L}])\\.?`;
  // Ordinals: 15th, 1er, 1º (folded to "1o"), "15.".
  const DN = `(?<!\\d)0?${d}(?!\\d)(?:st|nd|rd|th|er|o|°|\\.)?`;
  const YN = `(?<!\\d)${Y}(?!\\d)`;
  const gap = '[\\s,./-]*';
  const of = '(?:(?:de|of|del)\\s+)?';
  const named = [
    `${DN}${gap}${of}${MN}${gap}${of}${YN}`,
    `${MN}${gap}${DN}${gap}${YN}`,
    `(?<!\\d)${Y4}${gap}${MN}${gap}${DN}(?![\\d])`,
    `(?<!\\d)${Y4}\\s*年\\s*0?${mo}\\s*月\\s*0?${d}\\s*日`,
  ];
  return named.some((re) => new RegExp(re, 'iu').test(page));
}
