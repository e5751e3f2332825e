// Dates → YYYY-MM-DD (spec 2.6): numeric (d.m.y, d/m/y, m/d/y, y-m-d; 2-digit years) and
// month names in German, English, French, Dutch, Italian, Spanish, Portuguese, the Nordic languages, Polish, Czech and
// Finnish; 2024年3月15日 (recall22).

const MONTHS: Record<string, number> = {};
const add = (n: number, ...names: string[]) => names.forEach((w) => (MONTHS[w] = n));
add(1, 'januar', 'jänner', 'january', 'janvier', 'januari', 'gennaio', 'enero', 'jan', 'janv', 'ene', 'gen');
add(2, 'februar', 'feber', 'february', 'février', 'fevrier', 'februari', 'febbraio', 'febrero', 'feb', 'febr', 'févr', 'fevr');
add(3, 'märz', 'maerz', 'march', 'mars', 'maart', 'marzo', 'mär', 'mrz', 'mar', 'mrt');
add(4, 'april', 'avril', 'aprile', 'abril', 'apr', 'avr', 'abr');
add(5, 'mai', 'may', 'mei', 'maggio', 'mayo', 'mag');
add(6, 'juni', 'june', 'juin', 'giugno', 'junio', 'jun', 'giu');
add(7, 'juli', 'july', 'juillet', 'luglio', 'julio', 'jul', 'juil', 'lug');
add(8, 'august', 'août', 'aout', 'augustus', 'agosto', 'aug', 'ago');
add(9, 'september', 'septembre', 'settembre', 'septiembre', 'setiembre', 'sep', 'sept', 'set');
add(10, 'oktober', 'october', 'octobre', 'ottobre', 'octubre', 'okt', 'oct', 'ott');
add(11, 'november', 'novembre', 'noviembre', 'nov');
// Portuguese, Swedish / Norwegian / Danish, Polish (nominative and genitive), Czech (both cases) and Finnish (the
// partitive a date prints and the nominative) month names that no language above spells so (vocab28).
add(1, 'janeiro', 'styczeń', 'stycznia', 'leden', 'ledna', 'tammikuu', 'tammikuuta');
add(2, 'fevereiro', 'luty', 'lutego', 'únor', 'února', 'helmikuu', 'helmikuuta');
add(3, 'março', 'marzec', 'marca', 'březen', 'března', 'maaliskuu', 'maaliskuuta');
add(4, 'kwiecień', 'kwietnia', 'duben', 'dubna', 'huhtikuu', 'huhtikuuta');
add(5, 'maio', 'maj', 'maja', 'květen', 'května', 'toukokuu', 'toukokuuta');
add(6, 'junho', 'czerwiec', 'czerwca', 'červen', 'června', 'kesäkuu', 'kesäkuuta');
add(7, 'julho', 'lipiec', 'lipca', 'červenec', 'července', 'heinäkuu', 'heinäkuuta');
add(8, 'augusti', 'sierpień', 'sierpnia', 'srpen', 'srpna', 'elokuu', 'elokuuta');
add(9, 'setembro', 'wrzesień', 'września', 'září', 'syyskuu', 'syyskuuta');
add(10, 'outubro', 'październik', 'października', 'říjen', 'října', 'lokakuu', 'lokakuuta');
add(11, 'novembro', 'listopad', 'listopada', 'listopadu', 'marraskuu', 'marraskuuta');
add(12, 'dezembro', 'grudzień', 'grudnia', 'prosinec', 'prosince', 'joulukuu', 'joulukuuta');
// Indonesian month names that no language above spells so (fold19): Maret, Agustus, Desember.
add(3, 'maret');
add(8, 'agustus');
add(12, 'desember');
add(12, 'dezember', 'december', 'décembre', 'decembre', 'dicembre', 'diciembre', 'dez', 'dec', 'déc', 'dic');

/** A month name's letters without their accents: the key months are looked up by. */
const fold = (w: string) => w.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '');
const FOLDED = new Map(Object.entries(MONTHS).map(([w, n]) => [fold(w), n]));
/**
 * A letter with any accent: OCR reads "août" as "aoüt" or "aout", "März" as "Marz", "décembre" as "dècembre"; the Polish
 * and Czech month names carry ń, ś, ź, ř, č, ě, ů ("października", "července").
 */
const ANY_ACCENT: Record<string, string> = { a: '[aàáâäãą]', e: '[eèéêëěę]', i: '[iìíîï]', o: '[oòóôöõ]', u: '[uùúûüů]', c: '[cçčć]', n: '[nńň]', r: '[rř]', s: '[sśš]', z: '[zźżž]', y: '[yý]' };
const MONTH_ALT = [...FOLDED.keys()]
  .sort((a, b) => b.length - a.length)
  .map((w) => [...w].map((ch) => ANY_ACCENT[ch] ?? ch).join(''))
  .join('|');

export type DayOrder = 'dmy' | 'mdy';

export interface DateHit {
  value: string;
  index: number;
  length: number;
  raw: string;
  /** Both d/m and m/d readings were possible; `value` used the document's order (day first without one). */
  ambiguous: boolean;
}

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

function fullYear(y: number, digits: number, pivot: number): number {
  if (digits === 4) return y;
  // Two-digit years: the century that puts the date no later than ten years from now.
  return y <= pivot ? 2000 + y : 1900 + y;
}

export function isoDate(y: number, m: number, d: number): string | null {
  if (y < 1900 || y > 2200 || m < 1 || m > 12 || d < 1) return null;
  const days = new Date(Date.UTC(y, m, 0)).getUTCDate();
  if (d > days) return null;
  return `${y}-${pad(m)}-${pad(d)}`;
}

const YY_PIVOT = (new Date().getUTCFullYear() % 100) + 10;

// Year first with dashes or, as yyyy/mm/dd, with slashes (nocents26: "2024/02/10"), or dots ("2024.03.15.", Hungarian;
// vocab28b); the same separator twice. Day first with dots, slashes or dashes.
const NUMERIC = /(?<![\d.,/-])(\d{4})([-/.])(\d{1,2})\2(\d{1,2})(?![\d]|\.\d)|(?<![\d.,/-])(\d{1,2})([./-])(\d{1,2})\6(\d{4}|\d{2})(?![\d]|[.,]\d)/g;
const NAMED_DMY = new RegExp(`(?<![\\p{L}\\d])(\\d{1,2})(?:\\.|er|st|nd|rd|th)?\\s*(?:of\\s+|de\\s+)?(${MONTH_ALT})\\.?,?\\s*(?:del?\\s+)?(\\d{4})(?!\\d)`, 'giu');
/** The day, the month's name and the year joined by one dash or slash ("15-Mar-2024", "05-MAR-24"; dates28). */
const NAMED_DASHED = new RegExp(`(?<![\\p{L}\\d])(\\d{1,2})([-/])(${MONTH_ALT})\\2(\\d{4}|\\d{2})(?![\\d\\p{L}])`, 'giu');
/** Day first with a space after each dot, as Czech, Slovak and Slovenian print it (vocab28b): "15. 03. 2024", "1. 7. 2025". */
const DOTTED_SPACED = /(?<![\d.,])(\d{1,2})\.\s(\d{1,2})\.\s(\d{4})(?!\d)/g;
/** A date written with the year, month and day characters (recall22): "2024年3月15日", "2026年07月05日" (Japanese, Chinese). */
const YMD_CHARACTERS = /(?<!\d)(\d{4})\s?年\s?(\d{1,2})\s?月\s?(\d{1,2})\s?日/g;
const NAMED_MDY = new RegExp(`(?<![\\p{L}])(${MONTH_ALT})\\.?\\s+(\\d{1,2})(?:st|nd|rd|th)?\\s*,?\\s*(\\d{4})(?!\\d)`, 'giu');

/**
 * Every date in a text. `order` decides d/m vs m/d for slash dates that allow both; null (the
 * page gives no order) reads them day first, and `ambiguous` tells the caller.
 */
export function findDates(text: string, order: DayOrder | null = 'dmy'): DateHit[] {
  const hits: DateHit[] = [];
  const add = (m: RegExpMatchArray, v: string | null, ambiguous = false) => {
    if (v) hits.push({ value: v, index: m.index!, length: m[0].length, raw: m[0], ambiguous });
  };
  for (const m of text.matchAll(NUMERIC)) {
    if (m[1]) {
      add(m, isoDate(Number(m[1]), Number(m[3]), Number(m[4])));
      continue;
    }
    const a = Number(m[5]);
    const b = Number(m[7]);
    const y = fullYear(Number(m[8]), m[8]!.length, YY_PIVOT);
    const sep = m[6];
    const dmy = isoDate(y, b, a);
    // Slash and dash dates are written month first in the US ("12-25-2024"); a dotted date never is.
    const mdy = sep === '/' || sep === '-' ? isoDate(y, a, b) : null;
    const both = Boolean(dmy && mdy && a !== b);
    add(m, both ? (order === 'mdy' ? mdy : dmy) : (dmy ?? mdy), both);
  }
  for (const re of [NAMED_DMY, NAMED_MDY]) {
    for (const m of text.matchAll(re)) {
      const dmy = re === NAMED_DMY;
      const month = FOLDED.get(fold((dmy ? m[2] : m[1])!));
      const day = Number(dmy ? m[1] : m[2]);
      if (!hits.some((h) => m.index! < h.index + h.length && h.index < m.index! + m[0].length)) add(m, month ? isoDate(Number(m[3]), month, day) : null);
    }
  }
  for (const m of text.matchAll(NAMED_DASHED)) {
    const month = FOLDED.get(fold(m[3]!));
    add(m, month ? isoDate(fullYear(Number(m[4]), m[4]!.length, YY_PIVOT), month, Number(m[1])) : null);
  }
  for (const m of text.matchAll(DOTTED_SPACED)) add(m, isoDate(Number(m[3]), Number(m[2]), Number(m[1])));
  for (const m of text.matchAll(YMD_CHARACTERS)) add(m, isoDate(Number(m[1]), Number(m[2]), Number(m[3])));
  return hits.sort((x, y) => x.index - y.index);
}

export function parseDate(raw: string, order: DayOrder = 'dmy'): string | null {
  const hits = findDates(raw, order);
  return hits.length === 1 ? hits[0]!.value : null;
}

/**
 * The document's day order for slash and dash dates: m/d when more of them read only as m/d (second
 * number > 12) than only as d/m, d/m for the reverse. Null: no date decides.
 */
export function inferDayOrder(text: string): DayOrder | null {
  let mdy = 0;
  let dmy = 0;
  for (const m of text.matchAll(/(?<![\d/-])(\d{1,2})([/-])(\d{1,2})\2(\d{2,4})(?![\d])/g)) {
    const a = Number(m[1]);
    const b = Number(m[3]);
    // Only a date that reads one way: 34 is no day (a code "12-34-56" decides nothing).
    if (b > 12 && b <= 31 && a <= 12) mdy++;
    if (a > 12 && a <= 31 && b <= 12) dmy++;
  }
  return mdy > dmy ? 'mdy' : dmy > mdy ? 'dmy' : null;
}

/** The month a month name (or its abbreviation) names, in any of the languages above. */
export function monthOf(word: string): number | undefined {
  return FOLDED.get(fold(word.replace(/\.$/, '')));
}
