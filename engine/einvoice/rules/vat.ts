// The VAT-category rule families of EN 16931 (BR-S, BR-Z, BR-E, BR-AE, BR-IC, BR-G, BR-O,
// BR-AF (IGIC, code L), BR-AG (IPSI, code M)), generated from one descriptor per category:
// the same ten questions are asked of every category, with category-specific answers.
import type { AllowanceCharge, InvoiceLine, InvoiceModel, VatBreakdown } from '../model.js';
import type { Rule } from '../rule.js';
import { cenLines, count, d, has, num, ONE, round2, rule } from './util.js';

type SellerRequirement = 'seller_any' | 'seller_vat' | 'reverse_charge' | 'intra_community' | 'none_at_all';
type RateRule = 'positive' | 'zero' | 'non_negative' | 'absent';

interface Family {
  prefix: string;
  code: string;
  /** 01: breakdown: 'exactly_one' when used, or 'at_least_one' (and none when unused). */
  breakdown: 'exactly_one' | 'at_least_one';
  seller: SellerRequirement;
  rate: RateRule;
  /** 08 per rate (S, L, M) or for the whole category. */
  perRate: boolean;
  /** 09: tax amount zero, or taxable × rate within ±1. */
  taxZero: boolean;
  /** 10: exemption reason required (true) or forbidden (false). */
  exemption: boolean;
}

const FAMILIES: Family[] = [
  { prefix: 'BR-S', code: 'S', breakdown: 'at_least_one', seller: 'seller_any', rate: 'positive', perRate: true, taxZero: false, exemption: false },
  { prefix: 'BR-Z', code: 'Z', breakdown: 'exactly_one', seller: 'seller_any', rate: 'zero', perRate: false, taxZero: true, exemption: false },
  { prefix: 'BR-E', code: 'E', breakdown: 'exactly_one', seller: 'seller_any', rate: 'zero', perRate: false, taxZero: true, exemption: true },
  { prefix: 'BR-AE', code: 'AE', breakdown: 'exactly_one', seller: 'reverse_charge', rate: 'zero', perRate: false, taxZero: true, exemption: true },
  { prefix: 'BR-IC', code: 'K', breakdown: 'exactly_one', seller: 'intra_community', rate: 'zero', perRate: false, taxZero: true, exemption: true },
  { prefix: 'BR-G', code: 'G', breakdown: 'exactly_one', seller: 'seller_vat', rate: 'zero', perRate: false, taxZero: true, exemption: true },
  { prefix: 'BR-O', code: 'O', breakdown: 'exactly_one', seller: 'none_at_all', rate: 'absent', perRate: false, taxZero: true, exemption: true },
  { prefix: 'BR-AF', code: 'L', breakdown: 'at_least_one', seller: 'seller_any', rate: 'non_negative', perRate: true, taxZero: false, exemption: false },
  { prefix: 'BR-AG', code: 'M', breakdown: 'at_least_one', seller: 'seller_any', rate: 'non_negative', perRate: true, taxZero: false, exemption: false },
];

function sellerOk(m: InvoiceModel, req: SellerRequirement): boolean {
  const sellerVat = has(m.seller.vat_id);
  const sellerAny = sellerVat || has(m.seller.tax_registration_id);
  const repVat = has(m.tax_representative?.vat_id);
  const buyerVat = has(m.buyer.vat_id);
  switch (req) {
    case 'seller_any':
      return sellerAny || repVat;
    case 'seller_vat':
      return sellerVat || repVat;
    case 'reverse_charge':
      return (sellerAny || repVat) && (buyerVat || has(m.buyer.legal_registration_id?.value) || (m.syntax === 'ubl' && has(m.buyer.tax_registration_id)));
    case 'intra_community':
      return (sellerVat || repVat) && buyerVat;
    case 'none_at_all':
      return !sellerVat && !repVat && !buyerVat;
  }
}

function rateOk(v: string | undefined, r: RateRule): boolean {
  switch (r) {
    case 'positive':
      return has(v) && num(v) > 0n;
    case 'zero':
      return has(v) && num(v) === 0n;
    case 'non_negative':
      return has(v) && num(v) >= 0n;
    case 'absent':
      return !has(v);
  }
}

const sameRate = (a: string | undefined, b: string | undefined) => (has(a) ? num(a) : null) === (has(b) ? num(b) : null);

function taxableExpected(m: InvoiceModel, f: Family, b: VatBreakdown): bigint {
  const lines = cenLines(m).filter((l: InvoiceLine) => l.vat_category === f.code && (!f.perRate || sameRate(l.vat_rate, b.rate)));
  const acs = (xs: AllowanceCharge[]) => xs.filter((a) => a.vat_category === f.code && (!f.perRate || sameRate(a.vat_rate, b.rate)));
  const s = (xs: Array<string | undefined>) => xs.reduce((t, v) => t + num(v), 0n);
  const lineSum = s(lines.map((l) => l.net_amount));
  const charges = s(acs(m.charges).map((a) => a.amount));
  const allowances = s(acs(m.allowances).map((a) => a.amount));
  if (m.syntax === 'ubl') return lineSum + charges - allowances;
  return round2(lineSum) + round2(charges) - round2(allowances);
}

function familyRules(f: Family): Rule[] {
  const id = (n: string) => `${f.prefix}-${n}`;
  const R = (n: string, about: string, check: Rule['check']) => rule(id(n), 'error', ['cen'], about, check);
  const lineUses = (m: InvoiceModel) => cenLines(m).some((l) => l.vat_category === f.code);
  const acUses = (m: InvoiceModel) => [...m.allowances, ...m.charges].some((a) => a.vat_category === f.code);
  const breakdowns = (m: InvoiceModel) => m.vat_breakdown.filter((b) => b.category === f.code);
  return [
    R('01', 'BG-23', ({ model: m }) => {
      const n = breakdowns(m).length;
      const used = lineUses(m) || acUses(m);
      if (m.syntax === 'ubl') {
        if (f.breakdown === 'exactly_one') return used ? n !== 1 : n > 1;
        return used ? n === 0 : n > 0;
      }
      // The CII binding counts occurrences: a used category needs its breakdown row(s), and
      // a breakdown row of an unused category is an error too (except O, where only rows count).
      if (f.breakdown === 'exactly_one') return f.code === 'O' ? n > 0 && !(n === 1 && used) : (n > 0 || used) && !(n === 1 && used);
      const lineCount = cenLines(m).filter((l) => l.vat_category === f.code).length;
      const acCount = [...m.allowances, ...m.charges].filter((a) => a.vat_category === f.code).length;
      return !((lineCount + n >= 2 || lineCount === 0) && (acCount + n >= 2 || acCount === 0));
    }),
    R('02', 'BT-151', ({ model: m }) => lineUses(m) && !sellerOk(m, f.seller)),
    R('03', 'BT-95', ({ model: m }) => m.allowances.some((a) => a.vat_category === f.code) && !sellerOk(m, f.seller)),
    R('04', 'BT-102', ({ model: m }) => m.charges.some((a) => a.vat_category === f.code) && !sellerOk(m, f.seller)),
    R('05', 'BT-152', ({ model: m }) => count(cenLines(m), (l) => l.vat_category === f.code && !rateOk(l.vat_rate, f.rate))),
    R('06', 'BT-96', ({ model: m }) => count(m.allowances, (a) => a.vat_category === f.code && !rateOk(a.vat_rate, f.rate))),
    R('07', 'BT-103', ({ model: m }) => count(m.charges, (a) => a.vat_category === f.code && !rateOk(a.vat_rate, f.rate))),
    R('08', 'BT-116', ({ model: m }) =>
      count(breakdowns(m), (b) => {
        if (!has(b.taxable_amount)) return false;
        // "every $rate in Percent": a row without a rate is not checked per rate.
        if (f.perRate && !has(b.rate)) return false;
        const taxable = d(b.taxable_amount)!;
        const expected = taxableExpected(m, f, b);
        const tolerant = m.syntax === 'ubl' ? f.perRate : !f.perRate && f.code !== 'O';
        return tolerant ? !(taxable - ONE < expected && taxable + ONE > expected) : taxable !== expected;
      }),
    ),
    R('09', 'BT-117', ({ model: m }) =>
      count(breakdowns(m), (b) => {
        if (f.taxZero) return has(b.tax_amount) && num(b.tax_amount) !== 0n;
        if (f.code !== 'S' && m.syntax !== 'ubl') return false;
        if (!has(b.rate)) return m.syntax === 'ubl' || f.code === 'S';
        if (!has(b.tax_amount) || !has(b.taxable_amount)) return false;
        const a = num(b.tax_amount) < 0n ? -num(b.tax_amount) : num(b.tax_amount);
        const base = num(b.taxable_amount) < 0n ? -num(b.taxable_amount) : num(b.taxable_amount);
        const expected = round2((base * num(b.rate)) / 100n / ONE);
        return !(a - ONE < expected && a + ONE > expected);
      }),
    ),
    R('10', 'BT-120/121', ({ model: m }) =>
      count(breakdowns(m), (b) => {
        const present = has(b.exemption_reason) || has(b.exemption_reason_code);
        return f.exemption ? !present : present;
      }),
    ),
  ];
}

/** Rules only some families have. */
const EXTRA: Rule[] = [
  rule('BR-IC-11', 'error', ['cen'], 'BT-72/BG-14', ({ model: m }) => m.vat_breakdown.some((b) => b.category === 'K') && !has(m.delivery?.actual_delivery_date) && !(m.invoice_period && (has(m.invoice_period.start) || has(m.invoice_period.end)))),
  rule('BR-IC-12', 'error', ['cen'], 'BT-80', ({ model: m }) => m.vat_breakdown.some((b) => b.category === 'K') && !has(m.delivery?.address?.country_code)),
  rule('BR-O-11', 'error', ['cen'], 'BG-23', ({ model: m }) => {
    if (!m.vat_breakdown.some((b) => b.category === 'O')) return false;
    // CII looks at every ApplicableTradeTax, the lines' included.
    const others = m.syntax === 'ubl' ? m.vat_breakdown.map((b) => b.category) : [...m.vat_breakdown.map((b) => b.category), ...cenLines(m).map((l) => l.vat_category)];
    return others.some((c) => c !== undefined && c !== 'O');
  }),
  rule('BR-O-12', 'error', ['cen'], 'BT-151', ({ model: m }) => m.vat_breakdown.some((b) => b.category === 'O') && cenLines(m).some((l) => l.vat_category !== 'O')),
  rule('BR-O-13', 'error', ['cen'], 'BT-95', ({ model: m }) => m.vat_breakdown.some((b) => b.category === 'O') && m.allowances.some((a) => a.vat_category !== 'O')),
  rule('BR-O-14', 'error', ['cen'], 'BT-102', ({ model: m }) => m.vat_breakdown.some((b) => b.category === 'O') && m.charges.some((a) => a.vat_category !== 'O')),
];

export const VAT_RULES: Rule[] = [...FAMILIES.flatMap(familyRules), ...EXTRA];
