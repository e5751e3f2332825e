// Field rules for one invoice (a page group). Each rule reads label families and geometry,
// never a particular supplier's layout, and leaves a field null rather than guessing:
// totals are chosen so that the arithmetic holds, charge lines must carry an amount,
// identifiers must pass their check digits.
import type { EvLine, Segment } from '../../../extract/evidence.js';
import { rightOf } from '../../../extract/evidence.js';
import { findAmounts, parseRate } from '../../../extract/normalize/amount.js';
import { findDates } from '../../../extract/normalize/date.js';
import { checkIban, findIbans } from '../../../extract/normalize/iban.js';
import { bicFromBankDirectory, findBics } from '../../../extract/normalize/bic.js';
import { findVatIds } from '../../../extract/normalize/vat.js';
import type {
  AdvancePlanItem, Charge, ChargeCategory, Commodity, Consumption, Customer, Identity, InvoiceData, Meter, Payment, Register, Settlement,
  Supplier, SupplyPoint, Tariff, TaxRow,
} from '../payload.js';
import { DocView, EvidenceLog, sameId, spanOf, type Hit, type LabelOpts, type Span } from './doc.js';
import { invoiceNumbersIn } from './packet.js';
import { checkNamesPrintedOnce } from './names.js';
import { checkNumbersPrintedOnce, type NumberFamily } from './numbers.js';
import { crossCheckPrintings, registerPrintings, supplierRegister } from './printings.js';
import { fieldsOf } from '../policy.js';
import { addressFromLines, findMalos, findMelos, findQuantities, findUnitPrices, parseAddressLine, parseAddressRun, parseCity, parseNumber, parseStreet, shiftLeft } from './values.js';

/** Mass print spells umlauts ae/oe/ue/ss: labels accept both. */
export function umlauts(re: RegExp): RegExp {
  return new RegExp(re.source.replace(/ä/g, '(?:ä|ae)').replace(/ö/g, '(?:ö|oe)').replace(/ü/g, '(?:ü|ue)').replace(/ß/g, '(?:ß|ss)'), re.flags);
}

function umlautsAll<T extends Record<string, RegExp>>(o: T): T {
  return Object.fromEntries(Object.entries(o).map(([k, v]) => [k, umlauts(v)])) as T;
}

const amountIn = (t: string): string | null => {
  const a = findAmounts(t);
  return a.length ? a[a.length - 1]!.value.replace(/^-/, '') : null;
};
const dateIn = (t: string): string | null => findDates(t)[0]?.value ?? null;
const onlyDate = (t: string): string | null => (/^\s*[\p{L} .,:]{0,12}\d{1,2}\.\s?(?:\d{1,2}\.|\p{L}+\s)\s?\d{2,4}\s*$/u.test(t) ? dateIn(t) : null);

function periodIn(t: string): { start: string; end: string; raw: string; index: number } | null {
  const ds = findDates(t);
  for (let i = 0; i + 1 < ds.length; i++) {
    const a = ds[i]!;
    const b = ds[i + 1]!;
    const between = t.slice(a.index + a.length, b.index);
    if (/^\s*(?:[-–—]|bis(?: zum)?|to)?\s*$/i.test(between) && a.value < b.value) return { start: a.value, end: b.value, raw: t.slice(a.index, b.index + b.length), index: a.index };
  }
  return null;
}

export interface InvoiceResult {
  data: InvoiceData;
  commodities: Commodity[];
}

export function extractInvoice(view: DocView, log: EvidenceLog): InvoiceResult {
  const body = view.lines.filter((l) => !view.isFooter(l));
  const first = view.lines.filter((l) => l.page === view.pages[0]);
  const commodity = commodityOf(view);

  const identity = extractIdentity(view, log, first, body);
  const supplier = extractSupplier(view, log);
  const customer = extractCustomer(view, log, first);
  const supply_points = extractSupplyPoints(view, log, body, commodity);
  const meters = extractMeters(view, log, body, supply_points);
  const tariffs = extractTariffs(view, log, body, commodity);
  const charges = extractCharges(view, log, body);
  const settlement = extractSettlement(view, log, body, charges);
  const taxes = extractTaxes(view, log, body, charges, settlement);
  const payment = extractPayment(view, log, body, settlement);
  const advance_plan = extractAdvancePlan(view, log, body);
  const consumption = extractConsumption(view, log, body, identity, supply_points, meters);

  const data: InvoiceData = { identity, supplier, customer, supply_points, meters, tariffs, consumption, charges, taxes, settlement, payment, advance_plan, field_quality: {} };
  doubtOcrIdentifiers(view, log, data);
  crossCheckPrintings(view, log, data);
  checkNumbersPrintedOnce(view, log, data, NUMBER_FAMILIES);
  checkNamesPrintedOnce(view, log, data);
  data.field_quality = fieldQuality(data, log);
  const commodities = [...new Set(supply_points.map((s) => s.commodity).filter((c): c is Commodity => c !== null))];
  return { data, commodities };
}

/** Identifiers without a check digit: on a scan, nothing but a second printing can confirm them. */
const UNCHECKED_IDS = new Set(['invoice_number', 'customer_number', 'contract_account', 'contract_number', 'meter_number', 'payment_reference', 'mandate_reference', 'tax_number', 'bic', 'obis_code']);

/**
 * OCR confuses 1/I/l, 0/O, 5/S, 8/B inside identifiers; a misread one passes every rule. An
 * OCR identifier without a check digit stands only when the document prints it twice alike.
 */
function doubtOcrIdentifiers(view: DocView, log: EvidenceLog, data: InvoiceData): void {
  const compact = (t: string) => t.replace(/[\s.]/g, '').toUpperCase();
  const texts = view.lines.map((l) => compact(l.text));
  const values = new Map<string, string>();
  for (const { key, value } of fieldsOf(data)) if (typeof value === 'string') values.set(key, value);
  for (const r of log.records) {
    if (r.source === 'native_text' || !UNCHECKED_IDS.has(r.field)) continue;
    const v = values.get(`${r.entity_ref}.${r.field}`);
    if (!v) continue;
    const needle = compact(v);
    if (texts.filter((t) => t.includes(needle)).length < 2) log.doubt(r.entity_ref, r.field, 'an OCR-read identifier without a check digit, printed once');
  }
}

function commodityOf(view: DocView): Commodity | null {
  const top = view.lines.slice(0, 80).map((l) => l.text).join('\n');
  const gas = (top.match(/\b(erdgas|gas)(?:lieferung|versorgung|abrechnung|verbrauch)?\b|m³|brennwert|zustandszahl/gi) ?? []).length;
  const el = (top.match(/\bstrom|elektrizität|ökostrom/gi) ?? []).length;
  if (gas > el) return 'gas';
  if (el > 0) return 'electricity';
  return gas > 0 ? 'gas' : null;
}

// ------------------------------------------------------------------ identity

const LABELS = umlautsAll({
  invoiceDate: /\b(?:rechnungsdatum|belegdatum|datum der rechnung|gutschriftsdatum|ausstellungsdatum|datum)(?=[\s:.]|$)/i,
  customerNumber: /\b(?:kunden[- ]?(?:nummer|nr\.?)|kd\.?[- ]?nr\.?|ihre kundennummer|deine kundennummer)(?=[\s:.]|$)/i,
  contractAccount: /\b(?:vertragskonto(?:nummer)?|vertragskonto[- ]?nr\.?|vk[- ]?nr\.?|abrechnungskonto)(?=[\s:.]|$)/i,
  contractNumber: /\b(?:vertrags[- ]?(?:nummer|nr\.?)|vertrag nr\.?)(?=[\s:.]|$)/i,
  period: /\b(?:abrechnungszeitraum|leistungszeitraum|lieferzeitraum|abrechnungsperiode|zeitraum)(?=[\s:.]|$)/i,
});

const idValue = (t: string): string | null => {
  t = t.replace(/^(?:lautet|ist|lauten)\s+/i, '');
  const m = /^([A-Z]{0,4}[- ]?\d[\dA-Z./\- ]{2,24}\d)(?:[\s,;]|$)/i.exec(t.trim());
  if (!m) return null;
  const v = m[1]!.trim();
  if (findDates(v).length) return null;
  // "V12345678 / 4711": two numbers under a combined heading, not one identifier.
  if (/\d\s+\/\s+[A-Z]{0,4}\d/i.test(v)) return null;
  return v;
};

/**
 * A combined heading over combined values ("Vertrags-Nr. / Kd.-Nr." next to "V123 / 4711")
 * pairs them in order; the separate labels above cannot.
 */
function combinedIds(lines: EvLine[]): Array<{ key: 'customer_number' | 'contract_account' | 'contract_number'; value: string; line: EvLine; seg: Segment; label: string }> {
  const out: ReturnType<typeof combinedIds> = [];
  const fams = [['customer_number', LABELS.customerNumber], ['contract_account', LABELS.contractAccount], ['contract_number', LABELS.contractNumber]] as const;
  for (const l of lines) {
    for (let i = 0; i + 1 < l.segments.length; i++) {
      const heads = l.segments[i]!.text.replace(/:\s*$/, '').split(/\s+\/\s+/);
      const vals = l.segments[i + 1]!.text.split(/\s+\/\s+/);
      if (heads.length !== 2 || vals.length !== 2) continue;
      heads.forEach((h, j) => {
        const fam = fams.find(([, re]) => re.test(h));
        const v = idValue(vals[j]!);
        if (fam && v) out.push({ key: fam[0], value: v, line: l, seg: l.segments[i + 1]!, label: h });
      });
    }
  }
  return out;
}

function extractIdentity(view: DocView, log: EvidenceLog, first: EvLine[], body: EvLine[]): Identity {
  const id: Identity = { entity_ref: 'identity', invoice_number: null, invoice_date: null, document_type: null, billing_period: null, customer_number: null, contract_account: null, contract_number: null };
  const set = <K extends keyof Identity>(k: K, h: Hit<Identity[K]> | null) => {
    if (!h || id[k] !== null) return;
    id[k] = h.value;
    log.add('identity', k, h);
  };
  /** A labelled identity value; another label of the family reading differently leaves it unconfirmed. */
  const setLabelled = <K extends keyof Identity>(k: K, label: RegExp, parse: (t: string) => Identity[K] | null, opts: LabelOpts = {}) => {
    const { hit, rival } = view.labelledWithRivals(label, parse, opts);
    set(k, hit);
    if (hit && rival) log.doubt('identity', k, rival);
  };
  const nums = invoiceNumbersIn(view.ev, view.lines);
  const num = nums[0];
  if (num) {
    set('invoice_number', { line: num.line, seg: num.seg, text: num.seg.text, label: num.label, value: num.value });
    const other = nums.find((n) => !sameId(n.value, num.value));
    if (other) log.doubt('identity', 'invoice_number', `another ${JSON.stringify(other.label)} reads ${JSON.stringify(other.value)}`);
  }
  setLabelled('invoice_date', LABELS.invoiceDate, onlyDate, { lines: first });
  if (!id.invoice_date) {
    // "Mainz, 03.09.2025" or "vom 3. September 2025" next to the title.
    const h = view.grep(/^(?:[\p{L} -]+,\s*(?:den\s*)?)(\d{1,2}\.\s?(?:\d{1,2}\.|\p{L}+)\s?\d{4})\s*$/u, first)[0];
    if (h) set('invoice_date', { ...spanOf(h.line), value: dateIn(h.m[1]!) });
  }
  setLabelled('customer_number', LABELS.customerNumber, idValue);
  setLabelled('contract_account', LABELS.contractAccount, idValue);
  setLabelled('contract_number', LABELS.contractNumber, idValue);
  for (const c of combinedIds(body)) {
    if (id[c.key] === null) set(c.key, { line: c.line, seg: c.seg, text: c.seg.text, label: c.label, value: c.value });
    else if (!sameId(id[c.key]!, c.value)) log.doubt('identity', c.key, `the combined heading "${c.label}" reads ${JSON.stringify(c.value)}`);
  }

  // Billing period: a labelled range, or "für den Zeitraum vom … bis …" in the title.
  const { hit: p, rival: otherPeriod } = view.labelledWithRivals(LABELS.period, (t) => {
    const r = periodIn(t);
    return r && { start: r.start, end: r.end };
  }, { below: false });
  if (p) {
    set('billing_period', { ...p, value: { start: p.value.start, end: p.value.end } });
    if (otherPeriod) log.doubt('identity', 'billing_period', otherPeriod);
  }
  if (!id.billing_period) {
    const f = view.flow(body.slice(0, 60));
    const m = /(?:zeitraum|abrechnungszeitraum)\s+(?:vom\s+)?(\d{1,2}\.\s?(?:\d{1,2}\.|\p{L}+)\s?\d{4})\s*(?:[-–]|bis(?: zum)?)\s*(\d{1,2}\.\s?(?:\d{1,2}\.|\p{L}+)\s?\d{4})/iu.exec(f.text.replace(/\n/g, ' '));
    if (m) {
      const s = dateIn(m[1]!);
      const e = dateIn(m[2]!);
      const line = f.at(m.index);
      if (s && e && s < e) set('billing_period', { ...spanOf(line, 'Zeitraum', m[0]), value: { start: s, end: e } });
    }
  }

  if (!id.billing_period) {
    // "Jahresabrechnung Strom für 01.03.2025 – 28.02.2026": the period in the title.
    for (const l of first) {
      if (!/(rechnung|abrechnung|gutschrift)/i.test(l.text) || l.text.length > 100) continue;
      const pr = periodIn(l.text);
      if (pr) {
        set('billing_period', { ...spanOf(l, null, pr.raw), value: { start: pr.start, end: pr.end } });
        break;
      }
    }
  }

  // Document type from the title: the first heading-like line naming a kind of bill.
  const TYPES: Array<[Identity['document_type'], RegExp]> = [
    ['cancellation', /\b(storno|stornierung)/i],
    ['correction', /\b(rechnungskorrektur|korrekturrechnung|berichtigte rechnung|korrektur)/i],
    ['credit_note', /\bgutschrift\b/i],
    ['final_invoice', /(schlussrechnung|schlussabrechnung|endabrechnung|abschlussrechnung)/i],
    ['interim_invoice', /(abschlagsrechnung|zwischenrechnung|zwischenabrechnung|abschlagsanforderung)/i],
    ['invoice', /(jahresabrechnung|jahresverbrauchsabrechnung|verbrauchsabrechnung|rechnung|abrechnung)/i],
  ];
  const titles = first
    .filter((l) => l.text.length <= 90 && !/^(?:anlage|rechnungsdetails)/i.test(l.text) && !/\b(?:bei fragen|hinweis|zu ihrer rechnung|ihrer rechnung)/i.test(l.text))
    .filter((l) => !LABELS.invoiceDate.test(l.text) && !/(?:rechnungs|beleg)[- ]?(?:nummer|nr|datum)/i.test(l.text))
    .map((l, i) => ({ l, i, t: TYPES.find(([, re]) => re.test(l.text)) }))
    .filter((x) => x.t);
  // The most prominent title wins (largest type, then the earliest).
  titles.sort((a, b) => b.l.scale - a.l.scale || a.i - b.i);
  const best = titles[0];
  if (best) {
    id.document_type = best.t![0];
    // Another title as prominent naming another kind of bill: the title does not settle it.
    const standalone = (x: (typeof titles)[number]) => new RegExp(`(?<!\\p{L})(?:${x.t![1].source})(?!\\p{L})`, 'iu').test(x.l.text);
    const rival = titles.find((x) => x.l.scale >= best.l.scale * 0.95 && x.t![0] !== best.t![0] && standalone(x));
    log.add('identity', 'document_type', spanOf(best.l, null), { match: 'normalized', unconfirmed: rival ? `another title reads "${rival.l.text}"` : null });
  }
  return id;
}

// ------------------------------------------------------------------ supplier

const LEGAL_FORM = /\b(?:GmbH(?: & Co\.? KG)?|AG|eG|SE|KG|mbH|KGaA|AöR|e\. ?V\.)\b|\b(?:GMBH|AG|EG|SE|KG|MBH)$/;

function extractSupplier(view: DocView, log: EvidenceLog): Supplier {
  const s: Supplier = { entity_ref: 'supplier', name: null, address: null, vat_id: null, tax_number: null, commercial_register: null };
  // Name: the company in the sender line above the address block, else in the footer.
  const firstPage = view.lines.filter((l) => l.page === view.pages[0]);
  const nameCands: Span[] = [];
  for (const l of firstPage) {
    for (const seg of l.segments) {
      const head = seg.text.split(/\s[·|•,]\s|\s[-–]\s|,\s/)[0]!.trim();
      if (LEGAL_FORM.test(head) && head.length <= 60 && !/netz|messstellen|amtsgericht|sparkasse|bank/i.test(head) && /^[\p{Lu}\p{Ll}]/u.test(head)) {
        nameCands.push({ line: l, seg, text: seg.text, label: null });
        if (!s.name) s.name = head.replace(/\s+/g, ' ');
      }
    }
    if (s.name) break;
  }
  if (s.name) log.add('supplier', 'name', nameCands[0]!);

  // Address: street + city of the company (the sender line or the footer), never a Postfach.
  const nameKey = s.name ? s.name.split(' ')[0]!.toLowerCase() : null;
  const pageLines = view.lines.filter((l) => l.page === view.pages[0]);
  // A line naming the whole company first; a line sharing only its first word ("Stadtwerke
  // Mainz Netz GmbH · …", a subsidiary's or the grid operator's address) is a last resort
  // and leaves the address to a reviewer.
  const whole = (t: string) => !!s.name && compactName(t).includes(compactName(s.name));
  const addressLines = pageLines.filter((l) => nameKey && l.text.toLowerCase().includes(nameKey));
  // On a scan the separators may be lost or misread: the words after the whole name are read as street, number,
  // postcode and town (address34).
  const afterName = (fromName: string) => {
    const last = s.name!.split(' ').at(-1)!;
    const end = fromName.indexOf(last);
    return end < 0 ? null : fromName.slice(end + last.length);
  };
  for (const l of [...addressLines.filter((x) => whole(x.text)), ...addressLines.filter((x) => !whole(x.text))]) {
    const fromName = l.text.slice(l.text.toLowerCase().indexOf(nameKey!));
    const rest = l.source === 'ocr' && whole(l.text) ? afterName(fromName) : null;
    const a = parseAddressLine(fromName) ?? (rest ? parseAddressRun(rest) : null);
    if (a) {
      s.address = a;
      log.add('supplier', 'address', spanOf(l), { unconfirmed: whole(l.text) ? null : `the address line "${l.text}" does not name the supplier ${s.name}` });
      break;
    }
  }
  if (!s.address && nameCands[0]) {
    const l0 = nameCands[0].line;
    const next = pageLines.find((x) => x.bbox.y > l0.bbox.y + 1 && x.bbox.y - l0.bbox.y < l0.bbox.h * 2.5);
    const a = next && (parseAddressLine(next.text) ?? (next.source === 'ocr' ? parseAddressRun(next.text) : null));
    if (a) {
      s.address = a;
      log.add('supplier', 'address', spanOf(next!));
    }
  }
  if (!s.address) {
    // Footer column: company name, street, postcode+city stacked.
    for (const l of pageLines.filter((x) => x.bbox.y > x.pageHeight * 0.7)) {
      for (const seg of l.segments) {
        if (!nameKey || !seg.text.toLowerCase().includes(nameKey)) continue;
        const b1 = below(view, seg);
        const b2 = b1 && below(view, b1);
        const a = b1 && b2 ? addressFromLines(b1.text, b2.text) : null;
        if (a) {
          s.address = a;
          log.add('supplier', 'address', { line: view.ev.lines[b1!.line]!, seg: b1, text: `${b1!.text}, ${b2!.text}`, label: null });
          break;
        }
      }
      if (s.address) break;
    }
  }

  for (const l of view.lines) {
    if (!s.vat_id) {
      const v = findVatIds(l.text).find((x) => x.check.country === 'DE' && x.check.checksum !== 'invalid');
      if (v && /ust|umsatzsteuer|vat/i.test(l.text)) {
        s.vat_id = v.check.value;
        log.add('supplier', 'vat_id', spanOf(l, 'USt-IdNr.', v.raw), { match: 'exact' });
      }
    }
    if (!s.tax_number) {
      const m = /\b(?:steuer[- ]?(?:nummer|nr\.?)|st\.?[- ]?nr\.?)\s*:?\s*(\d{2,3}\s?\/\s?\d{3,4}\s?\/\s?\d{4,5}(?:\s?\/\s?\d)?|\d{2,3} \d{3} \d{4,5}|\d{10,13})/i.exec(l.text);
      if (m) {
        s.tax_number = m[1]!.trim();
        log.add('supplier', 'tax_number', spanOf(l, 'Steuernummer', m[0]), { match: 'exact' });
      }
    }
  }
  // The register of the supplier's own line, not a grid operator's or general partner's the footer names beside it.
  const register = supplierRegister(registerPrintings(view).read, s.name);
  if (register) {
    s.commercial_register = register.value;
    log.add('supplier', 'commercial_register', spanOf(register.line, null, register.text));
  }
  if (s.name) {
    // The legal line (commercial register, VAT id) names the company that issues the bill: a
    // first legal-form name elsewhere (the customer's firm, a service provider) is not settled
    // by position when the legal block names another company.
    const legal = log.records.filter((r) => r.entity_ref === 'supplier' && (r.field === 'vat_id' || r.field === 'commercial_register'));
    const block = (r: (typeof legal)[number]) => view.lines.filter((l) => l.page === r.physical_page && r.bbox && l.bbox.y <= r.bbox.y + 1 && r.bbox.y - l.bbox.y < 40);
    if (legal.length && !legal.some((r) => block(r).some((l) => compactName(l.text).includes(compactName(s.name!))))) {
      // The one company the legal block names is the issuer; its address is then not the one read for the other name.
      const named = legal.flatMap((r) => block(r)).flatMap((l) => l.text.split(/\s[·|•]\s|,\s/).map((h) => ({ l, h: h.trim() })))
        .filter((x) => LEGAL_FORM.test(x.h) && x.h.length <= 60 && /^\p{Lu}/u.test(x.h) && !/netz|messstellen|amtsgericht|register|sparkasse|bank|sitz|ust|steuer/i.test(x.h));
      const names = [...new Set(named.map((x) => x.h.replace(/\s+/g, ' ')))];
      if (names.length === 1) {
        s.name = names[0]!;
        s.address = null;
        log.records.splice(0, log.records.length, ...log.records.filter((r) => !(r.entity_ref === 'supplier' && (r.field === 'name' || r.field === 'address'))));
        log.add('supplier', 'name', spanOf(named[0]!.l, null, named[0]!.h));
      } else log.doubt('supplier', 'name', 'the legal block (register, VAT id) does not name this company');
    }
  }
  return s;
}

/** A company name as compared across lines: letters and digits only, lower case. */
const compactName = (t: string) => t.toLowerCase().replace(/[^\p{L}\d]/gu, '');

function below(view: DocView, seg: { line: number; bbox: { x: number; y: number; w: number; h: number } }) {
  const line = view.ev.lines[seg.line]!;
  const next = (view.ev.pages.get(line.page) ?? []).filter((l) => l.bbox.y > seg.bbox.y + seg.bbox.h * 0.6).sort((a, b) => a.bbox.y - b.bbox.y);
  for (const l of next) {
    if (l.bbox.y - seg.bbox.y > seg.bbox.h * 3) break;
    const hit = l.segments.find((c) => Math.abs(c.bbox.x - seg.bbox.x) < 8);
    if (hit) return hit;
  }
  return null;
}

// ------------------------------------------------------------------ customer

const SALUTATION = /^(?:herrn?|frau|firma|familie|eheleute)\b\s*/i;
const CARE_OF = /^(?:c\/o|z\.\s?(?:hd\.?|h\.)|zu händen|zhd\.?)\s/i;

function extractCustomer(view: DocView, log: EvidenceLog, first: EvLine[]): Customer {
  const c: Customer = { entity_ref: 'customer', name: null, billing_address: null };
  // The address block: a postcode+city cell in the upper 40 % of page one, left half, with a
  // street cell above it and the name above that.
  const upper = first.filter((l) => l.bbox.y < l.pageHeight * 0.4);
  for (const l of upper) {
    for (const seg of l.segments) {
      if (seg.bbox.x > l.pageWidth * 0.6) continue;
      const city = parseCity(seg.text);
      if (!city) continue;
      // Cells stacked above the city cell, same left edge: street, name, salutation. Measured by the cells' own
      // heights: on a scan a row joins the window's line with the header table beside it, and the row's top is the
      // higher cell's (window34).
      const above = upper
        .map((x) => x.segments.find((c) => Math.abs(c.bbox.x - seg.bbox.x) < 6))
        .filter((c): c is NonNullable<typeof c> => Boolean(c) && c!.bbox.y < seg.bbox.y - 1 && seg.bbox.y - c!.bbox.y < seg.bbox.h * 8)
        .sort((a, b) => b.bbox.y - a.bbox.y);
      const streetSeg = above[0];
      const street = streetSeg && parseStreet(streetSeg.text);
      if (!street) continue;
      // The lines of the block above the street, nearest first, while they stay one block.
      const block: Segment[] = [];
      for (const x of above.slice(1)) {
        const prev = block[block.length - 1] ?? streetSeg;
        if (prev.bbox.y - x.bbox.y > prev.bbox.h * 2.2 || /[·|]/.test(x.text)) break;
        block.push(x);
        if (SALUTATION.test(x.text)) break;
      }
      // "c/o …", "z. Hd. …" name who receives the post, not the customer.
      const careOf = block.filter((x) => CARE_OF.test(x.text)).length;
      const lines = block.filter((x) => !CARE_OF.test(x.text));
      let nameSeg = lines[0];
      if (!nameSeg) continue;
      let name = nameSeg.text.replace(SALUTATION, '').trim();
      let rest = lines.slice(1);
      if (!name && lines[1]) {
        nameSeg = lines[1];
        name = nameSeg.text;
        rest = lines.slice(2);
      }
      if (!name || /[·|]|postfach|\d{5}/i.test(name) || SALUTATION.test(name)) continue;
      // A name printed on two lines: the upper line ends in "und"/"&"/"," and is joined; any
      // other text line between salutation and name leaves the name to a reviewer.
      const over = rest.filter((x) => !SALUTATION.test(x.text) || x.text.replace(SALUTATION, '').trim());
      if (over[0] && /(?:\bund|&|,)\s*$/i.test(over[0].text)) {
        name = `${over[0].text.replace(SALUTATION, '').trim()} ${name}`;
        over.shift();
      }
      // "Anna Vogt c/o Hausverwaltung Berg" on one line: the customer is the name before it.
      const inlineCareOf = /\s(?:c\/o|z\.\s?(?:hd\.?|h\.)|zu händen)\s/i.exec(name);
      if (inlineCareOf) name = name.slice(0, inlineCareOf.index).trim();
      const doubt = over.length ? `the address block has another line above the name ("${over[0]!.text}")` : inlineCareOf ? `the name line also names a recipient in care of ("${nameSeg.text}")` : null;
      c.name = name;
      c.billing_address = { ...street, ...city, country_code: 'DE' };
      log.add('customer', 'name', { line: view.ev.lines[nameSeg.line]!, seg: nameSeg, text: careOf || name !== nameSeg.text.replace(SALUTATION, '').trim() ? block.map((x) => x.text).reverse().join(' ') : nameSeg.text, label: null }, { unconfirmed: doubt });
      log.add('customer', 'billing_address', { line: view.ev.lines[streetSeg.line]!, seg: streetSeg, text: `${streetSeg.text}, ${seg.text}`, label: null });
      return c;
    }
  }
  return c;
}

// ------------------------------------------------------------------ supply point

const SP_LABELS = umlautsAll({
  address: /\b(?:verbrauchsstelle|lieferstelle|lieferanschrift|lieferadresse|abnahmestelle|entnahmestelle|anlagenadresse|versorgungsadresse|adresse)(?=[\s:.]|$)/i,
  malo: /\b(?:marktlokation(?:s-?id)?|malo(?:-?id)?|marktlokations-?nummer)\b/i,
  melo: /\b(?:messlokation(?:s-?id)?|melo(?:-?id)?)\b/i,
  legacy: /\b(?:zählpunkt(?:bezeichnung|nummer)?|zählpunkt-?nr\.?)\b/i,
  operator: /^(?:ihr\s+)?(?:netzbetreiber|verteilnetzbetreiber)\b/i,
  operatorCode: /\b(?:marktpartner-?id|codenummer|bdew-?codenummer|mp-?id|betreibernummer)\b/i,
  metering: /^(?:ihr\s+)?(?:messstellenbetreiber|grundzuständiger messstellenbetreiber)\b/i,
});

function extractSupplyPoints(view: DocView, log: EvidenceLog, body: EvLine[], commodity: Commodity | null): SupplyPoint[] {
  const sp: SupplyPoint = { entity_ref: 'sp-1', commodity, malo_id: null, melo_id: null, legacy_metering_point_id: null, service_address: null, network_operator_name: null, network_operator_code: null, metering_operator_name: null };
  if (commodity) log.add('sp-1', 'commodity', commoditySpan(view) ?? null, { match: 'normalized' });
  const malo = view.labelled(SP_LABELS.malo, (t) => findMalos(t)[0]?.value ?? null, { lines: body });
  if (malo) {
    sp.malo_id = malo.value;
    // A second MaLo under the label (a former one, another supply point) passes its check
    // digit just as well: nothing tells which one is billed, so a reviewer decides.
    const others = distinctIds([...view.labelledHits(SP_LABELS.malo, (t) => findMalos(t)[0]?.value ?? null, { lines: body })].map((h) => h.value)).filter((v) => !sameId(v, malo.value));
    log.add('sp-1', 'malo_id', malo, { match: 'exact', unconfirmed: others.length ? `another Marktlokation is printed (${others.join(', ')}); invoices for several supply points go to review` : null });
  }
  const melo = view.labelled(SP_LABELS.melo, (t) => findMelos(t)[0]?.value ?? null, { lines: body });
  if (melo) {
    sp.melo_id = melo.value;
    log.add('sp-1', 'melo_id', melo);
  }
  const legacy = view.labelled(SP_LABELS.legacy, (t) => findMelos(t)[0]?.value ?? null, { lines: body });
  if (legacy && legacy.value !== sp.melo_id) {
    sp.legacy_metering_point_id = legacy.value;
    log.add('sp-1', 'legacy_metering_point_id', legacy);
  }
  const parseSupplyAddress = (t: string) => parseAddressLine(t.split(/\s·\s(?=\p{L}+:)/u)[0]!);
  const addr = view.labelled(SP_LABELS.address, parseSupplyAddress, { lines: body, below: false });
  if (addr) {
    sp.service_address = addr.value;
    // A plain "Adresse" names the supply point only inside its block (a supply-point heading
    // just above); another supply address printed under these labels leaves it to a reviewer.
    const at = body.indexOf(addr.line);
    const inBlock = !/^adresse$/i.test(addr.label ?? '') || body.slice(Math.max(0, at - 3), at).some((l) => SP_LABELS.address.test(l.text) || SP_LABELS.malo.test(l.text));
    const key = (a: NonNullable<SupplyPoint['service_address']>) => `${a.street}|${a.house_number}|${a.postal_code}`.toLowerCase();
    const rival = [...view.labelledHits(SP_LABELS.address, parseSupplyAddress, { lines: body, below: false })].find((h) => key(h.value) !== key(addr.value));
    log.add('sp-1', 'service_address', addr, { unconfirmed: !inBlock ? `"${addr.label}" is not in a supply-point block` : rival ? `another supply address is printed ("${rival.text}")` : null });
  } else {
    // "… der Verbrauchsstelle Bahnhofstraße 27, 79117 Freiburg (Marktlokations-ID …)": prose.
    const f = view.flow(body);
    const m = /(?:verbrauchsstelle|lieferstelle|lieferanschrift|lieferadresse|abnahmestelle)\s+([^,\n]+?\s\d+\s?[a-z]?),\s*(\d{5}\s[^\n(,;]+?)(?=\s*[(,;\n]|\s+mit\b)/i.exec(f.text);
    const a = m && addressFromLines(m[1]!, m[2]!);
    if (a) {
      sp.service_address = a;
      log.add('sp-1', 'service_address', spanOf(f.at(m!.index), null, m![0]));
    }
  }
  const op = view.labelled(SP_LABELS.operator, operatorName, { lines: body, below: false });
  if (op) {
    sp.network_operator_name = op.value;
    log.add('sp-1', 'network_operator_name', op);
    const code = /\((\d{13})\)/.exec(op.text);
    if (code) {
      sp.network_operator_code = code[1]!;
      log.add('sp-1', 'network_operator_code', op, { match: 'exact' });
    }
  }
  if (!sp.network_operator_code) {
    const code = view.labelled(SP_LABELS.operatorCode, (t) => /^(\d{13})\b/.exec(t.trim())?.[1] ?? null, { lines: body });
    if (code) {
      sp.network_operator_code = code.value;
      log.add('sp-1', 'network_operator_code', code, { match: 'exact' });
    }
  }
  const mo = view.labelled(SP_LABELS.metering, operatorName, { lines: body, below: false });
  if (mo) {
    sp.metering_operator_name = mo.value;
    log.add('sp-1', 'metering_operator_name', mo);
  }
  return [sp];
}

function commoditySpan(view: DocView): Span | null {
  const l = view.lines.slice(0, 80).find((x) => /\b(strom|erdgas|gas)\b/i.test(x.text) && x.text.length < 100);
  return l ? spanOf(l) : null;
}

function operatorName(t: string): string | null {
  const v = t.replace(/^(?:ist\s+)?(?:die|der|das)\s+/i, '').split(/\s*\(|,\s|\.\s(?!KG\b|mbH\b|OHG\b)|\s·\s/)[0]!.trim();
  if (!/\p{L}{3}/u.test(v) || /^\d/.test(v) || v.length > 70) return null;
  // A company name: a legal form or a utility word, nothing sentence-like.
  if (!LEGAL_FORM.test(v) && !/netz|werke|energie|messdienst|versorgung/i.test(v)) return null;
  return v;
}

// ------------------------------------------------------------------ meters and registers

const METER_LABEL = umlauts(/\b(?:zähler-?(?:nummer|nr\.?)|zählernummer|zähler)(?=[\s:.]|$)/i);
const METER_NO = /^([0-9][A-Z0-9]{5,19}|[A-Z0-9]{1,4}[0-9][A-Z0-9]{5,16})\b/;

function meterType(t: string): string | null {
  if (/intelligent|smart|imsys|smart meter/i.test(t)) return 'smart';
  if (/modern|mme\b|digital/i.test(t)) return 'modern';
  if (/ferraris|konventionell|elektromechanisch|analog|balgengas|balgenzähler|mechanisch/i.test(t)) return 'conventional';
  return null;
}

type ReadingKind = NonNullable<Register['reading_start']>['kind'];

/** A reading's kind from its wording; the estimate and the customer's own reading are named before "Ablesung"/"Netzbetreiber" can claim them. */
export function readingKind(t: string): ReadingKind {
  // A substitute value ("Ersatzwert des Netzbetreibers") is an estimate whoever formed it.
  if (/sch(?:ä|ae|a)tz|gesch(?:ä|ae)tzt|rechnerisch|hochgerechnet|hochrechnung|ersatzwert|prognose/i.test(t)) return 'estimated';
  if (/kunde|selbst|eigenablesung|eigene ablesung/i.test(t)) return 'customer';
  if (/ablesung|abgelesen|netzbetreiber|messstellenbetreiber|fernauslesung|ausgelesen|tatsächlich/i.test(t)) return 'actual';
  return null;
}

/** A kind column: one kind, or "alt/neu" as two ("Ablesung/Kunde", "KUNDENABLESUNG/SCHAETZUNG"). */
const KIND_WORD = 'kundenablesung|selbstablesung|ablesung|kunde|schätzung|abgelesen|geschätzt';
const KIND_COLUMN = umlauts(new RegExp(`(${KIND_WORD})(?:\\s*\\/\\s*(${KIND_WORD}))?`, 'i'));
/** A reading-kind cell that ends in the factor printed right after it: the factor. */
const KIND_THEN_FACTOR = umlauts(new RegExp(`(?:${KIND_WORD})\\s?(\\d{1,3})$`, 'i'));

/** A pair of a printed legend of reading-kind codes ("A = Ablesung durch den Netzbetreiber, K = Kundenablesung, S = Schätzung"). */
const LEGEND_PAIR = /(?:^|[\s,;:(])([A-Z])\s?=\s?([\p{L} ]+?)(?=[,;)]|\s+[A-Z]\s?=|$)/gu;
/** The same on a scan, where `cleanOcr` strips the "=" as a table rule's trace ("A Ablesung …, K Kundenablesung"; legend34). */
const OCR_LEGEND_PAIR = /(?:^|[\s,;:(])([A-Z])\s(?:=\s?)?([\p{L} ]+?)(?=[,;)]|$)/gu;

/** The legend's codes: a line with two pairs or more, each naming a reading kind. */
function kindLegend(body: EvLine[]): Map<string, ReadingKind> {
  const out = new Map<string, ReadingKind>();
  for (const l of body) {
    const pairs = [...l.text.matchAll(l.source === 'ocr' ? OCR_LEGEND_PAIR : LEGEND_PAIR)];
    if (pairs.length < 2) continue;
    for (const m of pairs) {
      const k = readingKind(m[2]!);
      if (k && !out.has(m[1]!)) out.set(m[1]!, k);
    }
  }
  return out;
}

function extractMeters(view: DocView, log: EvidenceLog, body: EvLine[], sps: SupplyPoint[]): Meter[] {
  const gas = sps[0]?.commodity === 'gas';
  const meterNo = view.labelled(METER_LABEL, meterNumberOf, { lines: body });
  if (!meterNo) return [];
  const meter: Meter = { entity_ref: 'meter-1', supply_point_ref: sps.length === 1 ? sps[0]!.entity_ref : null, meter_number: meterNo.value, meter_type: null, registers: [] };
  log.add('meter-1', 'meter_number', meterNo, { match: 'exact' });
  if (meter.supply_point_ref) log.add('meter-1', 'supply_point_ref', meterNo, { status: 'derived' });
  // A label cell saying more than the label ("Zählerart Wärmepumpe") names another meter's type:
  // a bare label wins, and any other type printed under the family leaves the type to a reviewer.
  const typeLabel = umlauts(/\b(?:zählerart|zählertyp|messeinrichtung|art der messeinrichtung)(?=[\s:.]|$)/i);
  const typeHits = [...view.labelledHits(typeLabel, meterType, { lines: body })];
  const qualified = (h: Hit<string | null>) => {
    const m = typeLabel.exec(h.line.text);
    const after = m ? h.line.text.slice(m.index + m[0].length).replace(/^\s*[:.]?\s*/, '') : '';
    return !!after && meterType(after.split(/\s+/).slice(0, 3).join(' ')) === null && !/^[A-Z0-9]*\d/.test(after);
  };
  const typeHit = typeHits.find((h) => !qualified(h)) ?? typeHits[0] ?? (/\//.test(meterNo.text) ? { ...meterNo, value: meterType(meterNo.text) } : null);
  if (typeHit?.value) {
    meter.meter_type = typeHit.value;
    const other = typeHits.find((h) => h.value !== typeHit.value);
    log.add('meter-1', 'meter_type', typeHit, { unconfirmed: other ? `another "${other.label}" reads ${other.value} ("${other.line.text}")` : null });
  }
  const rows = extractRegisters(view, log, body, meter, gas);
  meter.registers = rows.map((r) => r.reg);
  const meters = splitMeters(view, log, meter, rows, meterNo.value);
  // A labelled meter number that no extracted meter carries (a second meter, an exchanged one
  // whose readings are not split out) leaves every meter and its readings to a reviewer.
  // Same row only: a value below a label in prose ("Ferraris-Zähler" over "Vertragsnummer …") is no meter.
  const unbilled = distinctIds([...view.labelledHits(METER_LABEL, meterNumberOf, { lines: body, below: false })].map((h) => h.value)).filter((n) => !meters.some((m) => m.meter_number && sameId(m.meter_number, n)));
  if (unbilled.length) {
    const why = `meter ${unbilled.join(', ')} is printed too; invoices for several meters go to review`;
    for (const m of meters) {
      log.doubt(m.entity_ref, 'meter_number', why);
      for (const r of m.registers) for (const k of ['reading_start', 'reading_end'] as const) log.doubt(r.entity_ref, k, why);
    }
  }
  return meters;
}

function meterNumberOf(t: string): string | null {
  const m = METER_NO.exec(t.trim());
  return m && /\d{4}/.test(m[1]!) ? m[1]! : null;
}

/** The label families of the bill's own numbers (numbers.ts: a value under another family's label is another field's). */
const NUMBER_FAMILIES: NumberFamily[] = [
  { field: 'identity.customer_number', label: LABELS.customerNumber, parse: idValue },
  { field: 'identity.contract_account', label: LABELS.contractAccount, parse: idValue },
  { field: 'identity.contract_number', label: LABELS.contractNumber, parse: idValue },
  { field: 'meter.meter_number', label: METER_LABEL, parse: meterNumberOf },
];

function distinctIds(values: string[]): string[] {
  const out: string[] = [];
  for (const v of values) if (!out.some((o) => sameId(o, v))) out.push(v);
  return out;
}

/**
 * Reading rows that name their meter (a meter-number column): rows of different meters are
 * registers of different meters (a meter exchange). A printed exchange whose rows do not say
 * which meter they belong to, or rows naming another meter than the labelled one, leave the
 * readings to a reviewer.
 */
function splitMeters(view: DocView, log: EvidenceLog, meter: Meter, rows: RegisterRow[], labelled: string): Meter[] {
  const numbers = [...new Set(rows.map((r) => r.meterNo?.value).filter((v): v is string => Boolean(v)))];
  const exchange = view.grep(umlauts(/zählerwechsel|(?:zähler|gerät)\s.{0,30}\b(?:ausgebaut|eingebaut)|\b(?:ausbau|einbau)\s(?:des|am)\b/i))[0];
  const doubtAll = (why: string) => {
    for (const r of rows) for (const k of ['reading_start', 'reading_end'] as const) log.doubt(r.reg.entity_ref, k, why);
    log.doubt(meter.entity_ref, 'meter_number', why);
  };
  if (numbers.length <= 1) {
    if (numbers.length === 1 && !sameId(numbers[0]!, labelled)) doubtAll(`the reading rows name meter ${numbers[0]}, the label ${labelled}`);
    else if (exchange && rows.length) doubtAll(`a meter exchange is printed ("${exchange.line.text}") and the rows do not name their meter`);
    return [meter];
  }
  if (rows.some((r) => !r.meterNo)) {
    doubtAll('some reading rows name a meter, others do not');
    return [meter];
  }
  const meters: Meter[] = numbers.map((n, i) => ({ ...meter, entity_ref: `meter-${i + 1}`, meter_number: n, registers: [] }));
  const typeEv = log.records.find((r) => r.entity_ref === meter.entity_ref && r.field === 'meter_type');
  const spEv = log.records.find((r) => r.entity_ref === meter.entity_ref && r.field === 'supply_point_ref');
  // Evidence of the first meter is re-cited per meter: its number from its own row.
  log.records.splice(0, log.records.length, ...log.records.filter((r) => r.entity_ref !== meter.entity_ref || (r.field !== 'meter_number' && r.field !== 'meter_type' && r.field !== 'supply_point_ref')));
  for (const r of rows) {
    const m = meters[numbers.indexOf(r.meterNo!.value)]!;
    const ref = `${m.entity_ref}.reg-${m.registers.length + 1}`;
    for (const rec of log.records) if (rec.entity_ref === r.reg.entity_ref) rec.entity_ref = `\u0000${ref}`;
    r.reg.entity_ref = ref;
    m.registers.push(r.reg);
    if (!log.has(m.entity_ref, 'meter_number')) log.add(m.entity_ref, 'meter_number', { line: view.ev.lines[r.meterNo!.seg.line]!, seg: r.meterNo!.seg, text: r.meterNo!.seg.text, label: 'Zähler-Nr.' }, { match: 'exact' });
  }
  for (const rec of log.records) if (rec.entity_ref.startsWith('\u0000')) rec.entity_ref = rec.entity_ref.slice(1);
  for (const m of meters) {
    if (typeEv && m.meter_type) log.records.push({ ...typeEv, entity_ref: m.entity_ref });
    if (spEv && m.supply_point_ref) log.records.push({ ...spEv, entity_ref: m.entity_ref });
  }
  return meters;
}

interface RegisterRow {
  reg: Register;
  /** The meter number printed in the row (a meter-number column), if any. */
  meterNo: { value: string; seg: Segment } | null;
}

/** Reading rows: two dated readings (start, end) of one register, as a table row or as prose. */
function extractRegisters(view: DocView, log: EvidenceLog, body: EvLine[], meter: Meter, isGas: boolean): RegisterRow[] {
  const regs: Register[] = [];
  const rows: RegisterRow[] = [];
  let legend: Map<string, ReadingKind> | null = null;
  let printed: Set<string> | null = null;
  for (let i = 0; i < body.length; i++) {
    const l = body[i]!;
    const ds = findDates(l.text);
    if (ds.length < 2 || /abschlag|fällig|zeitraum|preis|entgelt|umlage|steuer|abgabe|arbeit|grund|tage\b/i.test(l.text)) continue;
    // Reading rows carry no money and no prices.
    if (findUnitPrices(l.text).length || /\d,\d{2}\s*(?:€|eur\b)|\d,\d{2}$/i.test(l.text)) continue;
    const cue = body.slice(Math.max(0, i - 4), i + 1).map((x) => x.text).join(' ');
    if (!umlauts(/stand|zählwerk|ablesung|abgelesen|zähler|obis|\b(?:HT|NT)\b|eintarif|messwert/i).test(cue)) continue;
    // Each date followed by a reading number.
    const after = (d: (typeof ds)[number]) => /^\s*:?\s*(\d{1,3}(?:\.\d{3})+(?:,\d+)?|\d+(?:,\d+)?)(?![.\d])/.exec(l.text.slice(d.index + d.length));
    const a = after(ds[0]!);
    const b = after(ds[1]!);
    if (!a || !b) continue;
    const start = parseNumber(a[1]!);
    const end = parseNumber(b[1]!);
    if (!start || !end || Number(end) < Number(start)) continue;
    const ref = `${meter.entity_ref}.reg-${regs.length + 1}`;
    const context = `${l.text} ${body[i + 1]?.text ?? ''}`;
    const parens = [...l.text.matchAll(/\(([^)]+)\)/g)].map((m) => ({ kind: readingKind(m[1]!), at: m.index! })).filter((k) => k.kind !== null);
    const kinds = parens.map((k) => k.kind);
    const kindCol = KIND_COLUMN.exec(l.text.slice(ds[1]!.index));
    // The rows that may head this row's columns: the three lines above it on its page.
    const headerRows = body.slice(Math.max(0, i - 3), i).filter((h) => h.page === l.page);
    let k1: ReadingKind = null;
    let k2: ReadingKind = null;
    // Why a kind is not tied to exactly one reading by what is printed (the policy then asks).
    let startDoubt: string | null = null;
    let endDoubt: string | null = null;
    if (kinds.length >= 2) {
      [k1, k2] = kinds;
      // "(kind)" after each reading: the first between the two dates, the second after the end reading.
      const between = parens[0]!.at > ds[0]!.index && parens[0]!.at < ds[1]!.index && parens[1]!.at > ds[1]!.index;
      if (kinds.length > 2 || !between) startDoubt = endDoubt = `${kinds.length} reading kinds in the row, not one after each reading`;
    } else if (kindCol?.[2]) [k1, k2] = [readingKind(kindCol[1]!), readingKind(kindCol[2])];
    else if (!kindCol && (legend ??= kindLegend(body)).size) {
      // Codes explained by a printed legend: "A/K" under "Ableseart", "A = Ablesung …, K = Kundenablesung".
      const codes = /(?:^|\s)([A-Z])\s?\/\s?([A-Z])(?=\s|$)/.exec(l.text.slice(ds[1]!.index));
      if (codes && legend.has(codes[1]!) && legend.has(codes[2]!)) [k1, k2] = [legend.get(codes[1]!)!, legend.get(codes[2]!)!];
    } else if (kindCol) {
      k2 = readingKind(kindCol[1]!);
      // One kind for a row of two readings belongs to the end reading only when its column header says so ("Ableseart neu").
      const cell = l.segments.find((sg) => sg.text.includes(kindCol[1]!));
      const header = cell && headerRows.some((h) => h.segments.some((sg) => sg.bbox.x < cell.bbox.x + cell.bbox.w && sg.bbox.x + sg.bbox.w > cell.bbox.x && /\b(?:neu|aktuell|ende|end)\b/i.test(sg.text) && !/\balt\b/i.test(sg.text)));
      if (!header) endDoubt = 'one reading kind printed for a row of two readings, its column not headed as the new reading';
    }
    const multM = /(?:faktor|wandlerfaktor|multiplikator)\s*:?\s*(\d+(?:,\d+)?)/i.exec(context);
    let mult = multM ? parseNumber(multM[1]!) : null;
    const label = /\b(HT|NT|ET)\b|eintarif|hochtarif|niedertarif|einzeltarif|(?<=\S\s+)gesamt\b/i.exec(l.text + ' ' + (body[i - 1]?.text ?? ''));
    const lab = label ? (/^(HT|hochtarif)$/i.test(label[0]) ? 'HT' : /^(NT|niedertarif)$/i.test(label[0]) ? 'NT' : 'single') : null;
    const obis = /\b\d{1,2}-\d{1,2}:\d{1,2}\.\d{1,2}\.\d{1,2}\b/.exec(context) ?? /\b\d{1,2}-\d{1,2}:\d{1,2}\.\d{1,2}\.\d{1,2}\b/.exec(body[i - 1]?.text ?? '');
    const diff = String(Number(end) - Number(start));
    // Multiplier from the columns when not labelled: a small integer cell right of the readings.
    if (!mult) {
      const cells = l.segments.map((s) => s.text);
      const m = cells.find((c, j) => j > 0 && /^\d{1,3}$/.test(c) && Number(c) > 0 && Number(c) <= 500 && c !== diff);
      if (m) mult = m;
      // Or joined to the reading-kind cell before it ("Ablesung/Schätzung1", "Kundenablesung/Kundenablesung 1"), under
      // a header row that names the factor column (factorcol34).
      const joined = m ? null : KIND_THEN_FACTOR.exec(l.text.trim());
      const headed = joined && headerRows.some((h) => /\bfaktor\b/i.test(h.text));
      if (joined && headed && Number(joined[1]) > 0) mult = joined[1]!;
    }
    const unit: Register['consumption_unit'] = isGas ? 'm3' : 'kWh';
    // A factor read by OCR that the bill's own quantities contradict (factor34: "1" read as "4"): the readings'
    // difference is printed as a quantity (the consumption, the charge lines) and the difference × the factor is not.
    let factorDoubt: string | null = null;
    if (mult && Number(mult) !== 1 && l.source === 'ocr') {
      printed ??= new Set(findQuantities(view.flow(body).text).map((q) => `${q.unit}|${Number(q.value)}`));
      const d = Number(end) - Number(start);
      if (printed.has(`${unit}|${d}`) && !printed.has(`${unit}|${d * Number(mult)}`)) {
        factorDoubt = `the factor reads "${mult}", but the bill prints the readings' difference ${d} ${unit} as the quantity`;
        mult = '1';
      }
    }
    // Without a printed multiplier the difference itself (the policy counts a missing multiplier as 1;
    // only the consumption billed by the charge lines confirms it).
    const consumption = String(Math.round((Number(end) - Number(start)) * Number(mult ?? 1) * 1000) / 1000);
    const reg: Register = {
      entity_ref: ref, obis_code: obis ? obis[0] : null, label: lab,
      reading_start: { date: ds[0]!.value, value: start, kind: k1 },
      reading_end: { date: ds[1]!.value, value: end, kind: k2 },
      multiplier: mult, consumption_value: consumption, consumption_unit: unit,
    };
    const note = !k1 && k2 ? /alten zählerstände wurden vom netzbetreiber abgelesen|ablesung alt|alt:\s*ablesung/i.exec(view.flow(body).text) : null;
    if (note) {
      reg.reading_start!.kind = 'actual';
      // Only the sentence about the old readings says how they were taken; a header "Ablesung alt" names a date column.
      if (!/^alten/i.test(note[0])) startDoubt = `the start kind comes from "${note[0]}", not from the reading`;
    }
    const sp = spanOf(l);
    log.add(ref, 'reading_start', sp, { unconfirmed: startDoubt });
    log.add(ref, 'reading_end', sp, { unconfirmed: endDoubt });
    if (reg.obis_code) log.add(ref, 'obis_code', sp, { match: 'exact' });
    if (reg.label) log.add(ref, 'label', sp);
    if (reg.multiplier) log.add(ref, 'multiplier', sp, { unconfirmed: factorDoubt });
    if (reg.consumption_value) log.add(ref, 'consumption_value', sp, { status: 'derived' });
    log.add(ref, 'consumption_unit', sp);
    if (unit === 'm3') gasConversion(view, log, body, reg);
    regs.push(reg);
    // A cell that is a meter number (letters and digits, or a long digit run), not a reading or date.
    const meterToken = (t: string) => /^(?:\d[A-Z]{1,4}|[A-Z]{1,4}\d?)\d{6,16}$|^\d{9,20}$/.test(t) && !l.text.includes(`${t},`);
    const meterCell = l.segments.find((sg) => sg.text.trim().split(/\s+/).some(meterToken));
    const meterValue = meterCell?.text.trim().split(/\s+/).find(meterToken) ?? null;
    rows.push({ reg, meterNo: meterCell && meterValue ? { value: meterValue, seg: meterCell } : null });
  }
  return rows;
}

function gasConversion(view: DocView, log: EvidenceLog, body: EvLine[], reg: Register): void {
  const ref = reg.entity_ref;
  const z = view.labelled(/\bzustandszahl\b/i, (t) => parseNumber(/^(\d+,\d+)/.exec(t.trim())?.[1] ?? ''), { lines: body });
  const hs = view.labelled(/\b(?:brennwert|abrechnungsbrennwert)\b(?:\s*\(?hs,?eff\)?)?/i, (t) => parseNumber(/^(\d+,\d+)/.exec(t.trim())?.[1] ?? ''), { lines: body });
  reg.volume_m3 = reg.consumption_value;
  reg.z_number = z?.value ?? null;
  reg.calorific_value_kwh_per_m3 = hs?.value ?? null;
  if (z) log.add(ref, 'z_number', z);
  if (hs) log.add(ref, 'calorific_value_kwh_per_m3', hs);
  if (reg.volume_m3) log.add(ref, 'volume_m3', spanOf(view.lines[0]!), { status: 'derived' });
  reg.energy_kwh = null;
  if (reg.volume_m3 && z && hs) {
    const calc = Number(reg.volume_m3) * Number(z.value) * Number(hs.value);
    // The printed energy: a kWh quantity close to the product.
    for (const l of body) {
      const q = findQuantities(l.text).find((x) => x.unit === 'kWh' && Math.abs(Number(x.value) - calc) <= Math.max(1, calc * 0.005));
      if (q) {
        reg.energy_kwh = q.value;
        log.add(ref, 'energy_kwh', spanOf(l, null, l.text));
        break;
      }
    }
  }
}

// ------------------------------------------------------------------ tariffs

function extractTariffs(view: DocView, log: EvidenceLog, body: EvLine[], commodity: Commodity | null): Tariff[] {
  const out: Tariff[] = [];
  const head = body.findIndex((l) => /^(?:ihre |deine |unsere )?(?:preise|tarif(?:e|daten)?|preisübersicht|preisblatt|ihr tarif|dein tarif|preisangaben)\b/i.test(l.segments[0]!.text) && l.text.length < 120);
  if (head < 0) return out;
  for (let i = head + 1; i < Math.min(body.length, head + 12); i++) {
    const l = body[i]!;
    const nextText = body[i + 1]?.text ?? '';
    let text = l.text;
    let prices = findUnitPrices(text);
    const name = l.segments[0]!.text;
    if (!/\p{L}{3}/u.test(name) || /^(?:produkt|tarif|bezeichnung|arbeitspreis|grundpreis)\b/i.test(name) && prices.length === 0 && !findDates(text).length) continue;
    if (/^(?:rechnungs|abrechnungs|aufstellung|entgelte|deine kosten|ihre kosten|kosten|positionen|zählerst)/i.test(name)) break;
    // A charge row ends in an amount; tariffs end in prices.
    if (/\d,\d{2}\s*(?:€|eur)?\s*$/i.test(l.text) && !/(?:€|eur)\s*\/\s*\p{L}+\.?\)?\s*$|\/(?:jahr|monat)\b[^\d]*$/iu.test(l.text)) break;
    // Name and dates on one line, prices on the next ("Arbeitspreis … · Grundpreis …").
    if (!prices.length && findUnitPrices(nextText).length && !/\d,\d{2}\s*€?\s*$/.test(nextText)) {
      text = `${text}   ${nextText}`;
      prices = findUnitPrices(text);
      i++;
    }
    const energy = prices.find((p) => p.currency === 'ct' && p.per === 'kWh');
    const base = prices.find((p) => p.currency === 'eur' && (p.per === 'year' || p.per === 'month' || p.per === 'day'));
    if (!energy && !base) {
      if (out.length) break;
      continue;
    }
    const ds = findDates(text);
    const period = periodIn(text);
    const t: Tariff = {
      entity_ref: `tariff-${out.length + 1}`,
      name: name.replace(/\s+\d{1,2}\.\d{1,2}\.\d{4}.*$/, '').trim() || null,
      commodity,
      energy_price_ct_per_kwh: energy?.value ?? null,
      base_price_eur: base ? twoDec(base.value) : null,
      base_price_period: (base?.per as Tariff['base_price_period']) ?? null,
      valid_from: period?.start ?? ds[0]?.value ?? null,
      valid_to: period?.end ?? ds[1]?.value ?? null,
    };
    const sp = spanOf(l);
    for (const k of ['name', 'commodity', 'energy_price_ct_per_kwh', 'base_price_eur', 'base_price_period', 'valid_from', 'valid_to'] as const) {
      const price = k === 'energy_price_ct_per_kwh' || k === 'base_price_eur';
      // The name is the whole first cell (a trailing validity date aside); anything else in it leaves the name open.
      const nameRest = k === 'name' && t.name && /\p{L}{2}/u.test(name.replace(t.name, '').replace(/\d{1,2}\.\d{1,2}\.\d{4}|\b(?:bis|ab|vom|gültig)\b/giu, '')) ? `the cell reads "${name}", more than the name` : null;
      if (t[k] !== null) log.add(t.entity_ref, k, sp, { unconfirmed: price ? 'a price-table value; only a charge line billed at it confirms it' : nameRest });
    }
    out.push(t);
  }
  return out;
}

const twoDec = (v: string) => (v.includes('.') ? (v.split('.')[1]!.length >= 2 ? v : `${v}0`) : `${v}.00`);

// ------------------------------------------------------------------ charges

const CATEGORY: Array<[ChargeCategory, RegExp]> = [
  ['electricity_tax', /stromsteuer/i],
  ['energy_tax', /energiesteuer|erdgassteuer/i],
  ['co2', /co2|co₂|behg|emissions/i],
  ['metering', /messstellenbetrieb|messentgelt|messung|messdienst|zähler(?:miete|entgelt)/i],
  ['levy', /umlage|konzessionsabgabe|aufschlag|abgabe|kwkg|offshore|stromnev|gasspeicher/i],
  ['network', /netz(?:nutzungs)?entgelt|netzentgelte|netznutzung/i],
  ['base_fee', /grundpreis|grundgebühr|grundentgelt|leistungspreis|servicepauschale/i],
  ['energy', /arbeitspreis|verbrauchspreis|energiepreis|energie|verbrauch|lieferung/i],
];

function category(desc: string): ChargeCategory {
  return CATEGORY.find(([, re]) => re.test(desc))?.[0] ?? 'other';
}

const SUM_NET = /^(?:summe(?: der)?(?: rechnungspositionen)?\s*\(?netto\)?|summe netto|nettobetrag|summe nettobeträge|zwischensumme(?: netto)?|gesamt netto|nettosumme|summe entgelte netto|summe der positionen|kosten im zeitraum \(netto\))\b/i;

/** Charge lines: rows that end in an amount, with a description, inside the charge table. */
function extractCharges(view: DocView, log: EvidenceLog, body: EvLine[]): Charge[] {
  const charges: Charge[] = [];
  const headIdx = body.findIndex(
    (l) =>
      (/^(?:[\p{L}]+:\s*)?(?:aufstellung|rechnungspositionen|(?:ihre |deine )?kosten\b|entgelte|positionen|einzelpositionen|abrechnungspositionen|berechnung|so berechnen wir|preise und entgelte|details? der abrechnung|ihre rechnungspositionen)/iu.test(l.segments[0]!.text) && l.text.length < 90 && !/\d,\d{2}/.test(l.text)) ||
      /^pos\.?\s+bezeichnung/i.test(l.text),
  );
  const stop = body.findIndex((l, i) => i > headIdx && SUM_NET.test(l.text.trim()));
  if (headIdx < 0 || stop < 0) return charges;
  const vatRate = defaultVat(view);
  let lastRow: { charge: Charge; line: EvLine; descX: number; lastY: number } | null = null;
  /** A text line nearer the next amount row than the last: the first line of that row's description. */
  let before: EvLine | null = null;
  /** A text line as near the next row as the last one: the next row's description is not settled either. */
  let between: string | null = null;
  for (let i = headIdx + 1; i < stop; i++) {
    const l = body[i]!;
    const segs = l.segments;
    const lastSeg = segs[segs.length - 1]!;
    const amtM = /^(-\s?)?(\d{1,3}(?:\.\d{3})*,\d{2})\s*(?:€|eur)?$/i.exec(lastSeg.text.trim()) ?? /\s(-\s?)?(\d{1,3}(?:\.\d{3})*,\d{2})\s*(?:€|eur)?$/i.exec(l.text);
    const descSeg = segs.find((s) => /\p{L}{3}/u.test(s.text) && !/^(?:kwh|tage|cent|ct|eur|€)/i.test(s.text));
    if (!amtM || !descSeg || segs.length < 2 && !/\p{L}{3}.*\d,\d{2}/u.test(l.text)) {
      // A detail line under the row: period, quantity × price.
      if (lastRow && !amtM && (findQuantities(l.text).length || periodIn(l.text)) && lastRow.charge.quantity === null) {
        fillDetails(lastRow.charge, l.text);
        for (const k of ['period', 'quantity', 'unit', 'unit_price'] as const) {
          if (lastRow.charge[k] !== null) log.add(lastRow.charge.entity_ref, k, spanOf(l), { unconfirmed: k === 'period' ? null : 'read from the row; only quantity × unit price = amount confirms it' });
        }
      } else if (lastRow && !amtM && l.text.length < 40 && /\p{L}{2}/u.test(l.text) && (/^\p{L}/u.test(l.text) && !/[\d]{2}/.test(l.text) && l.bbox.x >= lastRow.line.bbox.x || !isDetail(l.text) && Math.abs(l.bbox.x - lastRow.descX) < 6)) {
        // Wrapped description: a further line of the description cell, right below the last one —
        // unless it stands nearer the next amount row than the last one: then it is the first line
        // of the next row's cell (its amount printed on the cell's last line) or a heading; at
        // about equal distance nobody can tell.
        if (l.page === lastRow.line.page && l.bbox.y - lastRow.lastY < lastRow.line.bbox.h * 2.2) {
          const next = body[i + 1];
          const above = l.bbox.y - lastRow.lastY;
          const below = next && next.page === l.page && AMOUNT_ROW.test(next.text) ? next.bbox.y - l.bbox.y : Infinity;
          if (below < above * 0.9) {
            before = l;
            continue;
          }
          lastRow.charge.description = `${lastRow.charge.description} ${l.text}`.trim();
          lastRow.charge.category = category(lastRow.charge.description);
          lastRow.lastY = l.bbox.y;
          if (below <= above * 1.1) {
            const why = `the line "${l.text}" stands between this row and the next as near to either`;
            log.doubt(lastRow.charge.entity_ref, 'description', why);
            between = why;
          } else {
            log.settle(lastRow.charge.entity_ref, 'description');
            if (lastRow.charge.category !== 'other') log.settle(lastRow.charge.entity_ref, 'category');
          }
        }
      }
      continue;
    }
    if (/^(?:pos\.?|bezeichnung|position|leistung)\b/i.test(l.text) && !/\d,\d{2}/.test(l.text)) continue;
    // Carry-overs at page breaks repeat a running sum, they are not charges.
    if (/(?<!\p{L})(?:übertrag|zwischensumme|uebertrag)(?!\p{L})/iu.test(l.text)) continue;
    const net = amtM[2]!.replace(/\./g, '').replace(',', '.');
    let desc = descSeg.text.replace(/^\d{1,3}\s+(?=\p{L})/u, '').replace(/[,:]?\s+\d{1,2}\.\d{1,2}\.\d{4}.*$/, '').trim();
    desc = desc.replace(/\s*(?:\d{1,3}(?:\.\d{3})*,\d{2})\s*(?:€|eur)?$/i, '').trim();
    const cellAbove = before && before.page === l.page && Math.abs(before.bbox.x - descSeg.bbox.x) < 6 ? before : null;
    if (cellAbove) desc = `${cellAbove.text} ${desc}`;
    const charge: Charge = { entity_ref: `charge-${charges.length + 1}`, category: category(desc), description: desc, period: null, quantity: null, unit: null, unit_price: null, net_amount: amtM[1] ? `-${net}` : net, vat_rate: null };
    fillDetails(charge, l.text.slice(0, l.text.lastIndexOf(amtM[2]!)));
    const rate = parseRate(l.text.replace(/\d+,\d+\s*(?:ct|cent)/gi, ''));
    charge.vat_rate = rate ?? vatRate;
    const sp = spanOf(l);
    const doubt: Partial<Record<keyof Charge, string>> = {
      description: (cellAbove ? `its first line "${cellAbove.text}" stands above the amount's row (a cell of two lines, or a heading)` : null)
        ?? (before ? `the line "${before.text}" above the row may begin its description` : null)
        ?? between
        ?? descriptionDoubt(descSeg, cellAbove ? desc.slice(cellAbove.text.length + 1) : desc, segs, body[i + 1], l) ?? undefined,
      category: charge.category === 'other' ? 'no category word in the description' : undefined,
      vat_rate: rate ? undefined : 'the invoice-wide VAT rate; only a VAT row at that rate confirms it',
    };
    for (const k of ['quantity', 'unit', 'unit_price'] as const) doubt[k] = 'read from the row; only quantity × unit price = amount confirms it';
    for (const k of ['category', 'description', 'period', 'quantity', 'unit', 'unit_price', 'net_amount', 'vat_rate'] as const) {
      if (charge[k] !== null) log.add(charge.entity_ref, k, sp, { status: k === 'category' || (k === 'vat_rate' && !rate) ? 'derived' : 'extracted', unconfirmed: doubt[k] });
    }
    charges.push(charge);
    lastRow = { charge, line: l, descX: descSeg.bbox.x, lastY: l.bbox.y };
    before = null;
    between = null;
  }
  return charges;
}

/** A charge row: a line ending in an amount. */
const AMOUNT_ROW = /\d,\d{2}\s*(?:€|eur)?$/i;

/** A detail line under a charge row (money, a date, a quantity), not more of its description. */
const isDetail = (t: string) => /\d,\d{2}|\d{1,2}\.\d{1,2}\.\d{2,4}/.test(t) || findQuantities(t).length > 0;

/** Words of a quantity or price, not of a charge's name. */
const UNIT_WORD = /^(?:kwh|mwh|m³|m3|tage?|monate?|jahre?|jahr|ct|cent|eur|euro|€|stück|stk\.?|pauschal|x|je|pro|zu|à|a|bis|vom|netto|brutto)$/i;

/**
 * Why a charge description may not be the whole printed cell: text left in the cell besides
 * the description, numbers, dates and units; a text cell right next to it; or a text-only
 * line right below at the same left edge (a second line of the cell). OCR junk in a word too.
 */
function descriptionDoubt(seg: Segment, desc: string, segs: Segment[], next: EvLine | undefined, row: EvLine): string | null {
  const rest = seg.text
    .replace(desc, ' ')
    .replace(/\d{1,2}\.\d{1,2}\.\d{2,4}/g, ' ')
    .replace(/-?\d[\d.,]*/g, ' ')
    .replace(/\b(?:kwh|m³|m3|tage?|ct|cent|eur|€|jahr|monat|bis|vom|x|×|zu|je|pro)\b|[€%×x/:,;·()–-]/giu, ' ');
  if (/\p{L}{2}/u.test(rest)) return `the cell reads "${seg.text}", more than the description`;
  const words = desc.replace(/-?\d[\d.,]*/g, ' ').replace(/[€%×/:,;·()–-]/g, ' ').split(/\s+/).filter((w) => /\p{L}/u.test(w));
  if (!words.some((w) => !UNIT_WORD.test(w))) return `"${desc}" is a unit or price, not a charge's name`;
  if (/^\p{Ll}/u.test(desc)) return `"${desc}" begins mid-phrase: its first words stand elsewhere`;
  const after = segs[segs.indexOf(seg) + 1];
  if (after && /^\p{L}[\p{L} .&-]{2,}$/u.test(after.text.trim()) && !/^(?:kwh|tage?|ct|cent|eur|€|monat|jahr|pauschal)\b/i.test(after.text.trim())) return `the next cell "${after.text}" may continue the description`;
  // Below the cell: starting under it (aligned or indented), not a detail line.
  if (next && !isDetail(next.text) && /\p{L}{2}/u.test(next.text) && next.bbox.x > seg.bbox.x - 6 && next.bbox.x < seg.bbox.x + seg.bbox.w && next.bbox.y - row.bbox.y < row.bbox.h * 1.8 && next.page === row.page) {
    return `the line below ("${next.text}") may continue the description`;
  }
  if (row.source !== 'native' && /[$|\\{}\[\]<>@#]|\p{L}\d|\d\p{L}/u.test(desc.replace(/co2/gi, ''))) return 'OCR text with characters that are no part of a charge name';
  return null;
}

function fillDetails(c: Charge, text: string): void {
  const p = periodIn(text);
  if (p && !c.period) c.period = { start: p.start, end: p.end };
  const prices = findUnitPrices(text);
  const qs = findQuantities(text.replace(/\d+(?:[.,]\d+)?\s?(?:ct|cent|eur|€)\s?\/\s?\S+/gi, ''));
  const q = qs[0];
  if (q && c.quantity === null) {
    c.quantity = q.value;
    c.unit = q.unit;
  }
  const price = prices[0];
  if (price && c.unit_price === null) c.unit_price = price.currency === 'ct' ? shiftLeft(price.value, 2) : twoDec(price.value);
}

function defaultVat(view: DocView): string | null {
  for (const l of view.lines) {
    const m = /(?:zzgl\.?|zuzüglich|plus)\s+(\d{1,2})\s?%\s*(?:umsatzsteuer|ust|mwst)/i.exec(l.text) ?? /(?:umsatzsteuer|ust\.?|mwst\.?)\s+(\d{1,2}(?:,\d+)?)\s?%/i.exec(l.text);
    if (m) return parseRate(`${m[1]}%`);
  }
  return null;
}

// ------------------------------------------------------------------ settlement and taxes

const S_LABELS = umlautsAll({
  net: /(?:summe(?: der)?(?: rechnungspositionen)?\s*\(?netto\)?|nettobetrag|summe nettobeträge|gesamt netto|nettosumme|kosten im zeitraum \(netto\)|rechnungsbetrag netto|summe entgelte)/i,
  vat: /(?:umsatzsteuer|mehrwertsteuer|ust\.?|mwst\.?)\s*\d{1,2}(?:,\d+)?\s?%/i,
  gross: /(?:rechnungsbetrag|gesamtbetrag|bruttobetrag|summe brutto|gesamt brutto|kosten im zeitraum \(brutto\)|endbetrag|gutschriftsbetrag)/i,
  advance: /(?:abschläge|abschlagszahlungen|vorauszahlungen|bezahlte abschläge|geleistete(?:n)? abschläge|abzüglich.*abschl)/i,
  due: /^(?:nachzahlung|zu zahlen(?:der betrag)?|offener betrag|restbetrag|forderung|ihre nachzahlung|deine nachzahlung|zahlbetrag)|(?:eine? |ihre |deine )(?:nachzahlung|zu zahlender betrag|restbetrag) (?:zu (?:ihren|deinen) lasten )?(?:von|in höhe von)(?= \d)/i,
  credit: /^(?:guthaben|ihr guthaben|dein guthaben|erstattung|gutschrift(?:sbetrag)?|überzahlung|auszahlungsbetrag)|(?:ein |ihr |dein )guthaben (?:zu (?:ihren|deinen) gunsten )?(?:von|in höhe von)(?= \d)/i,
});

/** Every labelled amount: the first money amount after the label that is not a tax base ("auf 123,45"). */
function amountHits(lines: EvLine[], re: RegExp, view?: DocView): Array<Hit<string>> {
  const out: Array<Hit<string>> = [];
  for (const l of lines) {
    const m = re.exec(l.text);
    if (!m) continue;
    const tail = l.text.slice(m.index + m[0].length);
    const pick = (t: string) => findAmounts(t).find((x) => !/\bauf\s*$/i.test(t.slice(0, x.index)) && !/^\s*(?:ct|cent)\b/i.test(t.slice(x.index + x.length)) && !/\/\s*\p{L}/u.test(t.slice(x.index + x.length, x.index + x.length + 8)));
    let a = pick(tail);
    if (!a && view) {
      // The amount in another OCR block on the same row.
      const r = rightOf(view.ev, l.segments[l.segments.length - 1]!);
      const b = r && pick(r.text);
      if (r && b) {
        out.push({ value: b.value.replace(/^-/, ''), line: view.ev.lines[r.line]!, seg: r, text: `${l.text} ${r.text}`, label: m[0] });
        continue;
      }
    }
    if (!a) continue;
    const v = a.value.replace(/^-/, '');
    const seg = l.segments.find((s) => s.text.includes(a.raw.trim())) ?? null;
    out.push({ value: v, line: l, seg, text: l.text, label: m[0] });
  }
  return out;
}

/** A labelled amount in running text that wraps ("… ergibt sich ein Guthaben von\n318,96 €"). */
function sentenceAmount(view: DocView, body: EvLine[], re: RegExp): Hit<string> | null {
  const f = view.flow(body);
  const text = f.text.replace(/\n/g, ' ');
  const m = new RegExp(re.source, re.flags.replace('g', '')).exec(text);
  if (!m) return null;
  const a = findAmounts(text.slice(m.index + m[0].length, m.index + m[0].length + 24))[0];
  if (!a) return null;
  return { ...spanOf(f.at(m.index), m[0], text.slice(m.index, m.index + m[0].length + a.index + a.length)), value: a.value.replace(/^-/, '') };
}

function amountHit(view: DocView, lines: EvLine[], re: RegExp, pick: 'last' | 'first' = 'last'): Hit<string> | null {
  const hits = amountHits(lines, re, view);
  void view;
  return (pick === 'first' ? hits[0] : hits[hits.length - 1]) ?? null;
}

function extractSettlement(view: DocView, log: EvidenceLog, body: EvLine[], charges: Charge[]): Settlement {
  const s: Settlement = { entity_ref: 'settlement', net_total: null, vat_total: null, gross_total: null, advance_payments_total: null, balance_amount: null, balance_direction: null };
  const cents = (v: string | null | undefined) => (v ? Math.round(Number(v) * 100) : NaN);
  // The totals are the labelled amounts that add up (net + VAT = gross), tables preferred over prose.
  const nets = amountHits(body, S_LABELS.net, view).reverse();
  const vats = amountHits(body, S_LABELS.vat, view).reverse();
  const grosses = amountHits(body, S_LABELS.gross, view).reverse();
  let triple: [Hit<string>, Hit<string>, Hit<string>] | null = null;
  for (const n of nets) {
    for (const v of vats) {
      const g = grosses.find((x) => cents(n.value) + cents(v.value) === cents(x.value));
      if (g) {
        triple = [n, v, g];
        break;
      }
    }
    if (triple) break;
  }
  const [net, vat, gross] = triple ?? [nets[0] ?? null, vats[0] ?? null, grosses[0] ?? null];
  if (triple && net && vat && gross) {
    s.net_total = net.value;
    s.vat_total = vat.value;
    s.gross_total = gross.value;
    log.add('settlement', 'net_total', net);
    log.add('settlement', 'vat_total', vat);
    log.add('settlement', 'gross_total', gross);
  } else {
    const sum = charges.reduce((a, c) => a + cents(c.net_amount), 0);
    if (net && cents(net.value) === sum) {
      s.net_total = net.value;
      log.add('settlement', 'net_total', net);
    }
    // Without the arithmetic, a gross total only when every labelled candidate agrees.
    if (gross && grosses.every((g) => g.value === gross.value)) {
      s.gross_total = gross.value;
      log.add('settlement', 'gross_total', gross);
    }
  }
  const adv = amountHit(view, body, S_LABELS.advance, 'first');
  if (adv) {
    s.advance_payments_total = adv.value;
    log.add('settlement', 'advance_payments_total', adv);
  }
  const due = amountHit(view, body, S_LABELS.due, 'first') ?? sentenceAmount(view, body, S_LABELS.due);
  const credit = amountHit(view, body, S_LABELS.credit, 'first') ?? sentenceAmount(view, body, S_LABELS.credit);
  const g = cents(s.gross_total);
  const a = cents(s.advance_payments_total ?? '0');
  const pickBalance = (h: Hit<string>, dir: 'amount_due' | 'credit') => {
    s.balance_amount = h.value;
    s.balance_direction = dir;
    log.add('settlement', 'balance_amount', h);
    log.add('settlement', 'balance_direction', h);
  };
  if (due && !Number.isNaN(g) && Math.abs(g - a) === cents(due.value) && g - a >= 0) pickBalance(due, 'amount_due');
  else if (credit && !Number.isNaN(g) && Math.abs(g - a) === cents(credit.value) && g - a <= 0) pickBalance(credit, 'credit');
  else if (!Number.isNaN(g) && s.advance_payments_total === null) {
    // No advances: the gross total is what is due (or credited for a credit note).
    const creditNote = /gutschrift/i.test(view.lines.slice(0, 40).map((l) => l.text).join(' ')) && !/rechnung\b/i.test(view.lines.slice(0, 25).map((l) => l.text).join(' '));
    if (credit && cents(credit.value) === g) pickBalance(credit, 'credit');
    else if (due && cents(due.value) === g) pickBalance(due, 'amount_due');
    else if (gross) {
      s.balance_amount = s.gross_total;
      s.balance_direction = creditNote ? 'credit' : 'amount_due';
      log.add('settlement', 'balance_amount', gross, { status: 'derived' });
      log.add('settlement', 'balance_direction', gross, { status: 'derived' });
    }
  }
  return s;
}

function extractTaxes(view: DocView, log: EvidenceLog, body: EvLine[], charges: Charge[], s: Settlement): TaxRow[] {
  const taxes: TaxRow[] = [];
  if (s.vat_total) {
    const h = amountHit(view, body, S_LABELS.vat);
    const rate = h ? parseRate(h.text) : null;
    const base = h ? /\bauf\s+(\d{1,3}(?:\.\d{3})*,\d{2})/i.exec(h.text) : null;
    const row: TaxRow = { entity_ref: 'tax-1', tax_type: 'vat', rate, taxable_amount: base ? base[1]!.replace(/\./g, '').replace(',', '.') : s.net_total, tax_amount: s.vat_total };
    taxes.push(row);
    if (h) for (const k of ['tax_type', 'rate', 'taxable_amount', 'tax_amount'] as const) if (row[k] !== null) log.add('tax-1', k, h, { status: k === 'taxable_amount' && !base ? 'derived' : 'extracted' });
  }
  for (const c of charges) {
    if (c.category !== 'electricity_tax' && c.category !== 'energy_tax') continue;
    const ref = `tax-${taxes.length + 1}`;
    const ctPerKwh = c.unit_price ? String(Math.round(Number(c.unit_price) * 100 * 10000) / 10000) : null;
    const row: TaxRow = { entity_ref: ref, tax_type: c.category, rate: ctPerKwh ? fmtRate(ctPerKwh) : null, taxable_amount: c.quantity, tax_amount: c.net_amount };
    // Several lines of one tax (price periods) form one row only when the rate is the same.
    const same = taxes.find((t) => t.tax_type === row.tax_type && t.rate === row.rate);
    if (same && same.taxable_amount && row.taxable_amount && same.tax_amount && row.tax_amount) {
      same.taxable_amount = String(Number(same.taxable_amount) + Number(row.taxable_amount));
      same.tax_amount = (Math.round((Number(same.tax_amount) + Number(row.tax_amount)) * 100) / 100).toFixed(2);
      continue;
    }
    taxes.push(row);
    const ev = view.lines.find((l) => l.text.includes(c.description ?? '\u0000'));
    if (ev) for (const k of ['tax_type', 'rate', 'taxable_amount', 'tax_amount'] as const) if (row[k] !== null) log.add(ref, k, spanOf(ev));
  }
  return taxes;
}

const fmtRate = (v: string) => {
  const [i, d = ''] = v.split('.');
  return `${i}.${(d + '00').slice(0, Math.max(2, d.length))}`;
};

// ------------------------------------------------------------------ payment

function extractPayment(view: DocView, log: EvidenceLog, body: EvLine[], s: Settlement): Payment {
  const p: Payment = { entity_ref: 'payment', due_date: null, payment_method: null, iban: null, bic: null, payment_reference: null, mandate_reference: null, creditor_id: null };
  const f = view.flow(body.filter((l) => l.bbox.y < l.pageHeight * 0.86));
  const text = f.text;
  const debit = /(lastschrift|abbuchen|buchen wir .*?ab|ziehen wir|einziehen|abgebucht|vom konto .* ab)/is.exec(text);
  const transfer = /(überweisen sie|bitte überweisen|zu überweisen|überweisung|auf unser konto|auf das konto|überweisen .*? bis)/i.exec(text);
  const refund = /(überweisen wir|erstatten wir|zahlen wir .* aus|überweisen (?:dir|ihnen)|auszahlung|wird (?:ihnen|dir) .* überwiesen|gutschreiben)/i.exec(text);
  if (debit && !/kein(?:e|en)? lastschrift/i.test(debit[0])) {
    p.payment_method = 'sepa_direct_debit';
    log.add('payment', 'payment_method', spanOf(f.at(debit.index), null, debit[0]));
  } else if (transfer || (refund && s.balance_direction === 'credit')) {
    const m = (transfer ?? refund)!;
    p.payment_method = 'transfer';
    log.add('payment', 'payment_method', spanOf(f.at(m.index), null, m[0]));
  }
  // Due date: "bis zum 17.09.2025", "fällig am …", "am 11.09.2025 von Ihrem Konto ab", "zum 4. Februar 2025 von
  // Ihrem Konto … ein" (a debit's date; the payment words around it are checked below, as for "am").
  const dueRe = /(?:bis zum|bis spätestens|spätestens (?:am|bis)|zahlbar bis|fällig (?:am|zum)|fälligkeit:?|wir buchen .*? am|buchen wir .*? am|am|zum)\s+(\d{1,2}\.\s?(?:\d{1,2}\.|\p{L}+\s)\s?\d{4})/giu;
  for (const m of text.matchAll(dueRe)) {
    const ctx = text.slice(Math.max(0, m.index! - 120), m.index! + m[0].length + 60);
    if (/abschlag|ab dem|zeitraum|gültig|vorjahr/i.test(m[0]) || /abschlag/i.test(text.slice(m.index!, m.index! + m[0].length + 40)) && !/betrag|rechnung/i.test(ctx)) continue;
    if (!/(zahl|überweis|buchen|abbuch|lastschrift|einzieh|konto)/i.test(ctx) || s.balance_direction === 'credit') continue;
    const d = dateIn(m[1]!);
    if (d && !p.due_date) {
      p.due_date = d;
      log.add('payment', 'due_date', spanOf(f.at(m.index!), null, m[0]));
    } else if (d && d !== p.due_date) {
      // A second payment sentence naming another date: the text alone does not settle which is due.
      log.doubt('payment', 'due_date', `another payment sentence reads "${m[0]}"`);
      break;
    }
  }
  if (!p.due_date && s.balance_direction !== 'credit') {
    const h = view.labelled(/\b(?:fällig(?:keit| am)?|zahlungsziel|zahlbar bis|fälligkeitsdatum)(?=[\s:.]|$)/i, onlyDate, { lines: body.slice(0, 60) });
    if (h) {
      p.due_date = h.value;
      log.add('payment', 'due_date', h);
    }
  }
  // IBAN: the account named in the payment text; the footer lists the supplier's banks.
  const ibanRe = /IBAN:?\s*([A-Z]{2}\d{2}(?:\s?[A-Z0-9]{4}){4}\s?[A-Z0-9]{1,4})|(?:konto|account)\s+([A-Z]{2}\d{2}(?:\s?[A-Z0-9]{4}){4}\s?[A-Z0-9]{1,4})/g;
  const paymentLines = body.filter((l) => l.bbox.y < l.pageHeight * 0.86);
  for (const l of paymentLines) {
    const hits = findIbans(l.text).filter((h) => h.check.status === 'valid');
    if (!hits.length) continue;
    p.iban = (hits[0]!.check as { iban: string }).iban;
    log.add('payment', 'iban', spanOf(l, 'IBAN', hits[0]!.raw), { match: 'normalized' });
    break;
  }
  if (!p.iban) {
    for (const m of text.matchAll(ibanRe)) {
      const c = checkIban((m[1] ?? m[2])!);
      if (c.status === 'valid') {
        p.iban = c.iban;
        log.add('payment', 'iban', spanOf(f.at(m.index!), 'IBAN', m[0]));
        break;
      }
    }
  }
  if (!p.iban && p.payment_method === 'transfer' && s.balance_direction !== 'credit') {
    const footer = view.lines.filter((l) => view.isFooter(l) && l.page === view.pages[0]);
    for (const l of footer) {
      const h = findIbans(l.text).filter((x) => x.check.status === 'valid');
      if (h.length === 1) {
        p.iban = (h[0]!.check as { iban: string }).iban;
        log.add('payment', 'iban', spanOf(l, 'IBAN', h[0]!.raw));
      }
      break;
    }
  }
  if (p.iban) {
    // The BIC of the payment's account: after its IBAN on the same line, or on the lines just
    // below it ("(BIC" wrapped before the code). A line naming another IBAN (a footer's bank
    // details), a footer line, or a line above belongs to another account.
    const line = log.records.find((r) => r.entity_ref === 'payment' && r.field === 'iban');
    const compactIban = (t: string) => t.replace(/\s/g, '').toUpperCase();
    const own = compactIban(p.iban);
    const ibansOf = (l: EvLine) => findIbans(l.text).filter((h) => h.check.status === 'valid').map((h) => compactIban((h.check as { iban: string }).iban));
    const lines = [...new Set(body.concat(view.lines))].filter((l) => line && l.page === line.physical_page && l.bbox.y >= line.bbox!.y - 1 && l.bbox.y - line.bbox!.y < 30).sort((a, b) => a.bbox.y - b.bbox.y);
    const found: Array<{ l: EvLine; raw: string; value: string }> = [];
    lines.forEach((l, i) => {
      const ibans = ibansOf(l);
      if (ibans.some((x) => x !== own) || (view.isFooter(l) && !ibans.includes(own))) return;
      const ownAt = ibans.includes(own) ? l.text.replace(/\s/g, '').toUpperCase().indexOf(own) : -1;
      for (const b of findBics(l.text)) {
        const labelled = /BIC:?\s*$/i.test(l.text.slice(Math.max(0, b.index - 6), b.index)) || (b.index <= 1 && i > 0 && /BIC:?\s*$/i.test(lines[i - 1]!.text));
        if (labelled && (ownAt < 0 || l.text.slice(0, b.index).replace(/\s/g, '').toUpperCase().length >= ownAt)) found.push({ l, raw: b.raw, value: b.value });
      }
    });
    const b = found[0];
    if (b) {
      // A scan's misreading of the BIC the bank directory lists for the checked IBAN is that BIC.
      p.bic = (b.l.source === 'ocr' ? bicFromBankDirectory(b.value, own) : null) ?? b.value;
      const rival = found.find((x) => x.value !== b.value);
      log.add('payment', 'bic', spanOf(b.l, 'BIC', b.raw), { match: 'exact', unconfirmed: rival ? `another BIC is printed by the account ("${rival.raw}")` : null });
    }
  }
  const mandate = /mandatsreferenz(?:nummer)?:?\s*([A-Z0-9][A-Z0-9\-/]{4,34})/i.exec(text);
  if (mandate) {
    p.mandate_reference = mandate[1]!.replace(/[.,]$/, '');
    // A reference printed in groups ("MR-2024 0815") is cut at its first space: a digit group
    // right after it may be its rest, so a reviewer reads it whole.
    const rest = /^ (\d[\dA-Z\-/]*)(?=[\s,.;]|$)/.exec(text.slice(mandate.index + mandate[0].length));
    log.add('payment', 'mandate_reference', spanOf(f.at(mandate.index), 'Mandatsreferenz', mandate[0]), { match: 'exact', unconfirmed: rest ? `the reference may go on ("${mandate[1]} ${rest[1]}")` : null });
  }
  if (p.payment_method === 'sepa_direct_debit') {
    const cred = /(?:gläubiger-?(?:identifikationsnummer|id(?:entifikationsnummer)?|-?nr\.?)|creditor id):?\s*(DE\d{2}ZZZ\d{8,11})/i.exec(view.flow().text);
    if (cred) {
      p.creditor_id = cred[1]!;
      const fl = view.flow();
      log.add('payment', 'creditor_id', spanOf(fl.at(cred.index), 'Gläubiger-ID', cred[0]), { match: 'exact' });
    }
  }
  if (p.payment_method === 'transfer' && s.balance_direction !== 'credit') {
    const ref = /(?:verwendungszweck|unter angabe (?:der|ihrer|deiner)\s+(?:rechnungsnummer|belegnummer|kundennummer|vertragskontonummer|vertragskonto))\s*:?\s*([A-Z0-9][A-Z0-9./\-]{3,30}[A-Z0-9])/i.exec(text.replace(/(?<=\p{L})\n/gu, ' '));
    if (ref) {
      p.payment_reference = ref[1]!.replace(/\s+(?:auf|an|bis)\b.*$/i, '').trim();
      const fl = view.flow();
      log.add('payment', 'payment_reference', spanOf(fl.at(Math.max(0, fl.text.indexOf(ref[1]!.slice(0, 6)))), 'Verwendungszweck', ref[0]));
    }
  }
  return p;
}

// ------------------------------------------------------------------ advance plan and consumption

function extractAdvancePlan(view: DocView, log: EvidenceLog, body: EvLine[]): AdvancePlanItem[] {
  let out: AdvancePlanItem[] = [];
  const heads = body
    .map((l, i) => ({ l, i }))
    .filter(({ l }) => umlauts(/(abschlagsplan|neuer? (?:monatliche[rn]? )?abschl[aä]g|neuen abschläge|künftige(?:n)? abschläge|abschlagszahlungen ab|ihre abschläge ab|deine abschläge ab|abschlagstermine)/i).test(l.text) && !umlauts(/geleistet|bezahlt|gezahlt|berücksichtigt/i).test(l.text) && l.text.length < 140);
  for (const { i: head } of heads) {
    const found: AdvancePlanItem[] = [];
    for (let i = head; i < Math.min(body.length, head + 16); i++) {
      const l = body[i]!;
      if (i > head + 3 && !findDates(l.text).length) {
        if (found.length) break;
        continue;
      }
      if (i > head && found.length === 0 && heads.some((h) => h.i === i)) break;
      const pairs = [...l.text.matchAll(/(\d{1,2}\.\d{1,2}\.\d{4})\s+(?:[\p{L}: ]{0,12})?(\d{1,3}(?:\.\d{3})*,\d{2})\s*(?:€|eur)?/giu)];
      for (const m of pairs) {
        const d = dateIn(m[1]!);
        const a = amountIn(m[2]!);
        if (!d || !a) continue;
        const ref = `adv-${found.length + 1}`;
        found.push({ entity_ref: ref, due_date: d, amount: a });
        log.add(ref, 'due_date', spanOf(l, null, m[0]));
        log.add(ref, 'amount', spanOf(l, null, m[0]));
      }
    }
    if (found.length >= 2) {
      out = found;
      break;
    }
    // A false start: forget its evidence.
    for (let k = log.records.length - 1; k >= 0; k--) if (/^adv-/.test(log.records[k]!.entity_ref)) log.records.splice(k, 1);
  }
  // Column layouts list the left column first; the plan is chronological.
  out.sort((a, b) => (a.due_date! < b.due_date! ? -1 : 1));
  const evs = out.map((o) => log.records.filter((r) => r.entity_ref === o.entity_ref));
  out.forEach((o, i) => {
    const ref = `adv-${i + 1}`;
    for (const r of evs[i]!) r.entity_ref = ref;
    o.entity_ref = ref;
  });
  return out;
}

function extractConsumption(view: DocView, log: EvidenceLog, body: EvLine[], id: Identity, sps: SupplyPoint[], meters: Meter[]): Consumption[] {
  const regs = meters.flatMap((m) => m.registers);
  let total: string | null = null;
  if (regs.length && regs.every((r) => r.consumption_value)) {
    total = regs.some((r) => r.energy_kwh) ? (regs.every((r) => r.energy_kwh) ? String(regs.reduce((a, r) => a + Number(r.energy_kwh), 0)) : null) : regs.every((r) => r.consumption_unit === 'kWh') ? String(regs.reduce((a, r) => a + Number(r.consumption_value), 0)) : null;
  }
  if (!total) return [];
  const ref = 'cons-1';
  const c: Consumption = { entity_ref: ref, supply_point_ref: sps.length === 1 ? sps[0]!.entity_ref : null, period: id.billing_period, quantity_kwh: total, prior_year_quantity_kwh: null };
  const f = view.flow(body);
  const priorRe = /vorjahr(?:eszeitraum|es)?[^\n\d]{0,60}?(\d{1,3}(?:\.\d{3})+|\d+)\s?kwh|vorjahr(?:eszeitraum)?\s[^\n]*?\s(\d{1,3}(?:\.\d{3})+|\d+)\s?kwh/gi;
  // "um 246 kWh gestiegen" compares with the prior year; it is a difference, not its figure.
  const difference = (m: RegExpMatchArray) => /\b(?:um|von)\s*$/i.test(m[0].slice(0, m[0].lastIndexOf((m[1] ?? m[2])!))) || /^\s*(?:gestiegen|gesunken|mehr|weniger|höher|niedriger)/i.test(f.text.slice(m.index! + m[0].length));
  const priors = [...f.text.matchAll(priorRe)].filter((m) => !difference(m));
  const m = priors[0];
  if (m) {
    c.prior_year_quantity_kwh = parseNumber((m[1] ?? m[2])!);
    const rival = priors.find((x) => parseNumber((x[1] ?? x[2])!) !== c.prior_year_quantity_kwh);
    log.add(ref, 'prior_year_quantity_kwh', spanOf(f.at(m.index!), 'Vorjahr', m[0]), { unconfirmed: rival ? `another prior-year figure reads "${rival[0]}"` : null });
  } else {
    // A chart: "7.070 kWh   7.003 kWh" above "Vorjahr   Abrechnungszeitraum".
    const lab = body.findIndex((l) => /^vorjahr$/i.test(l.segments[0]!.text.trim()));
    if (lab > 0) {
      const prev = body.slice(Math.max(0, lab - 3), lab).reverse().find((l) => findQuantities(l.text).length);
      const q = prev && findQuantities(prev.segments[0]!.text)[0];
      if (q && q.unit === 'kWh' && q.value !== total) {
        c.prior_year_quantity_kwh = q.value;
        log.add(ref, 'prior_year_quantity_kwh', spanOf(prev!, 'Vorjahr'));
      }
    }
  }
  const totalLine = body.find((l) => findQuantities(l.text).some((q) => q.value === total && q.unit === 'kWh'));
  log.add(ref, 'quantity_kwh', totalLine ? spanOf(totalLine) : null, { status: totalLine ? 'extracted' : 'derived' });
  if (!totalLine && regs.length) log.add(ref, 'quantity_kwh', spanOf(view.lines[0]!), { status: 'derived' });
  if (c.period) log.add(ref, 'period', spanOf(view.lines[0]!), { status: 'derived' });
  if (c.supply_point_ref) log.add(ref, 'supply_point_ref', spanOf(view.lines[0]!), { status: 'derived' });
  return [c];
}

// ------------------------------------------------------------------ field quality

function fieldQuality(d: InvoiceData, log: EvidenceLog): Record<string, 'extracted' | 'derived' | 'missing'> {
  const q: Record<string, 'extracted' | 'derived' | 'missing'> = {};
  const visit = (ref: string, obj: Record<string, unknown>) => {
    for (const [k, v] of Object.entries(obj)) {
      if (k === 'entity_ref' || k === 'registers' || k === 'field_quality') continue;
      const key = `${ref}.${k}`;
      if (v === null || v === undefined) q[key] = 'missing';
      else q[key] = log.records.find((r) => r.entity_ref === ref && r.field === k)?.field_status === 'derived' ? 'derived' : 'extracted';
    }
  };
  visit('identity', d.identity as never);
  visit('supplier', d.supplier as never);
  visit('customer', d.customer as never);
  visit('settlement', d.settlement as never);
  visit('payment', d.payment as never);
  for (const list of [d.supply_points, d.tariffs, d.consumption, d.charges, d.taxes, d.advance_plan] as Array<Array<{ entity_ref: string }>>) for (const e of list) visit(e.entity_ref, e as never);
  for (const m of d.meters) {
    visit(m.entity_ref, m as never);
    for (const r of m.registers) visit(r.entity_ref, r as never);
  }
  return q;
}

