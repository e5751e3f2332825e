// Values the way a clerk reads them in the chosen language: dates, amounts with their
// currency, page lists. The engine sends ISO dates and decimal strings (spec 2.6).
import { LOCALES, type Lang } from './i18n';

/** "2026-03-31" → "31.03.2026" / "31 Mar 2026"; anything else unchanged. */
export function formatDay(iso: string, lang: Lang): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!m) return iso;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return new Intl.DateTimeFormat(LOCALES[lang], { dateStyle: 'medium', timeZone: 'UTC' }).format(d);
}

/** A decimal string ("1234.50") with its ISO currency → "1.234,50 €" / "€1,234.50". */
export function formatAmount(decimal: string | number, currency: string | null | undefined, lang: Lang): string {
  const text = String(decimal);
  if (!/^-?\d+(\.\d+)?$/.test(text)) return text;
  const digits = Math.max(2, text.split('.')[1]?.length ?? 0);
  const opts: Intl.NumberFormatOptions = { minimumFractionDigits: digits, maximumFractionDigits: digits };
  // Intl rounds through a double; amounts here stay far below 2^53 cents.
  const n = Number(text);
  if (currency && /^[A-Z]{3}$/.test(currency)) {
    try {
      return new Intl.NumberFormat(LOCALES[lang], { ...opts, style: 'currency', currency }).format(n);
    } catch {
      // an unknown code: fall through to the plain number and the code
    }
  }
  const plain = new Intl.NumberFormat(LOCALES[lang], opts).format(n);
  return currency ? `${plain} ${currency}` : plain;
}

/** A tax rate ("19" or "7.5") as a locale number. */
export function formatRate(rate: string | number, lang: Lang): string {
  const n = Number(rate);
  return Number.isFinite(n) ? new Intl.NumberFormat(LOCALES[lang], { maximumFractionDigits: 3 }).format(n) : String(rate);
}

/** [1, 3, 4] → "1, 3 and 4" / "1, 3 und 4". */
export function formatList(items: Array<string | number>, lang: Lang): string {
  return new Intl.ListFormat(LOCALES[lang], { style: 'long', type: 'conjunction' }).format(items.map(String));
}
