// Currency symbols and names → ISO 4217 (spec 2.6).

/**
 * ISO 4217 codes Docdesk recognizes when printed as codes. Africa, Latin America, the Middle East and South Asia were
 * added in fold28 (a Kenyan invoice in KES). Left out: the codes that are also words in capitals on invoices ("ALL",
 * "TOP", "PEN", "CUP", "GEL", "BOB", "SOS", "MOP"), read nowhere as a currency rather than as the word.
 */
export const ISO_CURRENCIES = new Set(
  ('EUR USD GBP CHF JPY CNY SEK NOK DKK PLN CZK HUF RON BGN HRK ISK TRY RUB UAH CAD AUD NZD HKD SGD INR BRL MXN ZAR AED SAR ILS KRW TWD THB MYR IDR PHP ' +
    'KES NGN GHS EGP MAD TND DZD TZS UGX RWF ETB ZMW MUR XOF XAF ARS CLP COP UYU PYG CRC GTQ DOP HNL NIO PAB JMD TTD ' +
    'QAR KWD BHD OMR JOD LBP IQD PKR BDT LKR NPR VND KHR MMK MNT KZT UZS RSD MKD BAM MDL BYN AZN').split(' '),
);

/** Symbols and words, longest first so "US$" wins over "$". */
const SYMBOLS: Array<[RegExp, string]> = [
  [/US\$|U\.S\. ?dollars?|US[- ]Dollars?/i, 'USD'],
  [/(?:CA|C)\$|canadian dollars?/i, 'CAD'],
  [/(?:AU|A)\$|australian dollars?/i, 'AUD'],
  [/NZ\$/i, 'NZD'],
  [/HK\$/i, 'HKD'],
  // The dollars of Taiwan, the Dominican Republic, Jamaica, Trinidad (symbols28: "NT$" was read as US dollars).
  [/NT\$/, 'TWD'],
  [/RD\$/, 'DOP'],
  [/(?<![A-Z])J\$/, 'JMD'],
  [/TT\$/, 'TTD'],
  [/(?<![A-Z])SG?\$/, 'SGD'],
  [/MX\$/, 'MXN'],
  [/R\$/, 'BRL'],
  [/€|\beuros?\b/i, 'EUR'],
  [/£|\bpounds? sterling\b/i, 'GBP'],
  [/\bFr\.|\bSFr\.?/, 'CHF'],
  [/zł/i, 'PLN'],
  [/Kč/, 'CZK'],
  [/\bFt\b/, 'HUF'],
  [/₹/, 'INR'],
  // Signs that name one currency each (symbols28).
  [/₺/, 'TRY'], [/₦/, 'NGN'], [/₱/, 'PHP'], [/₩/, 'KRW'], [/₴/, 'UAH'], [/₽/, 'RUB'], [/₪/, 'ILS'], [/฿/, 'THB'], [/₫/, 'VND'], [/₸/, 'KZT'], [/₼/, 'AZN'], [/₲/, 'PYG'], [/₡/, 'CRC'],
  // Words and letters only beside an amount: Romanian "lei" and Turkish "TL" after it, Malaysian "RM" before one with
  // cents (a room is "RM12").
  [/(?<=\d[\d.,]*\s?)lei\b/i, 'RON'],
  [/(?<=\d[\d.,]*\s?)TL\b/, 'TRY'],
  [/\bRM(?=\s?\d[\d,]*\.\d{2}(?!\d))/, 'MYR'],
  // "Rp" before a number is the Indonesian rupiah ("Rp2.000.000", "Rp 150.000"; nocents26); not inside a word.
  [/(?<!\p{L})Rp\.?(?=\s?\d)/u, 'IDR'],
  // 円 is the yen's own character (the yuan is 元): never shared (recall22).
  [/円/, 'JPY'],
  [/[¥￥]/, 'JPY'],
  [/\$|\bdollars?\b/i, 'USD'],
  // "kr" beside an amount ("1 250,00 kr", "kr 1.250,-"): a crown of one of four countries, no default.
  [/(?<=\d[\d.,]*-?\s?)kr\b\.?|\bkr\.?(?=\s?\d)/i, 'SEK'],
];

/**
 * Symbols that several currencies share, by the country whose currency each one is there;
 * `fallback`: the reading on a page that names none of those countries ("$" alone has been US
 * dollars on every openable document printing it, currency16; "kr" has no such reading).
 */
interface SharedSymbol {
  symbol: RegExp;
  byCountry: Record<string, string>;
  fallback: string | null;
}
const SHARED: SharedSymbol[] = [
  { symbol: /^\$$|^dollars?$/i, byCountry: { US: 'USD', CA: 'CAD', AU: 'AUD', NZ: 'NZD', SG: 'SGD', HK: 'HKD', MX: 'MXN' }, fallback: 'USD' },
  { symbol: /^kr\.?$/i, byCountry: { SE: 'SEK', NO: 'NOK', DK: 'DKK', IS: 'ISK' }, fallback: null },
  { symbol: /^[¥￥]$/, byCountry: { JP: 'JPY', CN: 'CNY' }, fallback: 'JPY' },
];
const sharedSymbol = (raw: string): SharedSymbol | undefined => SHARED.find((x) => x.symbol.test(raw.trim()));

/** The currencies a printed symbol can stand for: several for a shared one ("$", "kr", "¥"), else its own. */
export function currenciesOfSymbol(raw: string): string[] {
  const shared = sharedSymbol(raw);
  if (shared) return Object.values(shared.byCountry);
  const own = findCurrencies(raw)[0];
  return own ? [own.code] : [];
}

/**
 * Where a page says it was written, as cue levels: an ISO code printed on it first, then tax registrations (they name the
 * issuer's country: an Australian ABN, a Canadian HST number, a NZ GST number), then addresses,
 * country names, phone prefixes and words of the country's language.
 */
const TAX_CUES: Array<[string, RegExp]> = [
  ['AU', /\bA\.?B\.?N\.?\s*:?\s*\d{2}\s?\d{3}\s?\d{3}\s?\d{3}\b|\bACN\s*:?\s*\d{3}\s?\d{3}\s?\d{3}\b/],
  ['CA', /\b(?:GST\/HST|HST|QST|TVQ|TPS)\b|\b\d{9}\s?RT\s?\d{4}\b/],
  ['NZ', /\bGST\s*(?:No\.?|Number|Reg(?:istration)?\.?(?:\s*No\.?)?)\s*:?\s*\d{2,3}-\d{3}-\d{3}\b|\bNZBN\b|\bIRD\s*(?:No\.?|Number)/i],
  ['SG', /\bGST\s*Reg(?:istration)?\.?\s*(?:No\.?|Number)\s*:?\s*(?:M\d-?\d{7}-?\d|\d{8,9}[A-Z])\b|\bUEN\b/i],
  ['MX', /\bRFC\s*:?\s*[A-Z&Ñ]{3,4}\d{6}[A-Z\d]{3}\b/],
  ['SE', /\bSE\s?\d{10}01\b|\bbankgiro|\bplusgiro|\bF-?skatt/i],
  ['NO', /\bNO\s?\d{9}\s?MVA\b|\bMVA\b|foretaksregisteret/i],
  ['DK', /\bCVR(?:-?nr\.?)?\s*:?\s*\d{8}\b|\bDK\s?\d{8}\b/],
];
const US_STATES = 'AL|AK|AZ|AR|CA|CO|CT|DE|DC|FL|GA|HI|ID|IL|IN|IA|KS|KY|LA|ME|MD|MA|MI|MN|MS|MO|MT|NE|NV|NH|NJ|NM|NY|NC|ND|OH|OK|OR|PA|RI|SC|SD|TN|TX|UT|VT|VA|WA|WV|WI|WY';
/** A US state and ZIP code ("Springfield, IL 62704"). */
export const US_ADDRESS = new RegExp(`\\b(?:${US_STATES}),?[ \\t]+\\d{5}(?:-\\d{4})?(?![\\d-])`);
const PLACE_CUES: Array<[string, RegExp]> = [
  ['US', new RegExp(`${US_ADDRESS.source}|\\bUnited States(?: of America)?\\b|\\bU\\.S\\.A\\.?|\\bUSA\\b`)],
  ['CA', /\b(?:ON|QC|BC|AB|MB|SK|NS|NB|NL|PE|YT|NU)[ \t]+[A-Z]\d[A-Z] ?\d[A-Z]\d\b|\bCanada\b/],
  ['AU', /\b(?:NSW|VIC|QLD|TAS)[ \t]+\d{4}\b|\bAustralia\b|\+61(?=[\s(-]*\d(?:[\s()./-]?\d){5})/],
  ['NZ', /\bNew Zealand\b|\bAotearoa\b|\+64(?=[\s(-]*\d(?:[\s()./-]?\d){5})/],
  ['SG', /\bSingapore\b|\+65(?=[\s(-]*\d(?:[\s()./-]?\d){5})/],
  ['HK', /\bHong Kong\b|\+852(?=[\s(-]*\d(?:[\s()./-]?\d){5})/],
  ['MX', /(?<!\bNew )\bM[ée]xico\b|\+52(?=[\s(-]*\d(?:[\s()./-]?\d){5})/],
  ['SE', /\bSverige\b|\bSweden\b|\+46(?=[\s(-]*\d(?:[\s()./-]?\d){5})|förfallodatum|\batt betala\b/i],
  ['NO', /\bNorge\b|\bNorway\b|\+47(?=[\s(-]*\d(?:[\s()./-]?\d){5})|forfallsdato|å betale\b/i],
  ['DK', /\bDanmark\b|\bDenmark\b|\+45(?=[\s(-]*\d(?:[\s()./-]?\d){5})|forfaldsdato|\bat betale\b/i],
  ['IS', /\bÍsland\b|\bIceland\b|\+354(?=[\s(-]*\d(?:[\s()./-]?\d){5})|\bgjalddagi\b/i],
  ['JP', /\bJapan\b|日本|\+81(?=[\s(-]*\d(?:[\s()./-]?\d){5})|株式会社|請求書/],
  ['CN', /\bChina\b|中国|\+86(?=[\s(-]*\d(?:[\s()./-]?\d){5})|发票|人民币|\bRMB\b/],
];
/** The country of an ISO code printed on the page ("Total in CAD", "USD 2,940.00"): it beats every other cue. */
const CODE_COUNTRY: Record<string, string> = { USD: 'US', CAD: 'CA', AUD: 'AU', NZD: 'NZ', SGD: 'SG', HKD: 'HK', MXN: 'MX', SEK: 'SE', NOK: 'NO', DKK: 'DK', ISK: 'IS', JPY: 'JP', CNY: 'CN' };
/**
 * A currency code as a currency: beside an amount ("CAD 1,100.00", "1.100,00 SEK"), after "in" or
 * a currency label, or in parentheses ("Amount (AUD)"), on one line. Not any three capitals: "CAD drawings".
 */
const CODES = Object.keys(CODE_COUNTRY).join('|');
const PRINTED_CODE = new RegExp(`\\b(${CODES})[ \\t]{0,3}(?=[\\d-])|(?<=\\d[ \\t]{0,3})(${CODES})\\b|(?:\\b(?:in|In|IN|[Cc]urrency|CURRENCY|[Dd]evise|[Ww]ährung|[Vv]aluta|[Mm]oneda)[ \\t]*:?[ \\t]*|\\()(${CODES})\\b`, 'g');
export type CountryCues = string[][];
export function pageCountries(text: string): CountryCues {
  const printed = [...text.matchAll(PRINTED_CODE)].map((m) => CODE_COUNTRY[(m[1] ?? m[2] ?? m[3])!]).filter((c): c is string => Boolean(c));
  return [printed, ...[TAX_CUES, PLACE_CUES].map((cues) => cues.filter(([, re]) => re.test(text)).map(([c]) => c))];
}

/** The page's country: the first cue level that names any, when it names one (null: none, or two). `cues`: pageCountries(text), when the caller has them. */
export function pageCountry(text: string, cues: CountryCues = pageCountries(text)): string | null {
  const level = cues.find((l) => l.length > 0);
  const named = [...new Set(level ?? [])];
  return named.length === 1 ? named[0]! : null;
}

/**
 * A shared symbol's currency on a page with these cues: the first cue level that names one of the
 * symbol's countries decides; two of them at that level (a US address and a Canadian one) give no
 * currency (precision first); none at all, the symbol's fallback.
 */
function resolveShared(shared: SharedSymbol, cues: CountryCues | undefined): string | null {
  for (const level of cues ?? []) {
    const named = [...new Set(level.filter((c) => shared.byCountry[c]))];
    if (named.length === 1) return shared.byCountry[named[0]!]!;
    if (named.length > 1) return null;
  }
  return shared.fallback;
}

const GLOBAL_SYMBOLS: Array<[RegExp, string]> = SYMBOLS.map(([re, code]) => [new RegExp(re.source, `${re.flags}g`), code]);

export interface CurrencyHit {
  code: string;
  index: number;
  length: number;
  raw: string;
  /** Printed as an ISO code (stronger evidence than a symbol like "$"). */
  iso: boolean;
  /** A symbol several currencies share ("$", "kr", "¥"): `code` is the page country's reading of it. */
  shared?: boolean;
}

/**
 * Every currency printed in a text. `cues` (pageCountries of the whole page) read a shared
 * symbol: "$" on a Canadian page is CAD, "kr" on a Swedish one SEK; without a country "$" is USD,
 * "¥" JPY and "kr" nothing.
 */
export function findCurrencies(text: string, cues?: CountryCues): CurrencyHit[] {
  const hits: CurrencyHit[] = [];
  for (const m of text.matchAll(/\b([A-Z]{3})\b/g)) {
    if (ISO_CURRENCIES.has(m[1]!)) hits.push({ code: m[1]!, index: m.index!, length: 3, raw: m[1]!, iso: true });
  }
  const taken: Array<[number, number]> = hits.map((h) => [h.index, h.index + h.length]);
  for (const [re, code] of GLOBAL_SYMBOLS) {
    for (const m of text.matchAll(re)) {
      const s = m.index!;
      const e = s + m[0].length;
      if (taken.some(([a, b]) => s < b && a < e)) continue;
      taken.push([s, e]);
      const shared = sharedSymbol(m[0]);
      const resolved = shared ? resolveShared(shared, cues) : code;
      if (resolved) hits.push({ code: resolved, index: s, length: m[0].length, raw: m[0], iso: false, ...(shared ? { shared: true } : {}) });
    }
  }
  return hits.sort((a, b) => a.index - b.index);
}

/**
 * The currency codes printed beside an amount: the codes of the corpus's totals, the Nordic crowns, the
 * forint and the leu. No series code of a document number either (candidates.ts `NOT_A_SERIES`).
 */
export const AMOUNT_CODES = 'EUR|USD|GBP|CHF|CZK|PLN|SEK|NOK|DKK|HUF|RON';
/**
 * The currency marks printed beside an amount (one list, recall22 and twins26: totals.ts `amountCell`, the
 * cents-free totals, amount.ts `parseAmount` and doctype.ts's money cell each kept one): the signs, the
 * codes above, the Czech and Polish signs and the Nordic crowns' "kr" (column29), in any case; a code not inside a word ("42EUR" is one,
 * "EURO" is not); the rupiah's "Rp" only before a number (nocents26).
 */
export const CURRENCY_MARK = String.raw`(?:[€$£¥]|(?<!\p{L})(?:${AMOUNT_CODES})(?!\p{L})|kč|zł|(?<!\p{L})kr\.?(?!\p{L})|(?<!\p{L})rp(?=\s?(?:\d|$)))`;

/**
 * A currency glued to a number (one test, recall22; before, dates.ts `moneyBesideCell`, the currency
 * loop of candidates.ts and the cents-free totals each wrote their own): a number ends right before
 * the mark ("550000 USD", "42 €", "1'250 CHF") or starts right after it ("$4000", "USD 43", "€ -12,50"),
 * at most one space between. A number glued to a letter is a code or a size ("INV123 EUR", "A4 €"),
 * no price.
 */
const NUMBER_BEFORE = /(?<![\p{L}\d.,])\d[\d.,']*\s?$/u;
const NUMBER_AFTER = /^\s?-?\d/;
export function gluedToNumber(text: string, mark: { index: number; length: number }): boolean {
  return NUMBER_BEFORE.test(text.slice(0, mark.index)) || NUMBER_AFTER.test(text.slice(mark.index + mark.length));
}

export function normalizeCurrency(raw: string): string | null {
  const t = raw.trim();
  if (ISO_CURRENCIES.has(t.toUpperCase()) && /^[A-Za-z]{3}$/.test(t)) return t.toUpperCase();
  const hits = findCurrencies(t);
  return hits.length ? hits[0]!.code : null;
}
