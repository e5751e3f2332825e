// Totals blocks (issue 14, round 7): readings of the block of right-aligned amounts under the
// item lines that the label dictionaries miss, and the arithmetic that ties net, tax and gross
// together when the printed block says so (docs/decisions.md, "Generic extraction: totals
// blocks (issue 14, round 7)").
import { absCents, findAmounts, findMoney, formatCents, parseRate, toCents } from './normalize/amount.js';
import { currenciesOfSymbol, CURRENCY_MARK, findCurrencies, ISO_CURRENCIES } from './normalize/currency.js';
import { overlapX, sourceOf, type EvLine, type Evidence, type Segment } from './evidence.js';
import { itemColumnCells } from './labels.js';
import type { Candidate, TaxRow } from './types.js';

/** Value-added-tax words (not excise duties such as "Stromsteuer"); misspelt compounds too ("Umsatzssteuer"). */
const VAT_WORD = /(umsatz\p{L}{0,3}steuer|mehrwert\p{L}{0,3}steuer|versicherung\p{L}?steuer|\bmwst\b|\bust\b|\bvat\b|value added tax|valeur ajout[ée]e|omzetbelasting|\btax(?:e|es)?\b|\btva\b|\bbtw\b|\biva\b|\bigic\b|\bgst\b|\bdph\b|\b(?:tps|tvq|tvh|hst|qst|pst)\b|\bmoms\b|\bmva\b|merverdiavgift|\balv\b|arvonlis\p{L}vero|(?<!\p{L})(?:[áa]fa|kdv|k[äa]ibemaks|pvn|pvm|pdv|ddv)(?!\p{L}))/iu;
/**
 * A label cell naming a total with or without tax, a tax base or a partial amount is not a tax
 * line, whatever tax word it holds ("Total excl. VAT", "Base TVA", "inkl. 19 % MwSt"); nor is an
 * allowance or discount that names its tax category ("Allowance (Tax: 19.00%): Discount", amounts14).
 */
const NOT_TAX = /(allowance|discount|rabatt|nachlass|remise|korting|sconto|excl|exkl|incl|inkl|ohne|hors|\bht\b|ttc|netto|brutto|\bnet\b|gross|before|after|avant|apr[èe]s|base|basis|bemessung|taxable|steuerpflichtig|imponib|grondslag|payable|due\b|[àa] payer|paid|bezahlt|frei\b|exempt|befreit|\bid\b|\bno\b|\bnr\b|nummer|number|num[ée]ro|reg)/i;

// The currency marks (normalize/currency.ts), after the amount and before it in its cell.
const MARKS = new RegExp(CURRENCY_MARK, 'giu');
const MARK_BEFORE = new RegExp(`${CURRENCY_MARK}\\s*$`, 'iu');
/**
 * The line's amount cell: its last segment ends in an amount (findMoney) followed by nothing but a currency.
 * The label is the text before it: the other segments, and the start of the same segment when
 * label and amount were printed as one cell ("Taxe sur la valeur ajoutée (20,00 %) 350,69 €").
 */
export function amountCell(line: EvLine) {
  const cell = lastAmountCell(line);
  return cell?.label ? cell : null;
}

/** A line that is an amount alone, with at most its currency: no label beside it (column29). */
export function bareAmount(line: EvLine) {
  const cell = lastAmountCell(line);
  return cell && !cell.label ? cell : null;
}

function lastAmountCell(line: EvLine) {
  const last = line.segments[line.segments.length - 1];
  if (!last) return null;
  // Money without cents counts beside a currency mark or with the money dash ("$ 1,100", "€ 6.720,–"; nocents26).
  const a = findMoney(last.text).filter((x) => !/^\s?%/.test(last.text.slice(x.index + x.length))).pop();
  if (!a) return null;
  // Besides the amount, a currency or one glyph (a currency sign the font maps to another letter: "Ä59,50"). After the
  // amount any ISO code is its currency ("183 546.63 MAD"; unread33).
  const after = last.text.slice(a.index + a.length).replace(MARKS, '').trim();
  if (after.length > 1 && !(/^[A-Z]{3}$/.test(after) && ISO_CURRENCIES.has(after))) return null;
  const own = last.text.slice(0, a.index).replace(MARK_BEFORE, '').trim();
  if (own && findMoney(own).some((x) => !/^\s?%/.test(own.slice(x.index + x.length)))) return null;
  const label = [...line.segments.slice(0, -1).map((s) => s.text), own].filter(Boolean).join(' ');
  return { seg: last, amount: a, label };
}

/** Two amount cells of one column: they overlap or end at the same right edge. */
export function sameColumn(a: Segment['bbox'], b: Segment['bbox']): boolean {
  return overlapX(a, b) > 0 || Math.abs(a.x + a.w - (b.x + b.w)) < 8;
}

/** A neighbouring line (same page, next to it) ends in an amount cell in the same column. */
function inAmountColumn(ev: Evidence, line: EvLine, cell: NonNullable<ReturnType<typeof amountCell>>): boolean {
  return [line.index - 1, line.index + 1].some((k) => {
    const l = ev.lines[k];
    if (!l || l.page !== line.page || Math.abs(l.bbox.y - line.bbox.y) > line.bbox.h * 4) return false;
    const c = amountCell(l);
    return Boolean(c && sameColumn(c.seg.bbox, cell.seg.bbox));
  });
}

/**
 * Tax lines of a totals block whose label names the tax and its rate anywhere in the cell, in
 * words the label dictionaries do not start with ("Value Added Tax (19.00%)", "Taxe sur la
 * valeur ajoutée (19,00 %)", "Umsatzssteuer (19,00 %)"): one amount right of it, in the column of
 * the block's other amounts. A tax amount with its rate; the selection checks it against the
 * net and the gross like any other.
 */
export function totalsBlockTaxLines(ev: Evidence, push: (c: Candidate) => void) {
  for (const line of ev.lines) {
    const cell = amountCell(line);
    if (!cell) continue;
    const label = cell.label;
    // No amount in the label other than the rate ("19.00%" reads as an amount too).
    if (findAmounts(label).some((a) => !/^\s?%/.test(label.slice(a.index + a.length))) || !VAT_WORD.test(label) || NOT_TAX.test(label)) continue;
    const rate = parseRate(label);
    if (rate === null || !inAmountColumn(ev, line, cell)) continue;
    push({
      field: 'tax_amount',
      value: cell.amount.value,
      raw: cell.amount.raw,
      score: line.source === 'text_field' ? 1.5 : 2.5,
      method: line.source === 'text_field' ? 'text_field' : 'totals_table',
      source: sourceOf(line, cell.seg, line.text),
      label,
      transforms: ['amount:normalize', 'totals:tax-line'],
      meta: { line: line.index, page: line.page, rate },
    });
  }
}

/**
 * A totals block that prints no net ("Rock 25,00 · River Pebble 25,00 · VAT 9,50 · TOTAL 59,50"):
 * the item amounts in the column right above the tax line, up to the item table's heading row,
 * add up to the net. Only where no net was read at all, and not a reading of its own: a fact
 * (`meta.columnSum`, value null) that confirms a net derived as gross − tax, as a printed net would.
 */
export function columnSumNet(ev: Evidence, out: Candidate[], push: (c: Candidate) => void) {
  if (out.some((c) => c.field === 'net_amount' && c.value !== null)) return;
  const taxLines = new Set(out.filter((c) => c.field === 'tax_amount' && c.value !== null && typeof c.meta?.line === 'number' && c.method !== 'sentence').map((c) => c.meta!.line as number));
  for (const k of taxLines) {
    const line = ev.lines[k]!;
    const cell = amountCell(line);
    if (!cell) continue;
    const sum = itemColumnSum(ev, line, cell.seg.bbox);
    if (sum === null) continue;
    push({ field: 'net_amount', value: null, raw: line.text, score: 0, method: 'totals_table', source: null, transforms: ['totals:column-sum'], meta: { columnSum: formatCents(sum), line: k, page: line.page } });
  }
}

/**
 * The amount cells (as `cellOf` reads a line) in the column of `bbox` on the lines right above `line`, added up, and
 * the line the run stops at.
 */
export function columnAbove(ev: Evidence, line: EvLine, bbox: Segment['bbox'], cellOf: (l: EvLine) => ReturnType<typeof amountCell>): { sum: bigint; items: number; head: EvLine | undefined } {
  let sum = 0n;
  let items = 0;
  let j = line.index - 1;
  for (; j >= 0 && ev.lines[j]!.page === line.page; j--) {
    const c = cellOf(ev.lines[j]!);
    if (!c || !sameColumn(c.seg.bbox, bbox)) break;
    sum += c.amount.cents;
    items++;
  }
  return { sum, items, head: ev.lines[j] };
}

/**
 * The item amounts in the column right above `line` (amount cells ending at `bbox`'s column), added up: at least two,
 * and the column must start under the item table's heading row (no amount; three cells or more, or two that both name
 * item columns: "Leistungsbeschreibung | Betrag"); else null.
 */
export function itemColumnSum(ev: Evidence, line: EvLine, bbox: Segment['bbox']): bigint | null {
  const { sum, items, head } = columnAbove(ev, line, bbox, amountCell);
  const headingRow = head && (head.segments.length >= 3 || (head.segments.length === 2 && itemColumnCells(head.segments) === 2));
  if (items < 2 || !headingRow || head.page !== line.page || findAmounts(head.text).length) return null;
  return sum;
}

/** Statements that an invoice carries no VAT: exemption, small business, reverse charge. */
export const ZERO_TAX_CUES = /(steuerbefreit|umsatzsteuerfrei|mehrwertsteuerfrei|§\s?19\s?(abs\.?\s?\d\s)?ustg|kleinunternehmer|steuerschuldnerschaft des leistungsempf[äa]ngers|tax[- ]exempt|exempt from (?:vat|tax)|vat[- ]exempt|zero[- ]rated|reverse charge|autoliquidation|tva non applicable|exon[ée]r[ée]e? de tva|293\s?b du cgi|btw verlegd|vrijgesteld van btw|esente iva|exento de iva)/i;

/**
 * The breakdown of an invoice without VAT: net and gross are one amount and the document says
 * the tax is zero — a tax amount of 0,00 printed under a tax label, or an exemption / small
 * business / reverse-charge statement. One row at 0 % on the net. Without either, no row: a
 * total printed once is not a statement about tax. (A non-zero tax printed beside it makes net =
 * gross a conflict before this is asked: select.ts.)
 */
export function zeroTaxRow(net: bigint, all: Candidate[], text: string): TaxRow | null {
  if (net === 0n) return null;
  const printedZero = all.some((c) => c.field === 'tax_amount' && c.value === '0.00' && c.method === 'label_value');
  const cue = ZERO_TAX_CUES.exec(text);
  if (!printedZero && !cue) return null;
  const reverse = cue && /(reverse|autoliquidation|steuerschuldnerschaft|verlegd)/i.test(cue[0]);
  return { taxable_amount: formatCents(net), tax_amount: '0.00', tax_rate: '0.00', tax_collection_mechanism: reverse ? 'reverse_charge' : 'seller_collected', taxability: 'exempt' };
}

/** The tax a base gives at a rate, within a cent of the printed one. */
const rated = (base: bigint, rate: string | null, tax: string) => rate !== null && Math.abs((Number(base) * Number(rate)) / 100 - Number(toCents(tax))) <= 1;

/**
 * Several rates without printed bases, the item lines summed per rate (`bases`), and a document
 * level discount or charge that the items do not show (issue 14, round 7): every row but one is
 * confirmed by its item sum (its rate applied to the sum gives its tax), and the one left takes
 * the rest of the net, which its rate must confirm too. Bases that add up to the net and close
 * every row's tax; else null (no breakdown rather than a guessed one).
 */
export function residualBases(rows: TaxRow[], bases: Array<bigint | null>, net: bigint): bigint[] | null {
  const open = rows.map((r, i) => (bases[i] === null || !rated(bases[i]!, r.tax_rate, r.tax_amount) ? i : -1)).filter((i) => i >= 0);
  if (open.length !== 1) return null;
  const k = open[0]!;
  const rest = net - bases.reduce<bigint>((a, x, i) => a + (i === k ? 0n : x!), 0n);
  if (rest <= 0n || !rated(rest, rows[k]!.tax_rate, rows[k]!.tax_amount)) return null;
  return bases.map((x, i) => (i === k ? rest : x!));
}

/**
 * The rate a net or gross reading's own label names ("Netto 19 %", "Base HT 20 %", "Brutto 7 %"):
 * such a line is one rate's part of a breakdown, not the document's total, when several rates are
 * printed (issue 14, round 8). Null for a label without a rate.
 */
export function labelRate(c: Candidate): string | null {
  const text = c.source?.text ?? '';
  const amount = c.raw ? text.lastIndexOf(c.raw) : -1;
  return parseRate(amount > 0 ? text.slice(0, amount) : c.label ?? '');
}

/**
 * Per-rate bases printed as net lines of their own ("Netto 19 % 1.189,92" beside "USt. 19 %
 * 226,08"): rate → the amounts of net readings whose label names that rate. A tax row without a
 * printed base takes the one its rate confirms (select.ts).
 */
export function ratedNetBases(all: Candidate[]): Map<string, bigint[]> {
  const out = new Map<string, bigint[]>();
  for (const c of all) {
    if (c.field !== 'net_amount' || typeof c.value !== 'string') continue;
    const rate = labelRate(c);
    if (rate === null || Number(rate) === 0) continue;
    out.set(rate, [...(out.get(rate) ?? []), toCents(c.value)]);
  }
  return out;
}

/** The base in `bases` that a tax at `rate` confirms (its rate applied gives the tax within a cent). */
export function confirmedBase(bases: Map<string, bigint[]>, rate: string | null, tax: bigint): bigint | null {
  if (rate === null) return null;
  return (bases.get(rate) ?? []).find((b) => rated(b, rate, formatCents(tax))) ?? null;
}

/**
 * Several rates are printed (tax lines that name the tax, at two or more distinct non-zero
 * rates): the document's totals are the sum over all of them, so a set of rows that leaves one
 * rate out is one rate's lines ("Netto 19 % · USt. 19 % · Brutto 19 %"), not the totals (issue 14,
 * round 8). A row whose line names no tax (an item line, "Sondernachlass 10 % von …") does not count.
 */
export function coversRates<R extends { rate: string | null; tax: bigint; cand: Candidate }>(rows: R[], s: R[]): boolean {
  const named = (r: R) => VAT_WORD.test(r.cand.label ?? '') || VAT_WORD.test(r.cand.source?.text ?? r.cand.raw);
  const rates = new Set(rows.filter((r) => r.rate !== null && Number(r.rate) > 0 && r.tax !== 0n && named(r)).map((r) => r.rate));
  return rates.size < 2 || [...rates].every((rate) => s.some((r) => r.rate === rate));
}

/**
 * A printed reading of a total that differs from the derived one in a single digit (same length):
 * the signature of a misread glyph in one of them ("1.190,00" read as "1.190,08"). Which one was
 * misread the arithmetic cannot tell (round 8).
 */
export function misreadTwin(derived: bigint, printed: Candidate[]): boolean {
  const d = formatCents(derived);
  return printed.some((c) => {
    // One rate's net ("Netto 19 %") is another amount, not a reading of the total.
    if (typeof c.value !== 'string' || c.value.length !== d.length || c.value === d || labelRate(c) !== null) return false;
    let diff = 0;
    for (let i = 0; i < d.length; i++) if (d[i] !== c.value[i]) diff++;
    return diff === 1;
  });
}

/**
 * Two currencies read equally strongly (the totals again in a second currency, "Gegenwert in
 * CHF"): the one printed on the chosen total's line is the document's; with none printed there,
 * no currency (null). `undefined`: no tie, the selection stands (round 8).
 */
export function currencyOfTotals(cands: Candidate[], total: Candidate | null): Candidate | null | undefined {
  const best = new Map<string, Candidate>();
  for (const c of cands) if (typeof c.value === 'string' && c.score > (best.get(c.value)?.score ?? -Infinity)) best.set(c.value, c);
  const ranked = [...best.values()].sort((a, b) => b.score - a.score);
  if (ranked.length < 2 || ranked[0]!.score - ranked[1]!.score > 0.05) return undefined;
  const tied = ranked.filter((c) => ranked[0]!.score - c.score <= 0.05);
  const line = total?.source?.text ?? '';
  const own = tied.filter((c) => findCurrencies(line).some((x) => x.code === c.value || (x.shared && currenciesOfSymbol(x.raw).includes(c.value as string))));
  return own.length === 1 ? own[0]! : null;
}

export interface Block {
  net: { best: Candidate } | null;
  gross: { best: Candidate } | null;
  derived: string | null;
  confirm: string[];
}

/** A block that reads its net and gross (none derived) and closes by its sum and its rates. */
const full = (b: Block) => b.net !== null && b.gross !== null && b.derived === null && b.confirm.includes('sum') && b.confirm.includes('rate');

/** Another block than `best` that closes exactly with its rates and shares neither its net nor its gross (its conversion into a second currency aside). */
export function rivalBlock(best: Block, blocks: Block[]): boolean {
  if (!full(best)) return false;
  const amount = (x: { best: Candidate } | null) => toCents(x!.best.value as string);
  return blocks.some((b) => full(b) && amount(b.net) !== amount(best.net) && amount(b.gross) !== amount(best.gross) && !convertedBlock(best, b));
}

/**
 * The chosen block is itself the conversion of another closing block (`convertedBlock`): that block,
 * the best-scored one, is the document's totals (its labels may read weaker: "Nettobetrag" above
 * "Gesamt netto USD"). Null when the chosen block is no conversion (recall23).
 */
export function convertedFrom<B extends Block & { score: number }>(best: B, blocks: B[]): B | null {
  if (!full(best)) return null;
  const from = blocks.filter((b) => full(b) && convertedBlock(b, best)).sort((a, b) => b.score - a.score);
  return from[0] ?? null;
}

/**
 * `b` is `best`'s totals converted into a second currency ("Gegenwert in CHF", "Total in EUR",
 * "Contre-valeur en USD"): printed below them, its net and gross lines each name one ISO currency
 * code that the totals' net and gross lines do not name, and those lines name no ISO code at all
 * (a sign such as € or £ may stand there). Two blocks each naming their own code stay rivals
 * (recall23).
 */
export function convertedBlock(best: Block, b: Block): boolean {
  const src = (x: { best: Candidate } | null) => x?.best.source ?? null;
  const [bn, bg, on, og] = [src(best.net), src(best.gross), src(b.net), src(b.gross)];
  if (!bn || !bg || !on || !og || !bn.bbox || !bg.bbox || !on.bbox || !og.bbox) return false;
  const below = (x: typeof on) => x.page !== null && bn.page !== null && bg.page !== null
    && (x.page > Math.max(bn.page, bg.page) || (x.page === bn.page && x.page === bg.page && x.bbox!.y > Math.max(bn.bbox!.y, bg.bbox!.y)));
  if (!below(on) || !below(og)) return false;
  const codes = (t: string) => new Set(findCurrencies(t).filter((h) => h.iso).map((h) => h.code));
  if (codes(bn.text).size || codes(bg.text).size) return false;
  const [cn, cg] = [codes(on.text), codes(og.text)];
  return cn.size === 1 && cg.size === 1 && [...cn][0] === [...cg][0];
}

/**
 * A tax that can be the VAT on a net: the net is not zero and the tax at most 30 % of it (the
 * highest standard VAT rate in use is 27 %). A larger "tax" is another amount read for it — the
 * net itself, or the gross — and a breakdown closed with it is arithmetic by coincidence (amounts14).
 */
export function plausibleTax(net: bigint, tax: bigint): boolean {
  return net !== 0n && absCents(tax) * 10n <= absCents(net) * 3n;
}

/**
 * Printed bases of a set of tax rows, when every row prints one, add up to no more than the net
 * (within a cent per row; the rest of the net may be exempt and print no row). A row printing a
 * larger base than the net ("Tax 15 % on $ 112.90" under a section's "Subtotal $ 112.00", a line
 * item's amount beside the rate table's base) says the net was misread (amounts14).
 */
export function basesWithinNet(rows: Array<{ base: bigint | null }>, net: bigint): boolean {
  if (rows.some((r) => r.base === null)) return true;
  return absCents(rows.reduce((a, r) => a + r.base!, 0n)) <= absCents(net) + BigInt(rows.length);
}
