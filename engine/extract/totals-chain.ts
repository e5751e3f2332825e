// Totals blocks whose lines chain in ways the plain net + tax = gross check does not see (issue 14, fold19:
// round 19's Spanish and Indian GST pages; docs/decisions.md, "round 19 folded in"). Each reading here is
// a fact for the selection or an amount read only where the block's arithmetic closes to the cent.
import { absCents, formatCents, parseRate, STANDARD_RATES, toCents } from './normalize/amount.js';
import { sourceOf, type EvLine, type Evidence } from './evidence.js';
import { LABELS } from './labels.js';
import { findCurrencies } from './normalize/currency.js';
import { amountCell, bareAmount, columnAbove, itemColumnSum, sameColumn } from './totals.js';
import type { Candidate } from './types.js';

/**
 * A discount line of a totals block ("Descuento Total", "Discount (10%)", "Rabatt", "Discount of 15 % (Coupon)"; disc33); not
 * a cash discount for early payment (Skonto). The label may end in the amount's sign, printed before its currency
 * ("Discount -€100.00").
 */
const DISCOUNT_LINE = /^(?:total\s+|gesamt)?(?:discount|descuento|rabatt|nachlass|remise|korting|sconto|desconto|rabat)(?:\s+(?:total|general))?(?:\s+of\s+\d{1,2}(?:[.,]\d+)?\s?%)?\s*(?:\((?:\s*\d{1,2}(?:[.,]\d+)?\s?%\s*|[\p{L} ]{1,20})\))?\s*:?\s*[-−–]?\s*$/iu;

/**
 * A charge line of a totals block (charges32): shipping, handling, freight, postage, packing, delivery, a service charge
 * ("Shipping & Handling", "Versandkosten", "Frais de port", "Verzendkosten"), perhaps with its "+" sign. Under the
 * subtotal the taxes are taken on it (netAdjusted); after the taxes it is added to the total (grossAfterCharges).
 */
const CHARGE_LINE = /^(?:shipping(?:\s*(?:&|and)\s*handling)?|handling|freight|postage|packing|packaging|delivery(?:\s+(?:charge|fee|costs?))?|service\s+charge|versand(?:kosten|pauschale)?|porto|fracht(?:kosten)?|verpackung(?:skosten)?|lieferkosten|frais\s+de\s+(?:port|livraison|transport|exp[ée]dition)|verzendkosten|verzending|spese\s+di\s+(?:spedizione|trasporto)|gastos\s+de\s+env[íi]o|env[íi]o)(?:\s+(?:charges?|fees?|costs?|kosten))?\s*:?\s*\+?\s*$/i;

/**
 * A subtotal less the discount lines and plus the charge lines printed right under it ("Subtotal General € 1.386,00 ·
 * Descuento Total € 60,00 · IVA (21%) € 291,06 · Total a Pagar € 1.617,06"; "Subtotal · Discount (41%) · Shipping &
 * Handling · State Tax (10%) · … · Order Total", charges32): a net reading (the taxed base), weaker than a labelled
 * one. The page's own arithmetic is its check: the selection keeps it only where it + the tax equals the printed
 * total to the cent (or equals a total printed without tax), whichever base the tax was taken on.
 */
export function netAdjusted(ev: Evidence, out: Candidate[], push: (c: Candidate) => void) {
  const netLines = new Set(out.filter((c) => c.field === 'net_amount' && c.value !== null && c.method === 'label_value' && typeof c.meta?.line === 'number').map((c) => c.meta!.line as number));
  for (const k of netLines) {
    // The block's amount cells as the other totals readers take them (totals.ts; twins26).
    const net = amountCell(ev.lines[k]!);
    if (!net) continue;
    let discount = 0n;
    let charges = 0n;
    let j = k + 1;
    for (; j < ev.lines.length && ev.lines[j]!.page === ev.lines[k]!.page; j++) {
      const d = amountCell(ev.lines[j]!);
      if (d && DISCOUNT_LINE.test(d.label)) discount += absCents(d.amount.cents);
      else if (d && CHARGE_LINE.test(d.label) && !d.amount.negative) charges += d.amount.cents;
      else break;
    }
    if (j === k + 1 || (discount === 0n && charges === 0n) || discount >= net.amount.cents) continue;
    const line = ev.lines[k]!;
    const transforms = ['amount:normalize', ...(discount ? ['totals:subtotal-less-discount'] : []), ...(charges ? ['totals:subtotal-plus-charges'] : [])];
    push({ field: 'net_amount', value: formatCents(net.amount.cents - discount + charges), raw: line.text, score: 2.5, method: 'totals_table', source: sourceOf(line, net.seg, line.text), transforms, meta: { line: k, page: line.page } });
  }
}

/** The Indian GST components of a totals block: "CGST Total", "SGST", "IGST @ 18%", "UTGST", "Cess Total". */
export const GST_COMPONENT = /^(?:total\s+)?(?:cgst|sgst|utgst|igst|cess)(?![\p{L}])/iu;

/**
 * The tax of an Indian GST invoice is the sum of its components, printed on consecutive lines of the totals
 * block ("CGST Total 0.00 · SGST Total 0.00 · IGST Total 1800.00 · Cess Total 0.00"): one tax amount, their
 * sum, when two or more component lines stand together. The selection checks it like any other tax.
 */
export function gstTaxTotal(ev: Evidence, out: Candidate[], push: (c: Candidate) => void) {
  const byLine = new Map<number, Candidate>();
  for (const c of out) {
    if (c.field !== 'tax_amount' || c.value === null || c.method !== 'label_value' || typeof c.meta?.line !== 'number' || !GST_COMPONENT.test(c.label ?? '')) continue;
    const prev = byLine.get(c.meta.line as number);
    if (!prev || c.score > prev.score) byLine.set(c.meta.line as number, c);
  }
  const lines = [...byLine.keys()].sort((a, b) => a - b);
  for (let i = 0; i < lines.length; ) {
    let j = i;
    while (j + 1 < lines.length && lines[j + 1] === lines[j]! + 1 && ev.lines[lines[j + 1]!]!.page === ev.lines[lines[i]!]!.page) j++;
    const run = lines.slice(i, j + 1).map((k) => byLine.get(k)!);
    i = j + 1;
    if (run.length < 2) continue;
    const sum = run.reduce((a, c) => a + toCents(c.value as string), 0n);
    const first = run[0]!;
    push({ field: 'tax_amount', value: formatCents(sum), raw: run.map((c) => c.raw).join(' + '), score: Math.max(...run.map((c) => c.score)), method: 'label_value', source: first.source, label: run.map((c) => c.label).join(' + '), transforms: ['amount:normalize', 'sum:gst-components'], meta: { line: first.meta!.line, page: first.meta!.page, rate: null } });
  }
}

/** A bare whole number (Indian or Western digit groups), perhaps after a rupee mark: a total printed without paise. */
const WHOLE_AMOUNT = /^(?:₹|rs\.?|inr)?\s*(\d{1,3}(?:,\d{2,3})+|\d+)(?:\s*\/-)?$/i;

/**
 * A grand total printed without cents ("Grand Total 11800") read only where a net and a tax read from
 * labels above it on its page add up to it exactly (the net + tax check, as fold17's tax without cents):
 * the arithmetic is its check. Nothing is read from such a line otherwise.
 */
/** The cell is a gross label and nothing more but a colon, brackets or a currency sign ("Grand Total", "Total (₹):"). */
function grossLabelOnly(cell: string): boolean {
  const m = LABELS.gross_amount.exec(cell);
  return Boolean(m) && !cell.slice(m![0].length).replace(/[:()€$₹]/g, '').trim();
}

export function grossWithoutCents(ev: Evidence, out: Candidate[], push: (c: Candidate) => void) {
  const above = (c: Candidate, line: EvLine) => c.method === 'label_value' && c.value !== null && typeof c.meta?.line === 'number' && (c.meta.line as number) < line.index && ev.lines[c.meta.line as number]!.page === line.page;
  for (const line of ev.lines) {
    if (line.segments.length < 2) continue;
    const last = line.segments[line.segments.length - 1]!;
    const m = WHOLE_AMOUNT.exec(last.text.trim());
    if (!m || !grossLabelOnly(line.segments.slice(0, -1).map((s) => s.text).join(' ').trim())) continue;
    const cents = BigInt(m[1]!.replace(/,/g, '')) * 100n;
    const nets = out.filter((c) => c.field === 'net_amount' && above(c, line)).map((c) => toCents(c.value as string));
    const taxes = out.filter((c) => c.field === 'tax_amount' && above(c, line)).map((c) => toCents(c.value as string));
    if (!nets.some((n) => taxes.some((t) => t > 0n && n + t === cents))) continue;
    push({ field: 'gross_amount', value: formatCents(cents), raw: last.text, score: 3, method: 'label_value', source: sourceOf(line, last, line.text), label: line.segments[0]!.text, transforms: ['amount:no-cents', 'confirm:net+tax=gross'], meta: { line: line.index, page: line.page } });
  }
}

/**
 * The line that closes a totals block under a labelled net and its labelled tax lines, whatever its own label
 * says ("Subtotal $6,480 · Tax $648 · Amount $7,128": a bare "Amount" heads item columns, so it is no gross
 * label; "Total paid with VAT"): its amount is the gross only where it equals that net + those taxes to the
 * cent, and only on a page where no gross was read from a label. A line with no amount between them (a rate:
 * "VAT Rate 20%") is passed over.
 */
const fromLabel = (c: Candidate) => c.method === 'label_value' && c.value !== null && typeof c.meta?.line === 'number';
/** The first tax amount read from a label on each line, by line index. */
function labelledTaxByLine(out: Candidate[]): Map<number, bigint> {
  const taxOn = new Map<number, bigint>();
  for (const c of out) if (c.field === 'tax_amount' && fromLabel(c) && !taxOn.has(c.meta!.line as number)) taxOn.set(c.meta!.line as number, toCents(c.value as string));
  return taxOn;
}
/** A gross was read from a label: the two block readers below, which need no gross label, then stand aside. */
const grossFromLabel = (out: Candidate[]) => out.some((c) => c.field === 'gross_amount' && fromLabel(c));

export function grossClosingBlock(ev: Evidence, out: Candidate[], push: (c: Candidate) => void) {
  if (grossFromLabel(out)) return;
  const taxOn = labelledTaxByLine(out);
  for (const net of out.filter((c) => c.field === 'net_amount' && fromLabel(c))) {
    const k = net.meta!.line as number;
    let tax = 0n;
    let taxLines = 0;
    let passed = 0;
    for (let j = k + 1; j < ev.lines.length && ev.lines[j]!.page === ev.lines[k]!.page; j++) {
      const t = taxOn.get(j);
      if (t !== undefined) {
        tax += t;
        taxLines++;
        continue;
      }
      const line = ev.lines[j]!;
      const cell = amountCell(line);
      if (!cell) {
        if (++passed > 1) break;
        continue;
      }
      if (taxLines && tax > 0n && !/\d/.test(cell.label) && cell.amount.cents === toCents(net.value as string) + tax) {
        push({ field: 'gross_amount', value: formatCents(cell.amount.cents), raw: cell.seg.text, score: 2.5, method: 'totals_table', source: sourceOf(line, cell.seg, line.text), label: cell.label, transforms: ['amount:normalize', 'confirm:net+tax=gross'], meta: { line: j, page: line.page } });
      }
      break;
    }
  }
}

/** `rate` percent ("19.00") of an amount in cents, rounded half up to the cent: the tax or withholding a block prints. */
const percentOf = (cents: bigint, rate: string) => (cents * BigInt(Math.round(Number(rate) * 100)) + 5000n) / 10000n;
/** The VAT rates a block that prints none may have used ("19.00"), for the blocks read by their arithmetic alone. */
const VAT_RATES = STANDARD_RATES.filter((r) => r > 0).map((r) => r.toFixed(2));

/** A net, tax or gross a totals block gives by its arithmetic alone (the readers below). */
function blockCandidate(field: 'net_amount' | 'tax_amount' | 'gross_amount', cell: NonNullable<ReturnType<typeof amountCell>>, line: EvLine, transforms: string[], label?: string, meta: Record<string, unknown> = {}): Candidate {
  return { field, value: formatCents(cell.amount.cents), raw: cell.seg.text, score: 2, method: 'totals_table', source: sourceOf(line, cell.seg, line.text), label, transforms, meta: { line: line.index, page: line.page, ...meta } };
}

/**
 * A totals block whose labels no vocabulary holds ("Veroton summa · ALV 24 % · Yhteensä", "Nettobelopp · Moms 25% ·
 * Att betala"), read by what holds in any language: three lines one under the other whose amount cells stand in one
 * column, the middle line printing a rate; the middle amount is the first × the rate (to the cent) and the third the
 * first + the middle (to the cent). Read only where no gross was read from a label on the document.
 */
export function unlabelledTotalsBlock(ev: Evidence, out: Candidate[], push: (c: Candidate) => void) {
  if (grossFromLabel(out)) return;
  const cells = ev.lines.map((l) => amountCell(l));
  for (let k = 0; k + 2 < ev.lines.length; k++) {
    const [net, tax, gross] = [cells[k], cells[k + 1], cells[k + 2]];
    if (!net || !tax || !gross || net.amount.negative || tax.amount.cents <= 0n) continue;
    const lines = [ev.lines[k]!, ev.lines[k + 1]!, ev.lines[k + 2]!];
    if (lines.some((l) => l.page !== lines[0]!.page) || !sameColumn(net.seg.bbox, tax.seg.bbox) || !sameColumn(net.seg.bbox, gross.seg.bbox)) continue;
    const rate = parseRate(tax.label);
    if (!rate || net.amount.cents + tax.amount.cents !== gross.amount.cents) continue;
    if (percentOf(net.amount.cents, rate) !== tax.amount.cents) continue;
    const transforms = ['amount:normalize', 'confirm:net×rate=tax', 'confirm:net+tax=gross'];
    push(blockCandidate('net_amount', net, lines[0]!, transforms, net.label));
    push(blockCandidate('tax_amount', tax, lines[1]!, transforms, tax.label, { rate, base: formatCents(net.amount.cents) }));
    push(blockCandidate('gross_amount', gross, lines[2]!, transforms, gross.label));
  }
}

const anyAmountCell = (line: EvLine) => amountCell(line) ?? bareAmount(line);
/** A label beyond the amount's currency code ("KES 162,500.00" has none). */
function ownLabel(cell: { label: string }): boolean {
  const label = cell.label.trim();
  const codes = findCurrencies(label);
  return Boolean(label) && !(codes.length === 1 && codes[0]!.iso && codes[0]!.length === label.length);
}

/**
 * A totals block whose net or tax label the reading lost (unread33): a light-grey "Subtotal" and "Tax (16% VAT)" that a
 * scan returns as nothing ("KES 162,500.00 · KES 26,000.00 · TOTAL DUE KES 188,500.00"), or "TVA (10%)" read as
 * "TM (10%)". Right above a total read from its label, a net (read from its label, or an amount alone) and a tax line
 * (an amount alone, or one whose label prints a rate) in the total's column: net + tax is the total to the cent, and the
 * tax is the net × the printed rate to the cent. Where no rate is printed, the one European VAT rate (STANDARD_RATES)
 * that gives the tax to the cent is the line's rate; where none or two do, the block is not read.
 */
export function unreadLabelsBlock(ev: Evidence, out: Candidate[], push: (c: Candidate) => void) {
  const taxOn = labelledTaxByLine(out);
  const netLines = new Set(out.filter((c) => c.field === 'net_amount' && fromLabel(c)).map((c) => c.meta!.line as number));
  const grossLines = new Set(out.filter((c) => c.field === 'gross_amount' && fromLabel(c)).map((c) => c.meta!.line as number));
  for (const g of grossLines) {
    const k = g - 2;
    if (k < 0 || taxOn.has(k + 1)) continue;
    const lines = [ev.lines[k]!, ev.lines[k + 1]!, ev.lines[g]!];
    if (lines.some((l) => l.page !== lines[2]!.page)) continue;
    const [net, tax] = [anyAmountCell(lines[0]!), anyAmountCell(lines[1]!)];
    const gross = amountCell(lines[2]!);
    if (!net || !tax || !gross || net.amount.negative || tax.amount.cents <= 0n || net.amount.cents + tax.amount.cents !== gross.amount.cents) continue;
    if ((ownLabel(net) && !netLines.has(k)) || !sameColumn(net.seg.bbox, tax.seg.bbox) || !sameColumn(tax.seg.bbox, gross.seg.bbox)) continue;
    const taxLabelled = ownLabel(tax);
    const printed = taxLabelled ? parseRate(tax.label) : null;
    if (taxLabelled && printed === null) continue;
    const rates = printed !== null ? [printed] : VAT_RATES;
    const fits = rates.filter((r) => percentOf(net.amount.cents, r) === tax.amount.cents);
    if (fits.length !== 1) continue;
    const transforms = ['amount:normalize', ...(printed === null ? ['totals:rate-from-amounts'] : []), 'confirm:net×rate=tax', 'confirm:net+tax=gross'];
    push(blockCandidate('net_amount', net, lines[0]!, transforms, net.label || undefined));
    push(blockCandidate('tax_amount', tax, lines[1]!, transforms, tax.label || undefined, { rate: fits[0], base: formatCents(net.amount.cents) }));
  }
}

/**
 * A total printed alone under the item column, with no label and no tax line ("28 000,00 kr" under "15 000,00 kr ·
 * 5 000,00 kr · 8 000,00 kr"; column29): the amount payable where it equals the column's items added up, to the cent.
 * Read only where nothing on the document was read as a gross or a tax from a label.
 */
export function unlabelledColumnTotal(ev: Evidence, out: Candidate[], push: (c: Candidate) => void) {
  if (grossFromLabel(out) || out.some((c) => c.field === 'tax_amount' && fromLabel(c))) return;
  for (const line of ev.lines) {
    const cell = line.segments.length === 1 ? bareAmount(line) : null;
    if (!cell || cell.amount.negative || cell.amount.cents <= 0n || itemColumnSum(ev, line, cell.seg.bbox) !== cell.amount.cents) continue;
    push({ field: 'gross_amount', value: formatCents(cell.amount.cents), raw: cell.seg.text, score: 1.5, method: 'totals_table', source: sourceOf(line, cell.seg, line.text), transforms: ['amount:normalize', 'confirm:items-sum=total'], meta: { line: line.index, page: line.page } });
  }
}

/** The amounts of the lines right above `line` whose last cell stands in the column of `bbox`, added up; null under two. */
function itemsAbove(ev: Evidence, line: EvLine, bbox: EvLine['bbox']): bigint | null {
  const { sum, items } = columnAbove(ev, line, bbox, anyAmountCell);
  return items >= 2 ? sum : null;
}

/**
 * A totals block printed with no label at all (column34): a form whose captions are graphics, so that the text layer
 * holds only the values ("¥12000 · ¥1200 · ¥13200" under twelve item lines of ¥1000, bank details printed beside the
 * last two). An amount alone under the item lines, where those lines' amounts in its column add up to it, and the next
 * two amounts below it in that column (no line gap wider than three line heights on the way): net, tax and gross, where the
 * tax is the net × exactly one rate of STANDARD_RATES to the cent and the gross the net + the tax to the cent. Read only
 * where nothing on the document was read as a gross or a tax from a label.
 */
export function bareTotalsBlock(ev: Evidence, out: Candidate[], push: (c: Candidate) => void) {
  if (grossFromLabel(out) || out.some((c) => c.field === 'tax_amount' && fromLabel(c))) return;
  for (const line of ev.lines) {
    const net = bareAmount(line);
    if (!net || net.amount.negative || net.amount.cents <= 0n || itemsAbove(ev, line, net.seg.bbox) !== net.amount.cents) continue;
    const below: Array<{ line: EvLine; cell: NonNullable<ReturnType<typeof anyAmountCell>> }> = [];
    for (let j = line.index + 1; j < ev.lines.length && below.length < 2; j++) {
      const [l, prev] = [ev.lines[j]!, ev.lines[j - 1]!];
      if (l.page !== line.page || l.bbox.y - prev.bbox.y > 3 * Math.max(prev.bbox.h, 8)) break;
      const cell = anyAmountCell(l);
      if (cell && sameColumn(cell.seg.bbox, net.seg.bbox)) below.push({ line: l, cell });
    }
    if (below.length < 2) continue;
    const [tax, gross] = below as [(typeof below)[number], (typeof below)[number]];
    if (tax.cell.amount.cents <= 0n || net.amount.cents + tax.cell.amount.cents !== gross.cell.amount.cents) continue;
    const fits = VAT_RATES.filter((r) => percentOf(net.amount.cents, r) === tax.cell.amount.cents);
    if (fits.length !== 1) continue;
    const transforms = ['amount:normalize', 'totals:rate-from-amounts', 'confirm:items-sum=net', 'confirm:net×rate=tax', 'confirm:net+tax=gross'];
    push(blockCandidate('net_amount', net, line, transforms));
    push(blockCandidate('tax_amount', tax.cell, tax.line, transforms, undefined, { rate: fits[0], base: formatCents(net.amount.cents) }));
    push(blockCandidate('gross_amount', gross.cell, gross.line, transforms));
  }
}

/**
 * Income tax the buyer withholds and pays over for the seller, printed in the totals block between the taxes and the
 * amount payable: Spanish "IRPF (15 %)" / "Retención", Italian "Ritenuta d'acconto", Portuguese "Retenção na fonte",
 * English "Withholding tax" (fold28b). It is no VAT: the block's total is net + taxes − this amount.
 */
const WITHHOLDING_LINE = /^(?:(?:less:?\s+)?withholding(?:\s+tax)?|wht|irpf|retenci[oó]n(?:\s+(?:de\s+)?irpf)?|ritenuta(?:\s+d['’]\s?acconto)?|reten[çc][ãa]o(?:\s+na\s+fonte)?(?:\s+(?:de\s+)?irs)?)\b/i;

/**
 * A totals block that withholds income tax ("Base imponible 920 € · IVA (18 %) 165.60 € · IRPF (15 %) -138.00 € ·
 * TOTAL 947.60 €"): the line closing it is the gross where it equals the labelled net + the labelled taxes − the
 * withholding, to the cent, and the withholding is its printed rate of that net (rounded half up). The gross is
 * marked with the withholding and its net so that the selection closes the block the same way. Not read where the
 * net + taxes before withholding is printed as a gross too: then the page names two totals.
 */
export function grossAfterWithholding(ev: Evidence, out: Candidate[], push: (c: Candidate) => void) {
  const taxOn = labelledTaxByLine(out);
  const grosses = new Set(out.filter((c) => c.field === 'gross_amount' && typeof c.value === 'string').map((c) => toCents(c.value as string)));
  for (let j = 0; j < ev.lines.length; j++) {
    const held = amountCell(ev.lines[j]!);
    const rate = held && WITHHOLDING_LINE.test(held.label) ? parseRate(held.label) : null;
    if (!held || rate === null) continue;
    const withheld = absCents(held.amount.cents);
    const page = ev.lines[j]!.page;
    for (const net of out.filter((c) => c.field === 'net_amount' && fromLabel(c) && (c.meta!.line as number) < j && (c.meta!.line as number) >= j - 6 && ev.lines[c.meta!.line as number]!.page === page)) {
      const n = toCents(net.value as string);
      if (percentOf(n, rate) !== withheld) continue;
      let tax = 0n;
      for (let k = (net.meta!.line as number) + 1; k < j; k++) tax += taxOn.get(k) ?? 0n;
      if (tax <= 0n || grosses.has(n + tax)) continue;
      const closing = ev.lines[j + 1];
      const cell = closing && closing.page === page ? amountCell(closing) : null;
      if (!cell || cell.amount.cents !== n + tax - withheld || /\d/.test(cell.label)) continue;
      push({ field: 'gross_amount', value: formatCents(cell.amount.cents), raw: cell.seg.text, score: 2.5, method: 'totals_table', source: sourceOf(closing!, cell.seg, closing!.text), label: cell.label, transforms: ['amount:normalize', 'confirm:net+tax-withholding=gross'], meta: { line: j + 1, page, adjustment: formatCents(-withheld), net: net.value } });
    }
  }
}

/**
 * Charges and discounts printed after the taxes, right above the line that closes the block ("Subtotal $100.00 ·
 * Sales Tax (8%) $8.00 · Shipping $10.00 · Total $118.00"; charges32): that line is the gross where it equals the
 * labelled net + the labelled taxes + the charges − the discounts, to the cent. The gross is marked with that
 * adjustment and its net (as a gross after withholding is) so that the selection closes the block the same way.
 */
export function grossAfterCharges(ev: Evidence, out: Candidate[], push: (c: Candidate) => void) {
  const taxOn = labelledTaxByLine(out);
  for (const net of out.filter((c) => c.field === 'net_amount' && fromLabel(c))) {
    const k = net.meta!.line as number;
    let tax = 0n;
    let adjustment = 0n;
    let adjusted = false;
    for (let j = k + 1; j < ev.lines.length && ev.lines[j]!.page === ev.lines[k]!.page; j++) {
      const t = taxOn.get(j);
      if (t !== undefined && !adjusted) {
        tax += t;
        continue;
      }
      const line = ev.lines[j]!;
      const cell = amountCell(line);
      if (!cell || tax <= 0n) break;
      if (CHARGE_LINE.test(cell.label) && !cell.amount.negative) {
        adjustment += cell.amount.cents;
        adjusted = true;
        continue;
      }
      if (DISCOUNT_LINE.test(cell.label)) {
        adjustment -= absCents(cell.amount.cents);
        adjusted = true;
        continue;
      }
      if (adjustment !== 0n && !/\d/.test(cell.label) && cell.amount.cents === toCents(net.value as string) + tax + adjustment) {
        push({ field: 'gross_amount', value: formatCents(cell.amount.cents), raw: cell.seg.text, score: 2.5, method: 'totals_table', source: sourceOf(line, cell.seg, line.text), label: cell.label, transforms: ['amount:normalize', 'confirm:net+tax+charges=gross'], meta: { line: j, page: line.page, adjustment: formatCents(adjustment), net: net.value } });
      }
      break;
    }
  }
}
