// Currency symbols and names → ISO 4217 (spec 2.6).

/** ISO 4217 codes Docdesk recognizes when printed as codes. */
export const ISO_CURRENCIES = new Set(
  'EUR USD GBP CHF JPY CNY SEK NOK DKK PLN CZK HUF RON BGN HRK ISK TRY RUB UAH CAD AUD NZD HKD SGD INR BRL MXN ZAR AED SAR ILS KRW TWD THB MYR IDR PHP'.split(' '),
);

/** Symbols and words, longest first so "US$" wins over "$". */
const SYMBOLS: Array<[RegExp, string]> = [
  [/US\$|U\.S\. ?dollars?|US[- ]Dollars?/i, 'USD'],
  [/(?:CA|C)\$|canadian dollars?/i, 'CAD'],
  [/(?:AU|A)\$|australian dollars?/i, 'AUD'],
  [/NZ\$/i, 'NZD'],
  [/HK\$/i, 'HKD'],
  [/R\$/, 'BRL'],
  [/€|\beuros?\b/i, 'EUR'],
  [/£|\bpounds? sterling\b/i, 'GBP'],
  [/\bFr\.|\bSFr\.?/, 'CHF'],
  [/zł/i, 'PLN'],
  [/Kč/, 'CZK'],
  [/\bFt\b/, 'HUF'],
  [/₹/, 'INR'],
  [/¥/, 'JPY'],
  [/\$|\bdollars?\b/i, 'USD'],
];

const GLOBAL_SYMBOLS: Array<[RegExp, string]> = SYMBOLS.map(([re, code]) => [new RegExp(re.source, `${re.flags}g`), code]);

export interface CurrencyHit {
  code: string;
  index: number;
  length: number;
  raw: string;
  /** Printed as an ISO code (stronger evidence than a symbol like "$"). */
  iso: boolean;
}

export function findCurrencies(text: string): CurrencyHit[] {
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
      hits.push({ code, index: s, length: m[0].length, raw: m[0], iso: false });
    }
  }
  return hits.sort((a, b) => a.index - b.index);
}

export function normalizeCurrency(raw: string): string | null {
  const t = raw.trim();
  if (ISO_CURRENCIES.has(t.toUpperCase()) && /^[A-Za-z]{3}$/.test(t)) return t.toUpperCase();
  const hits = findCurrencies(t);
  return hits.length ? hits[0]!.code : null;
}
