// Totals printed only as per-rate rows (issue 14, raterows26): "Base HT 20 % · TVA 20 % · TTC 20 %",
// "Bemessungsgrundlage 19 % · USt. 19 %", "Taxable 20% · VAT 20%" for each rate, then the invoice
// total and no total net. Whatever word labels a rate's base, its rows close by arithmetic (the rate
// applied to the base gives the tax; base + tax is the rate's gross when one is printed), and the
// rates' rows add up to the printed total. See docs/decisions.md, "per-rate total rows (`raterows26`)".
import { absCents, findAmounts, parseRate, RATE_PATTERN, type AmountHit } from './normalize/amount.js';

const RATE = new RegExp(RATE_PATTERN, 'g');

/**
 * The amounts printed on lines that name exactly one rate (the rate itself is not an amount):
 * rate ("20.00") → their amounts in cents, signed. Lines naming two rates (a table's heading,
 * "19 % / 7 %") name none.
 */
export function rateLineAmounts(text: string): Map<string, bigint[]> {
  const out = new Map<string, bigint[]>();
  for (const line of text.split('\n')) {
    // Each percent as parseRate reads it (0–50 %); a 0 % rate closes nothing.
    const rates = [...line.matchAll(RATE)].map((m) => parseRate(m[0])).filter((r): r is string => r !== null && Number(r) > 0);
    if (new Set(rates).size !== 1) continue;
    const rate = rates[0]!;
    const amounts = findAmounts(line).filter((a: AmountHit) => !/^\s?%/.test(line.slice(a.index + a.length)));
    if (amounts.length) out.set(rate, [...(out.get(rate) ?? []), ...amounts.map((a) => a.cents)]);
  }
  return out;
}

/**
 * Tax rows of two or more rates whose bases are printed on their rates' own lines and whose sums
 * meet the printed total: the rows with their bases, else null. For each rate, exactly one amount
 * printed on a line naming that rate is the base its tax confirms (the rate applied to it gives the
 * tax within a cent; a base already read must be that one); a gross read under a label naming the
 * rate ("TTC 20 %", "Brutto 19 %") must be that base plus the tax; and Σ (base + tax) must be the
 * total exactly. One rate's rows alone, or rows that miss the total, are not the totals.
 */
export function perRateRows<R extends { rate: string | null; base: bigint | null; tax: bigint }>(rows: R[], gross: bigint, lines: Map<string, bigint[]>, rateGrosses: Map<string, bigint[]>): R[] | null {
  if (rows.length < 2) return null;
  const out: R[] = [];
  let sum = 0n;
  for (const r of rows) {
    if (r.rate === null || !(Number(r.rate) > 0)) return null;
    const rate = Number(r.rate);
    const fits = [...new Set(lines.get(r.rate) ?? [])].filter((b) => absCents(b) > absCents(r.tax) && (b < 0n) === (r.tax < 0n) && Math.abs((Number(b) * rate) / 100 - Number(r.tax)) <= 1);
    if (fits.length !== 1) return null;
    const base = fits[0]!;
    if (r.base !== null && r.base !== base) return null;
    if ((rateGrosses.get(r.rate) ?? []).some((g) => g !== base + r.tax)) return null;
    sum += base + r.tax;
    out.push({ ...r, base });
  }
  return sum === gross ? out : null;
}
