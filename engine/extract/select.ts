// Selection by consistency: money fields are chosen together (net + Σ tax = gross, tax ≈
// taxable × rate), dates by order (due ≥ issue), IBAN by context with the Q3 recovery, BIC by
// its IBAN. Disagreeing strong candidates → conflict_fields; rejected values → rejected_fields.
import { absCents, findMoney, formatCents, standardRate, toCents } from './normalize/amount.js';
import { recoverIban } from './normalize/iban.js';
import { bicFromBankDirectory } from './normalize/bic.js';
import { footerParty, identifierClash, keepPlausible, plausibleName, returnAddressIsDate, sameName, sameParty, withoutRoleWord } from './agreement.js';
import { basesWithinNet, confirmedBase, convertedFrom, coversRates, currencyOfTotals, labelRate, misreadTwin, plausibleTax, ratedNetBases, rivalBlock, residualBases, ZERO_TAX_CUES, zeroTaxRow } from './totals.js';
import { perRateRows, rateLineAmounts } from './raterows.js';
import { dueFromTerm, ORDER_UNKNOWN, ownNumberDates } from './dates.js';
import { ocrConfidence } from './evidence.js';
import type { Candidate, GenericField, TaxRow } from './types.js';

export interface Chosen {
  value: unknown;
  winner: Candidate | null;
  derived_from?: string[];
  transforms?: string[];
}

export interface Selection {
  chosen: Partial<Record<GenericField, Chosen>>;
  conflict_fields: Set<string>;
  rejected_fields: Set<string>;
  recovered_fields: Set<string>;
  reasons: Set<string>;
  /** The readings selection weighed for a field, after its plausibility filters (field-agreement.ts judges rivals among them). */
  considered: Partial<Record<GenericField, Candidate[]>>;
}

/** Sums scores of equal values: the same value found by several rules is stronger. */
export function rank(cands: Candidate[], key: (c: Candidate) => string = (c) => JSON.stringify(c.value)): Array<{ key: string; score: number; best: Candidate; all: Candidate[] }> {
  const groups = new Map<string, { key: string; score: number; best: Candidate; all: Candidate[] }>();
  for (const c of cands) {
    if (c.value === null || c.value === undefined) continue;
    const k = key(c);
    const g = groups.get(k);
    if (!g) groups.set(k, { key: k, score: c.score, best: c, all: [c] });
    else {
      // Repeats add a little (footers repeat on every page); the best single reading counts most.
      g.score = Math.max(g.score, c.score) + Math.min(0.5, 0.15 * Math.max(0, c.score));
      if (c.score > g.best.score) g.best = c;
      g.all.push(c);
    }
  }
  return [...groups.values()].sort((a, b) => b.score - a.score || (a.best.source?.page ?? 0) - (b.best.source?.page ?? 0) || (a.best.source?.bbox?.y ?? 0) - (b.best.source?.bbox?.y ?? 0));
}

function pickSimple(sel: Selection, field: GenericField, cands: Candidate[], opts: { min?: number; conflictMargin?: number } = {}) {
  sel.considered[field] = cands;
  const ranked = rank(cands);
  const top = ranked[0];
  if (!top || top.score < (opts.min ?? 0.5)) return;
  sel.chosen[field] = { value: top.best.value, winner: top.best };
  const second = ranked[1];
  // Two strong, labelled readings that disagree: keep the better, flag for review (Q1).
  // Compared on their best single readings: printing one value twice does not outvote a
  // second, equally well-labelled value.
  if (second && second.best.score >= 3 && top.best.score - second.best.score < (opts.conflictMargin ?? 0.3) && top.best.method === 'label_value' && second.best.method === 'label_value') sel.conflict_fields.add(field);
}

/**
 * A date chosen from a slash date that reads both ways on a page with no cue to the order
 * (03/04/2026: 3 April or March 4) is no value, unless another reading of the same value needs
 * no order: a wrong date is worse than none (cleanup9). Nothing is derived from it.
 */
function withoutUnorderedDate(sel: Selection, field: 'issue_date' | 'payment_due_date', cands: Candidate[]) {
  const winner = sel.chosen[field]?.winner;
  const unordered = (c: Candidate) => c.transforms.includes(ORDER_UNKNOWN);
  if (!winner || !unordered(winner) || cands.some((c) => c.value === winner.value && !unordered(c))) return;
  delete sel.chosen[field];
  sel.conflict_fields.delete(field);
  sel.reasons.add(`${field}_day_order_unknown`);
}

export function select(all: Candidate[], text: string): Selection {
  // The amounts the page prints, money without cents beside a currency mark included (nocents26).
  const found = findMoney(text);
  printedAmounts = new Set(found.map((a) => a.value.replace('-', '')));
  printedSigned = new Set(found.map((a) => a.value));
  const sel: Selection = { chosen: {}, conflict_fields: new Set(), rejected_fields: new Set(), recovered_fields: new Set(), reasons: new Set(), considered: {} };
  const by = (f: GenericField) => all.filter((c) => c.field === f);

  // Identifiers that are another field's value (a date, a phone number, the IBAN, a VAT id).
  const otherValues = all.filter((c) => c.field === 'iban' || c.field === 'sender_vat_number').map((c) => c.value);
  const identifier = (v: unknown) => !identifierClash(v, otherValues);
  pickSimple(sel, 'document_number', keepPlausible(by('document_number'), identifier));
  pickSimple(sel, 'customer_number', keepPlausible(by('customer_number'), identifier), { min: 2, conflictMargin: -Infinity });
  // A VAT id printed in the recipient's block (address window, bill-to) is the recipient's.
  type Region = { page: number; x0: number; x1: number; y0: number; y1: number };
  const regions: Region[] = [];
  const inRecipientBlock = (c: Candidate) => {
    const b = c.source?.bbox;
    return Boolean(b && regions.some((r) => c.source!.page === r.page && b.x >= r.x0 && b.x <= r.x1 && b.y >= r.y0 && b.y <= r.y1));
  };
  pickSimple(sel, 'currency', by('currency'));
  // A name that heads the address window or a bill-to block, or that a recipient label
  // ("Customer", "Bill to") heads, is the recipient's: weak sender readings of the same party (a
  // legal form somewhere on the page, with or without the form) are dropped. With the sender's
  // own name missing, they made the customer the sender and then dropped the recipient (wrong14).
  const addressed = by('recipient_name').filter((c) => (c.method === 'address_block' && c.score >= 2) || (c.label !== undefined && c.method !== 'text_field'));
  const senders = keepPlausible(withoutRoleWord(by('sender_name')), plausibleName).filter((c) => !returnAddressIsDate(c));
  // The same name once legal forms and punctuation are dropped ("MUSTER-KUNDE" / "MUSTER-KUNDE GMBH"); not
  // sameParty's containment: a letterhead read as a window ("MVM Musterhafter") is part of the sender's longer name.
  const strongSender = (v: unknown) => senders.some((c) => sameName(c.value, v) && c.score >= 3);
  pickSimple(sel, 'sender_name', senders.filter((c) => !addressed.some((a) => sameName(a.value, c.value)) || strongSender(c.value)), { min: 1 });
  pickSimple(sel, 'payment_reference', keepPlausible(by('payment_reference'), identifier), { min: 2 });

  // A block whose name is the chosen sender's is its letterhead, not the recipient's (fold7: the
  // letterhead's own VAT id was dropped as the buyer's).
  regions.push(...by('recipient_name').filter((c) => c.score >= 2 && c.meta?.region && !sameParty(c.value, sel.chosen.sender_name?.value)).map((c) => c.meta!.region as Region));

  // The recipient is another party than the sender, and a name.
  const recipients = keepPlausible(withoutRoleWord(by('recipient_name')), plausibleName).filter((c) => !sameParty(c.value, sel.chosen.sender_name?.value) && !footerParty(c, senders));
  pickSimple(sel, 'recipient_name', recipients, { min: 1 });
  // The chosen recipient's block holds the recipient's ids, however weakly the block scored (round 7).
  const chosenRecipient = sel.chosen.recipient_name?.value;
  regions.push(...recipients.filter((c) => c.value === chosenRecipient && c.meta?.region).map((c) => c.meta!.region as Region));
  // An id read under the customer's VAT label is the customer's wherever else it is printed: its
  // pattern reading on that line names no role, and a scan may have lost the sender's own id. One
  // read under a plain tax-id label in the customer's block is not (fold9: sample pages print the
  // supplier's id in both blocks).
  const recipientIds = new Set(by('sender_vat_number').filter((c) => c.meta?.recipient && c.label && !c.meta?.buyerBlock).map((c) => c.value));
  const vats = by('sender_vat_number').filter((c) => !c.meta?.recipient && !recipientIds.has(c.value) && !inRecipientBlock(c));
  pickSimple(sel, 'sender_vat_number', vats, { min: 1 });
  senderVatInSenderZone(sel, vats);

  // Dates: issue first; a due date before the issue date is not a due date.
  // A date after another document's number (a credit in an item row, the invoice a credit note
  // corrects) dates that document, not this one (dates17).
  const issueDates = ownNumberDates(by('issue_date'), sel.chosen.document_number?.value);
  pickSimple(sel, 'issue_date', issueDates, { min: 1 });
  withoutUnorderedDate(sel, 'issue_date', issueDates);
  const issue = sel.chosen.issue_date?.value as string | undefined;
  const dated = by('payment_due_date').filter((c) => c.value !== null);
  const due = dated.filter((c) => !issue || (c.value as string) >= issue);
  if (issue && due.length < dated.length) sel.reasons.add('due_date_before_issue_date_ignored');
  // The page's labelled due date precedes the issue date: a weaker reading (a sentence, a term) is no
  // due date in its place; the page contradicts itself, so none is given (fold17).
  const earlyLabelled = Math.max(-Infinity, ...dated.filter((c) => !due.includes(c) && c.method === 'label_value').map((c) => c.score));
  const contradicted = earlyLabelled > Math.max(-Infinity, ...due.map((c) => c.score));
  if (contradicted) {
    due.length = 0;
    sel.reasons.add('due_date_labelled_before_issue_date');
  }
  // Payment terms ("zahlbar innerhalb 14 Tagen") give issue date + N days; a printed date that
  // agrees is reinforced, one that disagrees keeps its higher score.
  if (issue && !contradicted) {
    for (const c of by('payment_due_date')) {
      if (c.value === null && typeof c.meta?.termDays === 'number') due.push({ ...c, value: dueFromTerm(issue, c.meta.termDays, c.meta.endOfMonth === true), derived_from: ['issue_date'] });
    }
  }
  pickSimple(sel, 'payment_due_date', due, { min: 2 });
  withoutUnorderedDate(sel, 'payment_due_date', due);
  if (issue && !sel.chosen.issue_date?.winner) sel.rejected_fields.add('issue_date');

  selectMoney(sel, all, text);
  const currency = currencyOfTotals(by('currency'), sel.chosen.gross_amount?.winner ?? sel.chosen.net_amount?.winner ?? null);
  if (currency === null && sel.chosen.currency) {
    delete sel.chosen.currency;
    sel.reasons.add('currency_ambiguous');
  } else if (currency && sel.chosen.currency?.value !== currency.value) sel.chosen.currency = { value: currency.value, winner: currency };
  selectBank(sel, all);
  return sel;
}

/**
 * Several VAT ids are printed that no block or label gives to the buyer, and the chosen one
 * stands mid-page (not in the letterhead or the footer): it may as well be the buyer's, so
 * none is output (precision over recall, issue 14 round 4).
 */
function senderVatInSenderZone(sel: Selection, cands: Candidate[]) {
  const chosen = sel.chosen.sender_vat_number;
  const w = chosen?.winner;
  if (!chosen || !w) return;
  const distinct = new Set(cands.filter((c) => c.value !== null).map((c) => String(c.value)));
  if (distinct.size < 2) return;
  const b = w.source?.bbox;
  const h = w.source?.page_size?.height;
  if (!b || !h) return;
  if (b.y < h * 0.3 || b.y > h * 0.75) return;
  delete sel.chosen.sender_vat_number;
  sel.reasons.add('sender_vat_number_ambiguous');
}

// ---------------------------------------------------------------- money
let printedAmounts = new Set<string>();
let printedSigned = new Set<string>();
interface Row {
  rate: string | null;
  base: bigint | null;
  tax: bigint;
  score: number;
  cand: Candidate;
}

function rowsFrom(all: Candidate[]): Row[] {
  const rows: Row[] = [];
  // A rate printed only with the including-tax total ("inklusive 19 % Versicherungsteuer").
  const hint = all.find((c) => c.field === 'tax_amount' && c.value === null && c.meta?.rateHint)?.meta?.rateHint as string | undefined;
  const ratedNets = ratedNetBases(all);
  for (const c of all) {
    if (c.field === 'tax_breakdowns') {
      const v = c.value as { taxable_amount: string; tax_amount: string; tax_rate: string };
      rows.push({ rate: v.tax_rate, base: toCents(v.taxable_amount), tax: toCents(v.tax_amount), score: c.score, cand: c });
    } else if (c.field === 'tax_amount') {
      if (c.value === null) continue;
      const rate = (c.meta?.rate as string | null) ?? hint ?? null;
      const tax = toCents(c.value as string);
      // Its base printed as a net line naming the same rate ("Netto 19 %"; round 8).
      rows.push({ rate, base: c.meta?.base ? toCents(c.meta.base as string) : confirmedBase(ratedNets, rate, tax), tax, score: c.score, cand: c });
    }
  }
  return rows;
}

/**
 * A lone total that the section totals printed above it add up to ("Total: $880.00" under the services,
 * "Total: $246.90" under the materials, "Grand Total: $1126.90"; fold18): two or more other totals, each
 * read from a label with a strong score and printed (every reading of it) above the total on its page, add
 * up to it exactly. The sum confirms it against those equally labelled totals.
 */
function sectionTotals(top: ReturnType<typeof rank>[number], grosses: ReturnType<typeof rank>): boolean {
  const at = top.best.source;
  if (!at?.bbox || top.best.method !== 'label_value') return false;
  const above = grosses.filter((g) => g !== top && g.best.method === 'label_value' && g.best.score >= 3 && g.all.every((c) => c.source?.bbox && c.source.page === at.page && c.source.bbox.y < at.bbox!.y));
  if (above.length < 2) return false;
  return above.reduce((a, g) => a + toCents(g.best.value as string), 0n) === toCents(top.best.value as string);
}

function selectMoney(sel: Selection, all: Candidate[], text: string) {
  const nets = rank(all.filter((c) => c.field === 'net_amount')).slice(0, 8);
  const grosses = rank(all.filter((c) => c.field === 'gross_amount')).slice(0, 8);
  const rows = rowsFrom(all);
  const columnSums = new Set(all.filter((c) => c.field === 'net_amount' && typeof c.meta?.columnSum === 'string').map((c) => toCents(c.meta!.columnSum as string)));
  // Distinct tax rows (the same row printed in a summary and a detail table counts once).
  const distinct = new Map<string, Row>();
  for (const r of rows) {
    const k = `${r.rate ?? '?'}|${r.tax}`;
    const d = distinct.get(k);
    if (!d || r.score > d.score) distinct.set(k, { ...r, base: r.base ?? d?.base ?? null, rate: r.rate ?? d?.rate ?? null });
    // A weaker reading of the same row still gives its printed base (order-independent).
    else distinct.set(k, { ...d, base: d.base ?? r.base, rate: d.rate ?? r.rate });
  }
  const rowList = [...distinct.values()].sort((a, b) => b.score - a.score).slice(0, 10);
  // Subsets of tax rows with distinct rates (up to three rates on one invoice).
  const subsets: Row[][] = [[]];
  for (const r of rowList) {
    for (const s of [...subsets]) {
      if (s.length >= 3 || s.some((x) => x.rate !== null && x.rate === r.rate) || s.some((x) => x.rate === null || r.rate === null)) continue;
      subsets.push([...s, r]);
    }
  }
  // How well a set of tax rows fits the printed tax table: its bases add up to the net, a printed
  // tax total equals its sum, and no other complete row (rate, base and tax printed) is left out.
  const complete = rowList.filter((r) => r.rate !== null && r.base !== null && r.cand.field === 'tax_breakdowns');
  const totals = new Set(rowList.filter((r) => r.rate === null).map((r) => r.tax));
  const tableFit = (s: Row[], net: bigint) => {
    let fit = 0;
    const bases = s.every((r) => r.base !== null) ? s.reduce((a, r) => a + r.base!, 0n) : null;
    if (s.length > 1 && bases !== null && (bases - net <= BigInt(s.length) && net - bases <= BigInt(s.length))) fit += 2;
    if (s.length > 1 && totals.has(s.reduce((a, r) => a + r.tax, 0n))) fit += 1;
    const rates = new Set(s.map((r) => r.rate));
    fit -= 1.5 * complete.filter((r) => !s.includes(r) && !rates.has(r.rate) && r.base !== net).length;
    return fit;
  };
  // How the chosen amounts are confirmed: `sum` net + Σ tax = gross exactly, `rate` every row's
  // tax is its rate applied to its base, `zero` net = gross; none = a lone labelled total.
  type Combo = { score: number; net: (typeof nets)[number] | null; gross: (typeof grosses)[number] | null; rows: Row[]; derived: 'net' | 'gross' | null; confirm: string[] };
  const holder: { best: Combo | null } = { best: null };
  // Per-rate rows (raterows26): amounts on lines naming one rate, and grosses whose label names a rate.
  let rateLines: Map<string, bigint[]> | undefined;
  const rateGrosses = new Map<string, bigint[]>();
  for (const c of all) {
    const rate = c.field === 'gross_amount' && typeof c.value === 'string' ? labelRate(c) : null;
    if (rate !== null) rateGrosses.set(rate, [...(rateGrosses.get(rate) ?? []), toCents(c.value as string)]);
  }
  // A gross printed after income tax withheld (fold28b) or after charges and discounts (charges32; totals-chain.ts):
  // it closes with its block's net + taxes + that adjustment.
  const adjustments = new Map(all.filter((c) => c.field === 'gross_amount' && typeof c.meta?.adjustment === 'string').map((c) => [`${c.meta!.net}|${c.value}`, toCents(c.meta!.adjustment as string)]));
  const blocks: Combo[] = [];
  const consider = (score: number, net: Combo['net'], gross: Combo['gross'], rs: Row[], derived: Combo['derived'], confirm: string[] = []) => {
    const c = { score, net, gross, rows: rs, derived, confirm };
    blocks.push(c);
    if (!holder.best || score > holder.best.score) holder.best = c;
  };
  for (const g of grosses) {
    const gc = toCents(g.best.value as string);
    for (const n of nets) {
      const nc = toCents(n.best.value as string);
      if (nc === gc) {
        // No tax printed, or a zero-tax row: a printed 0 % row whose base is the net wins over a
        // bare "Total taxes 0,00" (which has no rate to report; issue 14 round 5).
        const zero = rowList.find((r) => r.tax === 0n && r.rate !== null && (r.base === null || r.base === nc)) ?? rowList.find((r) => r.tax === 0n);
        consider(g.score + n.score + (zero ? 3 : 1), n, g, zero ? [zero] : [], null, zero ? ['zero', 'row'] : ['zero']);
        continue;
      }
      for (const s of subsets) {
        if (!s.length || !coversRates(rowList, s)) continue;
        const sum = s.reduce((a, r) => a + r.tax, 0n);
        const diff = gc - nc - sum - (adjustments.get(`${n.best.value}|${g.best.value}`) ?? 0n);
        if (diff < -BigInt(s.length) || diff > BigInt(s.length) || !plausibleTax(nc, sum)) continue;
        // tax ≈ taxable × rate, taxable defaulting to the net for a single row.
        const rateOk = s.every((r) => r.rate === null || Math.abs(Number(r.base ?? (s.length === 1 ? nc : 0n)) * Number(r.rate) / 100 - Number(r.tax)) <= 2 || r.base === null);
        const rated = s.every((r) => r.rate !== null) && rateOk;
        consider(g.score + n.score + s.reduce((a, r) => a + r.score, 0) / s.length + 5 + (rateOk ? 1 : 0) - (diff === 0n ? 0 : 0.5) + 1.0 * s.filter((r) => r.rate !== null && r.base !== null).length + tableFit(s, nc), n, g, s, null, [diff === 0n ? 'sum' : 'sum~', ...(rated ? ['rate'] : [])]);
      }
    }
    // Gross and tax rows without a printed net: net = gross − Σ tax (same sign, not larger).
    for (const s of subsets) {
      if (!s.length || gc === 0n || !coversRates(rowList, s)) continue;
      const sum = s.reduce((a, r) => a + r.tax, 0n);
      const nc = gc - sum;
      // A net of zero, or one that a tax exceeds, is the gross or the net read as the tax (amounts14).
      if ((nc < 0n) !== (gc < 0n) || (nc < 0n ? -nc : nc) > (gc < 0n ? -gc : gc) || !plausibleTax(nc, sum)) continue;
      // Printed bases must add up to the derived net (a lone row's base that is not the net
      // means other rows were not read).
      const bases = s.every((r) => r.base !== null) ? s.reduce((a, r) => a + r.base!, 0n) : null;
      if (bases !== null && (bases - nc > BigInt(s.length) || nc - bases > BigInt(s.length))) continue;
      const rateOk = s.length === 1 && s[0]!.rate !== null && Math.abs(Number(s[0]!.base ?? nc) * Number(s[0]!.rate) / 100 - Number(s[0]!.tax)) <= 2;
      const zero = sum === 0n;
      // A derived net must be arithmetic the document shows: a rate check, a zero tax, or
      // the net printed somewhere (e.g. a premium total without a "net" label).
      // Printed with its sign: a net printed negative does not confirm a positive derived one.
      // Or the item column above the tax line adds up to it (round 7: a block that prints no net).
      const printed = printedSigned.has(formatCents(nc));
      const column = columnSums.has(nc);
      // Or several rates whose printed bases add up to it, each confirmed by its rate (round 8).
      const based = s.length > 1 && bases !== null && s.every((r) => r.rate !== null && Math.abs((Number(r.base!) * Number(r.rate)) / 100 - Number(r.tax)) <= 1);
      if (rateOk || zero || printed || column || based) consider(g.score + s.reduce((a, r) => a + r.score, 0) / s.length + (rateOk ? 3 : 2) + tableFit(s, nc), null, g, s, 'net', [rateOk ? 'rate' : zero ? 'zero' : printed ? 'printed' : column ? 'column' : 'bases']);
      else {
        // Or each rate's rows close on lines naming its rate, whatever word labels the base, and add
        // up to the total ("Base HT 20 % · TVA 20 % · TTC 20 %" per rate, no total net; raterows26).
        rateLines ??= rateLineAmounts(text);
        const closed = perRateRows(s, gc, rateLines, rateGrosses);
        if (closed) consider(g.score + s.reduce((a, r) => a + r.score, 0) / s.length + 2 + tableFit(closed, nc), null, g, closed, 'net', ['raterows']);
      }
    }
  }
  // Net and tax without a printed gross: gross = net + Σ tax.
  for (const n of nets) {
    for (const s of subsets) {
      if (!s.length || s.some((r) => r.rate === null || (s.length > 1 && r.base === null)) || !coversRates(rowList, s)) continue;
      const nc = toCents(n.best.value as string);
      // Every row's tax is its rate applied to its base (the net, for a single row without one);
      // several rows must also add up to the net, and printed bases cannot exceed the net
      // (amounts14: a section's subtotal beside "Tax 15 % on 112.90" gave a gross no page prints).
      if (!s.every((r) => Math.abs(Number(r.base ?? nc) * Number(r.rate) / 100 - Number(r.tax)) <= 2)) continue;
      if (!basesWithinNet(s, nc) || !plausibleTax(nc, s.reduce((a, r) => a + r.tax, 0n))) continue;
      if (s.length > 1 && tableFit(s, nc) < 2) continue;
      consider(n.score + s.reduce((a, r) => a + r.score, 0) / s.length + 2 + tableFit(s, nc), n, null, s, 'gross', ['rate']);
    }
  }
  // A total that nothing reconciles is output only when no net was read that could contradict
  // it (a lone "Total", perhaps with a tax amount that has no base): then it is the only total.
  // The document states that it carries no VAT (small business, exemption) and prints no tax:
  // the lone total is also the net (round 7).
  const gc0 = grosses[0] ? toCents(grosses[0].best.value as string) : 0n;
  if (!holder.best && grosses[0] && !nets.length && !rows.length && ZERO_TAX_CUES.test(text) && !all.some((c) => nonZeroTax(c, gc0))) consider(grosses[0].score, null, grosses[0], [], 'net', ['zero', 'stated']);
  if (!holder.best && grosses[0] && !nets.length) consider(grosses[0].score, null, grosses[0], [], null, sectionTotals(grosses[0], grosses) ? ['sections'] : []);
  // The arithmetic explains only a weaker total (a row's amount) while a clearly better-labelled
  // total stays unexplained (an amount due after a prepayment, or rows read incompletely): the
  // readings disagree, so no amount is output (a field left empty is better than a wrong one).
  // Not so when the better-labelled amount is the reconciled total less a printed amount (an
  // amount due after a prepayment: "Total 1,190.00 · Paid 500.00 · Amount due 690.00").
  const settled = (c: Combo, top: (typeof grosses)[number]) => {
    if (!c.gross || !c.confirm.includes('sum') || !c.confirm.includes('rate')) return false;
    const d = toCents(c.gross.best.value as string) - toCents(top.best.value as string);
    return d > 0n && printedAmounts.has(formatCents(d));
  };
  if (holder.best?.gross && grosses[0] && holder.best.gross !== grosses[0] && grosses[0].best.score - holder.best.gross.best.score >= 0.5 && !nets.some((n) => n === holder.best!.net && n === nets[0]) && !settled(holder.best, grosses[0])) {
    holder.best = null;
    sel.conflict_fields.add('gross_amount');
  }
  // Two printed blocks that each close exactly (net + tax = gross at their rates) and share
  // neither the net nor the gross (the totals again in a second currency, another document's
  // totals): nothing settles which is the document's, so no amount is output (round 8).
  // The chosen block repeats another closing block's totals in a second currency: that block is the document's (recall23).
  if (holder.best) holder.best = convertedFrom(holder.best, blocks) ?? holder.best;
  if (holder.best && rivalBlock(holder.best, blocks)) {
    holder.best = null;
    sel.conflict_fields.add('gross_amount');
    sel.reasons.add('amounts_two_consistent_blocks');
  }
  // A chosen total whose magnitude is also printed with the other sign: the signs cannot be told
  // (a minus is one thin glyph that OCR drops), so no amount is output.
  const flipped = (v: unknown) => typeof v === 'string' && printedSigned.has(v.startsWith('-') ? v.slice(1) : `-${v}`) && !printedSigned.has(v);
  if (holder.best && (flipped(holder.best.net?.best.value) || flipped(holder.best.gross?.best.value))) {
    holder.best = null;
    sel.conflict_fields.add('net_amount');
    sel.reasons.add('amount_signs_conflict');
  }
  // Net + tax equals the total only within rounding and no row's rate confirms it: weak
  // evidence, so no amount is output (issue 14 round 4: precision over recall).
  if (holder.best && holder.best.confirm.includes('sum~') && !holder.best.confirm.includes('rate')) {
    holder.best = null;
    sel.reasons.add('amounts_only_approximately_consistent');
  }
  // Net and gross are one amount while a non-zero tax is printed with a label or in a rated
  // row: the totals were misread (a net taken for the gross), so no amount is output (round 7).
  if (holder.best && holder.best.confirm[0] === 'zero' && all.some((c) => nonZeroTax(c, toCents(holder.best!.net?.best.value as string ?? '0')))) {
    holder.best = null;
    sel.conflict_fields.add('gross_amount');
    sel.reasons.add('gross_equals_net_with_tax');
  }
  // A derived total one digit away from a printed reading of that total: one of the two was
  // misread (OCR), and nothing tells which, so no amount is output (round 8).
  if (holder.best?.derived) {
    const d = holder.best;
    const tax = d.rows.reduce((a, r) => a + r.tax, 0n);
    const value = d.derived === 'net' ? toCents(d.gross!.best.value as string) - tax : toCents(d.net!.best.value as string) + tax;
    const field = d.derived === 'net' ? 'net_amount' : 'gross_amount';
    // A derived total beside the best-labelled printed total of another amount (not the net):
    // something printed between them (a discount, a surcharge) that the sum leaves out, so the
    // sum is not output (fold10: "Subtotal · Discount · VAT · Total").
    const top = d.derived === 'gross' ? grosses[0]?.best : undefined;
    const printedTotal = top?.method === 'label_value' && typeof top.value === 'string' && toCents(top.value) !== value && toCents(top.value) !== toCents(d.net!.best.value as string);
    if (misreadTwin(value, all.filter((c) => c.field === field)) || printedTotal) {
      holder.best = null;
      sel.conflict_fields.add(field);
      sel.reasons.add('derived_amount_disagrees_with_printed');
    }
  }
  // A total derived as net + tax from a net that another labelled net rivals (read within half a
  // point: "Zwischensumme Honorar" and "Summe netto"), on a page that prints no total that was read:
  // the tax rate confirms one of them, but part of the net may carry no tax, so nothing settles the
  // net nor the total, and no amount is output (recall20, round 11: a total set over three lines).
  if (holder.best?.derived === 'gross' && !grosses.length) {
    const n = holder.best.net!;
    if (nets.some((o) => o !== n && o.best.method === 'label_value' && n.best.method === 'label_value' && o.key !== n.key && n.score - o.score < 0.5)) {
      holder.best = null;
      sel.conflict_fields.add('net_amount');
      sel.reasons.add('derived_total_from_rivalled_net');
    }
  }
  const b = holder.best;
  if (!b) {
    if (grosses.length) sel.reasons.add('amounts_not_consistent');
    return;
  }
  const tag = [`confirm:${b.confirm.length ? b.confirm.join('+') : 'none'}`];
  const consistent = Boolean(b.net && b.gross && (b.rows.length || toCents(b.net.best.value as string) === toCents(b.gross.best.value as string))) || b.derived !== null;
  const grossC = b.gross ? toCents(b.gross.best.value as string) : null;
  const taxSum = b.rows.reduce((a, r) => a + r.tax, 0n);
  if (b.gross) sel.chosen.gross_amount = { value: b.gross.best.value, winner: b.gross.best, transforms: tag };
  if (b.net) sel.chosen.net_amount = { value: b.net.best.value, winner: b.net.best, transforms: tag };
  const netC = b.net ? toCents(b.net.best.value as string) : grossC !== null ? grossC - taxSum : null;
  // A net derived as the total itself (the tax printed is zero) while the best-read net is printed
  // under a net label with another value: the page's totals do not close ("Summe netto 25.708,00 ·
  // USt (0 %) 0,00 · Rechnungsbetrag 30.849,60"), and nothing tells whether the label or the sum is
  // right, so no net is output; the printed total is kept (recall20). With a non-zero tax a printed
  // net that differs is usually a subtotal before a discount or one rate's net (amount family).
  const topNet = nets[0]?.best;
  const netContradicted = taxSum === 0n && topNet?.method === 'label_value' && typeof topNet.value === 'string' && toCents(topNet.value) !== grossC;
  if (b.derived === 'net' && grossC !== null && netContradicted) {
    sel.conflict_fields.add('net_amount');
    sel.reasons.add('derived_amount_disagrees_with_printed');
  } else if (b.derived === 'net' && grossC !== null) sel.chosen.net_amount = { value: formatCents(grossC - taxSum), winner: null, derived_from: ['gross_amount', 'tax_breakdowns'], transforms: ['derive:gross-minus-tax'] };
  if (b.derived === 'gross' && netC !== null) sel.chosen.gross_amount = { value: formatCents(netC + taxSum), winner: null, derived_from: ['net_amount', 'tax_breakdowns'], transforms: ['derive:net-plus-tax'] };
  const reverse = /(reverse charge|steuerschuldnerschaft des leistungsempfängers|autoliquidation|btw verlegd|verlegd|inversione contabile|inversión del sujeto pasivo)/i;
  const rowsOut: TaxRow[] = b.rows
    .filter((r) => !(r.tax === 0n && r.rate === null))
    .map((r) => {
      let taxable = r.base !== null ? r.base : b.rows.length === 1 && netC !== null ? netC : null;
      // Several rates without printed bases: the base the rate implies, when it is printed.
      if (taxable === null && r.rate !== null && Number(r.rate) > 0) {
        const implied = BigInt(Math.round((Number(r.tax) * 100) / Number(r.rate)));
        const hit = [implied - 1n, implied, implied + 1n].find((c) => printedAmounts.has(formatCents(c < 0n ? -c : c)));
        if (hit !== undefined) taxable = hit;
      }
      return { r, taxable };
    })
    .map(({ r, taxable }) => ({
      taxable_amount: taxable !== null ? formatCents(taxable) : null,
      tax_amount: formatCents(r.tax),
      tax_rate: r.rate ?? standardRate(taxable, r.tax),
      tax_collection_mechanism: reverse.test(r.cand.raw) ? 'reverse_charge' : 'seller_collected',
      taxability: r.rate === '0.00' ? 'exempt' : 'taxable',
    }));
  // No tax: the document's statement that it is zero gives the 0 % row on the net (round 7).
  if (b.confirm[0] === 'zero' && !rowsOut.length && netC !== null) {
    const zero = zeroTaxRow(netC, all, text);
    if (zero) rowsOut.push(zero);
  }
  // Several rates whose bases are not printed: the item lines' sums per rate, when they add up
  // to the net and every row's tax is its rate applied to that sum.
  const items = all.find((c) => c.field === 'tax_amount' && c.meta?.itemBases)?.meta?.itemBases as Record<string, string> | undefined;
  const rowsTag = [...tag];
  if (items && netC !== null && rowsOut.length > 1 && rowsOut.some((r) => r.taxable_amount === null)) {
    const bases = rowsOut.map((r) => (r.tax_rate !== null && items[r.tax_rate] !== undefined ? BigInt(items[r.tax_rate]!) : null));
    const sum = bases.reduce<bigint>((a, x) => a + (x ?? 0n), 0n);
    const rated = bases.every((x, i) => x !== null && Math.abs((Number(x) * Number(rowsOut[i]!.tax_rate)) / 100 - Number(toCents(rowsOut[i]!.tax_amount))) <= 1);
    if (rated && sum === netC && Object.keys(items).length === rowsOut.length) {
      rowsOut.forEach((r, i) => (r.taxable_amount = formatCents(bases[i]!)));
      rowsTag.push('confirm:item-sums');
    } else if (Object.keys(items).length === rowsOut.length) {
      const residual = residualBases(rowsOut, bases, netC);
      if (residual) {
        rowsOut.forEach((r, i) => (r.taxable_amount = formatCents(residual[i]!)));
        rowsTag.push('confirm:item-sums+residual');
      }
    }
  }
  if (b.rows.length || b.net || b.derived) {
    // A row without its rate or its base is not a breakdown the document shows: the tax total
    // stays, the rows are left empty (review) rather than half-read.
    // Rows whose bases do not add up to the net, or whose tax is not their rate applied to
    // their base, are not the document's breakdown either (issue 14 round 4).
    const baseSum = rowsOut.reduce((a, r) => a + (r.taxable_amount !== null ? toCents(r.taxable_amount) : 0n), 0n);
    const unbalanced = netC !== null && rowsOut.length > 0 && rowsOut.every((r) => r.taxable_amount !== null) && Math.abs(Number(baseSum - netC)) > rowsOut.length;
    const misrated = rowsOut.some((r) => {
      if (r.tax_rate === null || r.taxable_amount === null) return false;
      const base = Number(toCents(r.taxable_amount));
      return Math.abs((base * Number(r.tax_rate)) / 100 - Number(toCents(r.tax_amount))) > Math.max(2, Math.abs(base) * 0.0005);
    });
    if (unbalanced || misrated) sel.reasons.add('tax_breakdown_not_consistent');
    const partial = unbalanced || misrated || rowsOut.some((r) => r.tax_rate === null || r.taxable_amount === null);
    if (partial) sel.reasons.add('tax_breakdown_incomplete');
    sel.chosen.tax_breakdowns = { value: partial ? [] : rowsOut, winner: b.rows[0]?.cand ?? null, derived_from: b.rows.length > 1 ? ['tax rows'] : undefined, transforms: rowsTag };
    sel.chosen.tax_amount = { value: formatCents(taxSum), winner: b.rows.length === 1 ? b.rows[0]!.cand : null, derived_from: b.rows.length > 1 ? ['tax_breakdowns'] : undefined, transforms: [...(b.rows.length > 1 ? ['sum:tax_breakdowns'] : []), ...tag] };
  }
  if (!consistent) {
    sel.reasons.add('amounts_not_consistent');
    if (nets[0] && grosses[0]) sel.conflict_fields.add('net_amount');
  }
}


/**
 * A tax printed non-zero and smaller than the net: under a tax label or in a totals block, or a
 * tax row at a non-zero rate (a larger amount under a tax word is some other number: a capital).
 */
function nonZeroTax(c: Candidate, net: bigint): boolean {
  const fits = (tax: string) => toCents(tax) !== 0n && absCents(toCents(tax)) < absCents(net);
  if (c.field === 'tax_amount') return typeof c.value === 'string' && fits(c.value) && c.score >= 2.5 && (c.method === 'label_value' || c.method === 'totals_table');
  if (c.field !== 'tax_breakdowns') return false;
  const v = c.value as { tax_amount: string; tax_rate: string };
  return fits(v.tax_amount) && Number(v.tax_rate) > 0;
}

// ---------------------------------------------------------------- bank
function selectBank(sel: Selection, all: Candidate[]) {
  const ibans = all.filter((c) => c.field === 'iban');
  const customer = new Set(ibans.filter((c) => c.meta?.customer).map((c) => c.value as string | null).filter(Boolean));
  const supplier = ibans.filter((c) => !customer.has(c.value as string));
  const valid = supplier.filter((c) => c.meta?.status === 'valid');
  const failed = supplier.filter((c) => c.meta?.status === 'checksum_failed');
  const validInDocument = ibans.filter((c) => c.meta?.status === 'valid').map((c) => c.value as string);
  const ranked = rank(valid);
  const top = ranked[0];
  if (failed.length) {
    // Q3: every checksum failure is one character off the sole distinct valid IBAN.
    const recovered = failed.every((f) => recoverIban(f.value as string, validInDocument) !== null);
    if (recovered && validInDocument.length) sel.recovered_fields.add('iban');
    else sel.rejected_fields.add('iban');
  }
  if (top) sel.chosen.iban = { value: top.best.value, winner: top.best, transforms: sel.recovered_fields.has('iban') ? ['iban:q3-recovery'] : undefined };

  // BIC: the one printed with the chosen IBAN (same or next line), else the most frequent.
  const bics = all.filter((c) => c.field === 'bic');
  if (!bics.length) return;
  const ibanLines = new Set(ibans.filter((c) => c.value === sel.chosen.iban?.value).map((c) => c.meta?.line as number));
  const customerLines = new Set(ibans.filter((c) => c.meta?.customer).map((c) => c.meta?.line as number));
  const scored = bics.map((c) => {
    const l = c.meta?.line as number;
    const near = ibanLines.has(l) ? 3 : ibanLines.has(l - 1) ? 2 : 0;
    const cust = customerLines.has(l) || customerLines.has(l - 1) ? -6 : 0;
    return { ...c, score: c.score + near + cust };
  });
  const rb = rank(scored);
  if (!rb[0] || rb[0].score <= 0) return;
  // A BIC read by OCR has no check digit; the chosen IBAN is checked. The BIC names the IBAN's
  // country, and in Dutch, British and Irish IBANs the bank code is the BIC's first four letters:
  // a BIC that disagrees was misread ("NWEKGB2L" beside GB29NWBK…), and is left empty.
  const bic = String(rb[0].best.value);
  const iban = sel.chosen.iban?.value as string | undefined;
  const ocr = ocrConfidence(rb[0].best.source?.bbox) !== undefined;
  if (ocr && iban && (bic.slice(4, 6) !== iban.slice(0, 2) || (BANK_CODE_IN_IBAN.has(iban.slice(0, 2)) && bic.slice(0, 4) !== iban.slice(4, 8)))) {
    sel.reasons.add('bic_disagrees_with_iban');
    return;
  }
  // The directory's BIC for the checked IBAN's bank, where the reading is a misreading of it.
  const listed = ocr && iban ? bicFromBankDirectory(bic, iban) : null;
  if (listed && listed !== bic) sel.chosen.bic = { value: listed, winner: rb[0].best, transforms: ['bic:bank-directory'] };
  else sel.chosen.bic = { value: rb[0].best.value, winner: rb[0].best };
}

/** Countries whose IBAN carries the bank's BIC code (its first four letters) after the check digits. */
const BANK_CODE_IN_IBAN = new Set(['NL', 'GB', 'IE']);
