// Field rules for one invoice (a page group). Each rule reads label families and geometry,
// never a particular supplier's layout, and leaves a field null rather than guessing:
// totals are chosen so that the arithmetic holds, charge lines must carry an amount,
// identifiers must pass their check digits.
import type { EvLine } from '../../../extract/evidence.js';
import { findAmounts, parseRate } from '../../../extract/normalize/amount.js';
import { findDates } from '../../../extract/normalize/date.js';
import { checkIban, findIbans } from '../../../extract/normalize/iban.js';
import { findBics } from '../../../extract/normalize/bic.js';
import { findVatIds } from '../../../extract/normalize/vat.js';
import type {
  Address, AdvancePlanItem, Charge, ChargeCategory, Commodity, Consumption, Customer, Identity, InvoiceData, Meter, Payment, Register, Settlement,
  Supplier, SupplyPoint, Tariff, TaxRow,
} from '../payload.js';
import { DocView, EvidenceLog, spanOf, type Hit, type Span } from './doc.js';
import { INVOICE_NUMBER_LABEL, invoiceNumberOf } from './packet.js';
import { addressFromLines, findMalos, findMelos, findQuantities, findUnitPrices, parseAddressLine, parseCity, parseNumber, parseStreet, shiftLeft } from './values.js';

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
    if (/^\s*(?:[-–—]|bis(?: zum)?|to)\s*$/i.test(between) && a.value < b.value) return { start: a.value, end: b.value, raw: t.slice(a.index, b.index + b.length), index: a.index };
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
  const supply_points = extractSupplyPoints(view, log, body, commodity, customer);
  const meters = extractMeters(view, log, body, supply_points);
  const tariffs = extractTariffs(view, log, body, commodity);
  const { charges, stop } = extractCharges(view, log, body);
  const settlement = extractSettlement(view, log, body, charges);
  const taxes = extractTaxes(view, log, body, charges, settlement, stop);
  const payment = extractPayment(view, log, body, settlement);
  const advance_plan = extractAdvancePlan(view, log, body);
  const consumption = extractConsumption(view, log, body, identity, supply_points, meters);

  const data: InvoiceData = { identity, supplier, customer, supply_points, meters, tariffs, consumption, charges, taxes, settlement, payment, advance_plan, field_quality: {} };
  data.field_quality = fieldQuality(data, log);
  const commodities = [...new Set(supply_points.map((s) => s.commodity).filter((c): c is Commodity => c !== null))];
  return { data, commodities };
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

const LABELS = {
  invoiceDate: /\b(?:rechnungsdatum|belegdatum|datum der rechnung|gutschriftsdatum|ausstellungsdatum|datum)(?=[\s:.]|$)/i,
  customerNumber: /\b(?:kunden[- ]?(?:nummer|nr\.?)|kd\.?[- ]?nr\.?|ihre kundennummer|deine kundennummer)(?=[\s:.]|$)/i,
  contractAccount: /\b(?:vertragskonto(?:nummer)?|vertragskonto[- ]?nr\.?|vk[- ]?nr\.?|abrechnungskonto)(?=[\s:.]|$)/i,
  contractNumber: /\b(?:vertrags[- ]?(?:nummer|nr\.?)|vertrag nr\.?)(?=[\s:.]|$)/i,
  period: /\b(?:abrechnungszeitraum|leistungszeitraum|lieferzeitraum|abrechnungsperiode|zeitraum)(?=[\s:.]|$)/i,
};

const idValue = (t: string): string | null => {
  const m = /^([A-Z]{0,4}[- ]?\d[\dA-Z./\- ]{2,24}\d)(?:\s|$)/i.exec(t.trim());
  if (!m) return null;
  const v = m[1]!.trim();
  if (findDates(v).length) return null;
  return v;
};

function extractIdentity(view: DocView, log: EvidenceLog, first: EvLine[], body: EvLine[]): Identity {
  const id: Identity = { entity_ref: 'identity', invoice_number: null, invoice_date: null, document_type: null, billing_period: null, customer_number: null, contract_account: null, contract_number: null };
  const set = <K extends keyof Identity>(k: K, h: Hit<Identity[K]> | null) => {
    if (!h || id[k] !== null) return;
    id[k] = h.value;
    log.add('identity', k, h);
  };
  set('invoice_number', view.labelled(INVOICE_NUMBER_LABEL, invoiceNumberOf));
  set('invoice_date', view.labelled(LABELS.invoiceDate, onlyDate, { lines: first }));
  if (!id.invoice_date) {
    // "Mainz, 03.09.2025" or "vom 3. September 2025" next to the title.
    const h = view.grep(/^(?:[\p{L} -]+,\s*(?:den\s*)?)(\d{1,2}\.\s?(?:\d{1,2}\.|\p{L}+)\s?\d{4})\s*$/u, first)[0];
    if (h) set('invoice_date', { ...spanOf(h.line), value: dateIn(h.m[1]!) });
  }
  set('customer_number', view.labelled(LABELS.customerNumber, idValue));
  set('contract_account', view.labelled(LABELS.contractAccount, idValue));
  set('contract_number', view.labelled(LABELS.contractNumber, idValue));

  // Billing period: a labelled range, or "für den Zeitraum vom … bis …" in the title.
  const p = view.labelled(LABELS.period, (t) => periodIn(t), { below: false });
  if (p) set('billing_period', { ...p, value: { start: p.value.start, end: p.value.end } });
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

  // Document type from the title: the first heading-like line naming a kind of bill.
  const TYPES: Array<[Identity['document_type'], RegExp]> = [
    ['cancellation', /\b(storno|stornierung)/i],
    ['correction', /\b(rechnungskorrektur|korrekturrechnung|berichtigte rechnung|korrektur)/i],
    ['credit_note', /\bgutschrift\b/i],
    ['final_invoice', /(schlussrechnung|schlussabrechnung|endabrechnung|abschlussrechnung)/i],
    ['interim_invoice', /(abschlagsrechnung|zwischenrechnung|zwischenabrechnung|abschlagsanforderung)/i],
    ['invoice', /(jahresabrechnung|jahresverbrauchsabrechnung|verbrauchsabrechnung|rechnung|abrechnung)/i],
  ];
  for (const l of first.concat(view.lines.filter((x) => x.page !== view.pages[0]).slice(0, 10))) {
    if (l.text.length > 90 || /^(?:anlage|rechnungsdetails)/i.test(l.text)) continue;
    if (INVOICE_NUMBER_LABEL.test(l.text) || /\b(?:bei fragen|hinweis|zu ihrer rechnung|ihrer rechnung)/i.test(l.text)) continue;
    const t = TYPES.find(([, re]) => re.test(l.text));
    if (t) {
      id.document_type = t[0];
      log.add('identity', 'document_type', spanOf(l, null), { match: 'normalized' });
      break;
    }
  }
  return id;
}

// ------------------------------------------------------------------ supplier

const LEGAL_FORM = /\b(?:GmbH(?: & Co\.? KG)?|AG|eG|SE|KG|mbH|KGaA|AöR|e\. ?V\.)\b/;

function extractSupplier(view: DocView, log: EvidenceLog): Supplier {
  const s: Supplier = { entity_ref: 'supplier', name: null, address: null, vat_id: null, tax_number: null, commercial_register: null };
  // Name: the company in the sender line above the address block, else in the footer.
  const firstPage = view.lines.filter((l) => l.page === view.pages[0]);
  const nameCands: Span[] = [];
  for (const l of firstPage) {
    for (const seg of l.segments) {
      const head = seg.text.split(/\s[·|•,]\s|\s[-–]\s/)[0]!.trim();
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
  for (const l of pageLines) {
    if (!nameKey || !l.text.toLowerCase().includes(nameKey)) continue;
    const a = parseAddressLine(l.text.slice(l.text.toLowerCase().indexOf(nameKey)));
    if (a) {
      s.address = a;
      log.add('supplier', 'address', spanOf(l));
      break;
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
    if (!s.commercial_register) {
      const m = /(?:registergericht:?\s*)?(Amtsgericht\s+[\p{L}.\- ]+?)\s*[,·]?\s*(HR[AB]|GnR|PR|VR)\s*(\d+\s?[A-Z]?)\b/u.exec(l.text);
      if (m) {
        s.commercial_register = `${m[1]!.trim()} ${m[2]} ${m[3]!.trim()}`;
        log.add('supplier', 'commercial_register', spanOf(l, null, m[0]));
      }
    }
  }
  return s;
}

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

function extractCustomer(view: DocView, log: EvidenceLog, first: EvLine[]): Customer {
  const c: Customer = { entity_ref: 'customer', name: null, billing_address: null };
  // The address block: a postcode+city cell in the upper 40 % of page one, left half, with a
  // street cell above it and the name above that.
  const upper = first.filter((l) => l.bbox.y < l.pageHeight * 0.4);
  for (const l of upper) {
    const seg = l.segments[0]!;
    if (seg.bbox.x > l.pageWidth * 0.5) continue;
    const city = parseCity(seg.text);
    if (!city) continue;
    const above = upper.filter((x) => x.bbox.y < l.bbox.y && l.bbox.y - x.bbox.y < seg.bbox.h * 6 && Math.abs(x.segments[0]!.bbox.x - seg.bbox.x) < 10).sort((a, b) => b.bbox.y - a.bbox.y);
    const streetLine = above[0];
    const street = streetLine && parseStreet(streetLine.segments[0]!.text);
    if (!street) continue;
    const nameLine = above[1];
    if (!nameLine) continue;
    let name = nameLine.segments[0]!.text.replace(SALUTATION, '').trim();
    if (!name && above[2]) name = above[2].segments[0]!.text;
    if (!name || /[·|]|postfach|\d{5}/i.test(name)) continue;
    c.name = name;
    c.billing_address = { ...street, ...city, country_code: 'DE' };
    log.add('customer', 'name', { line: nameLine, seg: nameLine.segments[0]!, text: nameLine.segments[0]!.text, label: null });
    log.add('customer', 'billing_address', { line: streetLine, seg: streetLine.segments[0]!, text: `${streetLine.segments[0]!.text}, ${seg.text}`, label: null });
    break;
  }
  return c;
}

// ------------------------------------------------------------------ supply point

const SP_LABELS = {
  address: /\b(?:verbrauchsstelle|lieferstelle|lieferanschrift|lieferadresse|abnahmestelle|entnahmestelle|anlagenadresse|versorgungsadresse|adresse)(?=[\s:.]|$)/i,
  malo: /\b(?:marktlokation(?:s-?id)?|malo(?:-?id)?|marktlokations-?nummer)\b/i,
  melo: /\b(?:messlokation(?:s-?id)?|melo(?:-?id)?)\b/i,
  legacy: /\b(?:zählpunkt(?:bezeichnung|nummer)?|zählpunkt-?nr\.?)\b/i,
  operator: /^(?:ihr\s+)?(?:netzbetreiber|verteilnetzbetreiber)\b/i,
  operatorCode: /\b(?:marktpartner-?id|codenummer|bdew-?codenummer|mp-?id|betreibernummer)\b/i,
  metering: /^(?:ihr\s+)?(?:messstellenbetreiber|grundzuständiger messstellenbetreiber)\b/i,
};

function extractSupplyPoints(view: DocView, log: EvidenceLog, body: EvLine[], commodity: Commodity | null, customer: Customer): SupplyPoint[] {
  const sp: SupplyPoint = { entity_ref: 'sp-1', commodity, malo_id: null, melo_id: null, legacy_metering_point_id: null, service_address: null, network_operator_name: null, network_operator_code: null, metering_operator_name: null };
  if (commodity) log.add('sp-1', 'commodity', commoditySpan(view) ?? null, { match: 'normalized' });
  const malo = view.labelled(SP_LABELS.malo, (t) => findMalos(t)[0]?.value ?? null, { lines: body });
  if (malo) {
    sp.malo_id = malo.value;
    log.add('sp-1', 'malo_id', malo, { match: 'exact' });
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
  const addr = view.labelled(SP_LABELS.address, (t) => parseAddressLine(t.split(/\s·\s(?=\p{L}+:)/u)[0]!), { lines: body, below: false });
  if (addr) {
    sp.service_address = addr.value;
    log.add('sp-1', 'service_address', addr);
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
  void customer;
  return [sp];
}

function commoditySpan(view: DocView): Span | null {
  const l = view.lines.slice(0, 80).find((x) => /\b(strom|erdgas|gas)\b/i.test(x.text) && x.text.length < 100);
  return l ? spanOf(l) : null;
}

function operatorName(t: string): string | null {
  const v = t.replace(/\s*\(\d{13}\)\s*$/, '').trim();
  if (!/\p{L}{3}/u.test(v) || /^\d/.test(v) || v.length > 80) return null;
  return v;
}

// ------------------------------------------------------------------ meters and registers

const METER_LABEL = /\b(?:zähler-?(?:nummer|nr\.?)|zählernummer|zähler)(?=[\s:.]|$)/i;
const METER_NO = /^([0-9][A-Z0-9]{5,19}|[A-Z0-9]{1,4}[0-9][A-Z0-9]{5,16})\b/;

function meterType(t: string): string | null {
  if (/intelligent|smart|imsys|smart meter/i.test(t)) return 'smart';
  if (/modern|mme\b|digital/i.test(t)) return 'modern';
  if (/ferraris|konventionell|elektromechanisch|analog|balgengas|balgenzähler|mechanisch/i.test(t)) return 'conventional';
  return null;
}

function readingKind(t: string): Register['reading_start'] extends infer R ? (R extends { kind: infer K } ? K : never) : never {
  if (/sch[äa]tz|geschätzt|rechnerisch|hochgerechnet/i.test(t)) return 'estimated';
  if (/kunde|selbst/i.test(t)) return 'customer';
  if (/ablesung|abgelesen|netzbetreiber|messstellenbetreiber|fernauslesung|ausgelesen|tatsächlich/i.test(t)) return 'actual';
  return null;
}

function extractMeters(view: DocView, log: EvidenceLog, body: EvLine[], sps: SupplyPoint[]): Meter[] {
  const meterNo = view.labelled(METER_LABEL, (t) => {
    const m = METER_NO.exec(t.trim());
    return m && /\d{4}/.test(m[1]!) ? m[1]! : null;
  }, { lines: body });
  if (!meterNo) return [];
  const meter: Meter = { entity_ref: 'meter-1', supply_point_ref: sps.length === 1 ? sps[0]!.entity_ref : null, meter_number: meterNo.value, meter_type: null, registers: [] };
  log.add('meter-1', 'meter_number', meterNo, { match: 'exact' });
  if (meter.supply_point_ref) log.add('meter-1', 'supply_point_ref', meterNo, { status: 'derived' });
  const typeHit = view.labelled(/\b(?:zählerart|zählertyp|messeinrichtung|art der messeinrichtung)(?=[\s:.]|$)/i, meterType, { lines: body }) ?? (/\//.test(meterNo.text) ? { ...meterNo, value: meterType(meterNo.text) } : null);
  if (typeHit?.value) {
    meter.meter_type = typeHit.value;
    log.add('meter-1', 'meter_type', typeHit);
  }
  meter.registers = extractRegisters(view, log, body, meter);
  return [meter];
}

/** Reading rows: two dated readings (start, end) of one register, as a table row or as prose. */
function extractRegisters(view: DocView, log: EvidenceLog, body: EvLine[], meter: Meter): Register[] {
  const regs: Register[] = [];
  const gas = /m³|m3|kubikmeter/i;
  for (let i = 0; i < body.length; i++) {
    const l = body[i]!;
    const ds = findDates(l.text);
    if (ds.length < 2 || /abschlag|fällig|zeitraum|preis|entgelt|umlage|steuer|abgabe|arbeit|grund/i.test(l.text)) continue;
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
    const kinds = [...l.text.matchAll(/\(([^)]+)\)/g)].map((m) => readingKind(m[1]!));
    const kindCol = /(ablesung|kunde|schätzung|abgelesen|geschätzt|selbstablesung|kundenablesung)(?:\s*\/\s*(ablesung|kunde|schätzung))?/i.exec(l.text.slice(ds[1]!.index));
    let k1: ReturnType<typeof readingKind> = null;
    let k2: ReturnType<typeof readingKind> = null;
    if (kinds.length >= 2) [k1, k2] = kinds;
    else if (kindCol?.[2]) [k1, k2] = [readingKind(kindCol[1]!), readingKind(kindCol[2])];
    else if (kindCol) k2 = readingKind(kindCol[1]!);
    const multM = /(?:faktor|wandlerfaktor|multiplikator)\s*:?\s*(\d+(?:,\d+)?)/i.exec(context);
    let mult = multM ? parseNumber(multM[1]!) : null;
    const label = /\b(HT|NT|ET)\b|eintarif|hochtarif|niedertarif|einzeltarif/i.exec(l.text + ' ' + (body[i - 1]?.text ?? ''));
    const lab = label ? (/^(HT|hochtarif)$/i.test(label[0]) ? 'HT' : /^(NT|niedertarif)$/i.test(label[0]) ? 'NT' : 'single') : null;
    const obis = /\b\d{1,2}-\d{1,2}:\d{1,2}\.\d{1,2}\.\d{1,2}\b/.exec(context) ?? /\b\d{1,2}-\d{1,2}:\d{1,2}\.\d{1,2}\.\d{1,2}\b/.exec(body[i - 1]?.text ?? '');
    const diff = String(Number(end) - Number(start));
    // Multiplier from the columns when not labelled: a small integer cell right of the readings.
    if (!mult) {
      const cells = l.segments.map((s) => s.text);
      const m = cells.find((c, j) => j > 0 && /^\d{1,3}$/.test(c) && Number(c) > 0 && Number(c) <= 500 && c !== diff);
      if (m) mult = m;
    }
    const unit: Register['consumption_unit'] = gas.test(context) ? 'm3' : 'kWh';
    const consumption = mult ? String(Math.round((Number(end) - Number(start)) * Number(mult) * 1000) / 1000) : null;
    const reg: Register = {
      entity_ref: ref, obis_code: obis ? obis[0] : null, label: lab,
      reading_start: { date: ds[0]!.value, value: start, kind: k1 ?? (k2 && /alt|anfang/i.test(context) ? null : null) },
      reading_end: { date: ds[1]!.value, value: end, kind: k2 },
      multiplier: mult, consumption_value: consumption, consumption_unit: unit,
    };
    if (!k1 && k2 && /alten zählerstände wurden vom netzbetreiber abgelesen|ablesung alt|alt:\s*ablesung/i.test(view.flow(body).text)) reg.reading_start!.kind = 'actual';
    const sp = spanOf(l);
    log.add(ref, 'reading_start', sp);
    log.add(ref, 'reading_end', sp);
    if (reg.obis_code) log.add(ref, 'obis_code', sp, { match: 'exact' });
    if (reg.label) log.add(ref, 'label', sp);
    if (reg.multiplier) log.add(ref, 'multiplier', sp);
    if (reg.consumption_value) log.add(ref, 'consumption_value', sp, { status: 'derived' });
    log.add(ref, 'consumption_unit', sp);
    if (unit === 'm3') gasConversion(view, log, body, reg);
    regs.push(reg);
  }
  return regs;
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
  const head = body.findIndex((l) => /^(?:ihre |deine |unsere )?(?:preise|tarif(?:e|daten)?|preisübersicht|ihr tarif|dein tarif|preisangaben)\b/i.test(l.segments[0]!.text) && l.text.length < 120);
  if (head < 0) return out;
  for (let i = head + 1; i < Math.min(body.length, head + 12); i++) {
    const l = body[i]!;
    const nextText = body[i + 1]?.text ?? '';
    let text = l.text;
    let prices = findUnitPrices(text);
    const name = l.segments[0]!.text;
    if (!/\p{L}{3}/u.test(name) || /^(?:produkt|tarif|bezeichnung|arbeitspreis|grundpreis)\b/i.test(name) && prices.length === 0 && !findDates(text).length) continue;
    if (/^(?:rechnungs|aufstellung|entgelte|deine kosten|ihre kosten|kosten|positionen|zählerst)/i.test(name)) break;
    // Name and dates on one line, prices on the next ("Arbeitspreis … · Grundpreis …").
    if (!prices.length && findUnitPrices(nextText).length && !/\d,\d{2}\s*€?\s*$/.test(nextText)) {
      text = `${text}   ${nextText}`;
      prices = findUnitPrices(text);
      i++;
    }
    const energy = prices.find((p) => p.currency === 'ct' && p.per === 'kWh');
    const base = prices.find((p) => p.currency === 'eur' && (p.per === 'year' || p.per === 'month' || p.per === 'day'));
    if (!energy && !base) continue;
    const ds = findDates(text);
    const period = periodIn(text);
    const t: Tariff = {
      entity_ref: `tariff-${out.length + 1}`,
      name: name.replace(/\s+\d{1,2}\.\d{1,2}\.\d{4}.*$/, '').trim() || null,
      commodity,
      energy_price_ct_per_kwh: energy?.value ?? null,
      base_price_eur: base ? twoDec(base.value) : null,
      base_price_period: (base?.per as Tariff['base_price_period']) ?? null,
      valid_from: period?.start ?? (/ab\b/i.test(text) ? ds[0]?.value ?? null : ds[0]?.value ?? null),
      valid_to: period?.end ?? ds[1]?.value ?? null,
    };
    const sp = spanOf(l);
    for (const k of ['name', 'commodity', 'energy_price_ct_per_kwh', 'base_price_eur', 'base_price_period', 'valid_from', 'valid_to'] as const) if (t[k] !== null) log.add(t.entity_ref, k, sp);
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
  ['network', /netz(?:nutzungs)?entgelt|netzentgelte|netznutzung(?!.*umlage)/i],
  ['levy', /umlage|konzessionsabgabe|aufschlag|abgabe|kwkg|offshore|stromnev|gasspeicher/i],
  ['base_fee', /grundpreis|grundgebühr|grundentgelt|leistungspreis|servicepauschale/i],
  ['energy', /arbeitspreis|verbrauchspreis|energiepreis|energie|verbrauch|lieferung/i],
];

function category(desc: string): ChargeCategory {
  return CATEGORY.find(([, re]) => re.test(desc))?.[0] ?? 'other';
}

const SUM_NET = /^(?:summe(?: der)?(?: rechnungspositionen)?\s*\(?netto\)?|summe netto|nettobetrag|summe nettobeträge|zwischensumme(?: netto)?|gesamt netto|nettosumme|summe entgelte netto|summe der positionen|kosten im zeitraum \(netto\))\b/i;

/** Charge lines: rows that end in an amount, with a description, inside the charge table. */
function extractCharges(view: DocView, log: EvidenceLog, body: EvLine[]): { charges: Charge[]; stop: number } {
  const charges: Charge[] = [];
  const headIdx = body.findIndex((l) => /^(?:aufstellung|rechnungspositionen|(?:ihre |deine )?kosten\b|entgelte|positionen|einzelpositionen|abrechnungspositionen|berechnung|so berechnen wir|preise und entgelte|details? der abrechnung|ihre rechnungspositionen)/i.test(l.segments[0]!.text) || /^pos\.?\s+bezeichnung/i.test(l.text));
  const stop = body.findIndex((l, i) => i > headIdx && SUM_NET.test(l.text.trim()));
  if (headIdx < 0 || stop < 0) return { charges, stop: -1 };
  const vatRate = defaultVat(view);
  let lastRow: { charge: Charge; line: EvLine } | null = null;
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
        log.add(lastRow.charge.entity_ref, 'quantity', spanOf(l));
      } else if (lastRow && !amtM && /^\p{L}/u.test(l.text) && !/[\d]{2}/.test(l.text) && l.text.length < 40 && l.bbox.x >= lastRow.line.bbox.x) {
        // Wrapped description.
        if (Math.abs(l.bbox.y - lastRow.line.bbox.y) < lastRow.line.bbox.h * 2.2) lastRow.charge.description = `${lastRow.charge.description} ${l.text}`.trim();
      }
      continue;
    }
    if (/^(?:pos\.?|bezeichnung|position|leistung)\b/i.test(l.text) && !/\d,\d{2}/.test(l.text)) continue;
    const net = amtM[2]!.replace(/\./g, '').replace(',', '.');
    let desc = descSeg.text.replace(/^\d{1,3}\s+(?=\p{L})/u, '').replace(/\s+\d{1,2}\.\d{1,2}\.\d{4}.*$/, '').trim();
    desc = desc.replace(/\s*(?:\d{1,3}(?:\.\d{3})*,\d{2})\s*(?:€|eur)?$/i, '').trim();
    const charge: Charge = { entity_ref: `charge-${charges.length + 1}`, category: category(desc), description: desc, period: null, quantity: null, unit: null, unit_price: null, net_amount: amtM[1] ? `-${net}` : net, vat_rate: null };
    fillDetails(charge, l.text.slice(0, l.text.lastIndexOf(amtM[2]!)));
    const rate = parseRate(l.text.replace(/\d+,\d+\s*(?:ct|cent)/gi, ''));
    charge.vat_rate = rate ?? vatRate;
    const sp = spanOf(l);
    for (const k of ['category', 'description', 'period', 'quantity', 'unit', 'unit_price', 'net_amount', 'vat_rate'] as const) if (charge[k] !== null) log.add(charge.entity_ref, k, sp, { status: k === 'category' || (k === 'vat_rate' && !rate) ? 'derived' : 'extracted' });
    charges.push(charge);
    lastRow = { charge, line: l };
  }
  return { charges, stop };
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

const S_LABELS = {
  net: /(?:summe(?: der)?(?: rechnungspositionen)?\s*\(?netto\)?|nettobetrag|summe nettobeträge|gesamt netto|nettosumme|kosten im zeitraum \(netto\)|rechnungsbetrag netto|summe entgelte)/i,
  vat: /(?:umsatzsteuer|mehrwertsteuer|ust\.?|mwst\.?)\s*\d{1,2}(?:,\d+)?\s?%/i,
  gross: /(?:rechnungsbetrag|gesamtbetrag|bruttobetrag|summe brutto|gesamt brutto|kosten im zeitraum \(brutto\)|endbetrag|gutschriftsbetrag)/i,
  advance: /(?:abschläge|abschlagszahlungen|vorauszahlungen|bezahlte abschläge|geleistete(?:n)? abschläge|abzüglich.*abschl)/i,
  due: /^(?:nachzahlung|zu zahlen(?:der betrag)?|offener betrag|restbetrag|forderung|ihre nachzahlung|deine nachzahlung|zahlbetrag)/i,
  credit: /^(?:guthaben|ihr guthaben|dein guthaben|erstattung|gutschrift(?:sbetrag)?|überzahlung|auszahlungsbetrag)/i,
};

function amountHit(view: DocView, lines: EvLine[], re: RegExp, pick: 'last' | 'first' = 'last'): Hit<string> | null {
  const ordered = pick === 'first' ? lines : [...lines].reverse();
  for (const l of ordered) {
    const m = re.exec(l.text);
    if (!m) continue;
    const tail = l.text.slice(m.index + m[0].length);
    const a = findAmounts(tail);
    if (!a.length) continue;
    const v = a[a.length - 1]!.value.replace(/^-/, '');
    const seg = l.segments.find((s) => s.text.includes(a[a.length - 1]!.raw.trim())) ?? null;
    return { value: v, line: l, seg, text: l.text, label: m[0] };
  }
  void view;
  return null;
}

function extractSettlement(view: DocView, log: EvidenceLog, body: EvLine[], charges: Charge[]): Settlement {
  const s: Settlement = { entity_ref: 'settlement', net_total: null, vat_total: null, gross_total: null, advance_payments_total: null, balance_amount: null, balance_direction: null };
  const net = amountHit(view, body, S_LABELS.net);
  const vat = amountHit(view, body, S_LABELS.vat);
  const gross = amountHit(view, body, S_LABELS.gross);
  const cents = (v: string | null | undefined) => (v ? Math.round(Number(v) * 100) : NaN);
  if (net && vat && gross && cents(net.value) + cents(vat.value) === cents(gross.value)) {
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
    if (gross) {
      s.gross_total = gross.value;
      log.add('settlement', 'gross_total', gross);
    }
  }
  const adv = amountHit(view, body, S_LABELS.advance, 'first');
  if (adv) {
    s.advance_payments_total = adv.value;
    log.add('settlement', 'advance_payments_total', adv);
  }
  const due = amountHit(view, body, S_LABELS.due, 'first');
  const credit = amountHit(view, body, S_LABELS.credit, 'first');
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

function extractTaxes(view: DocView, log: EvidenceLog, body: EvLine[], charges: Charge[], s: Settlement, stop: number): TaxRow[] {
  const taxes: TaxRow[] = [];
  if (s.vat_total) {
    const h = amountHit(view, body, S_LABELS.vat);
    const rate = h ? parseRate(h.text) : null;
    const base = h ? /\bauf\s+(\d{1,3}(?:\.\d{3})*,\d{2})/i.exec(h.text) : null;
    const row: TaxRow = { entity_ref: 'tax-1', tax_type: 'vat', rate, taxable_amount: base ? base[1]!.replace(/\./g, '').replace(',', '.') : s.net_total, tax_amount: s.vat_total };
    taxes.push(row);
    if (h) for (const k of ['tax_type', 'rate', 'taxable_amount', 'tax_amount'] as const) if (row[k] !== null) log.add('tax-1', k, h, { status: k === 'taxable_amount' && !base ? 'derived' : 'extracted' });
  }
  void stop;
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
  // Due date: "bis zum 17.09.2025", "fällig am …", "am 11.09.2025 von Ihrem Konto ab".
  const dueRe = /(?:bis zum|bis spätestens|spätestens (?:am|bis)|zahlbar bis|fällig (?:am|zum)|fälligkeit:?|wir buchen .*? am|buchen wir .*? am|am)\s+(\d{1,2}\.\s?(?:\d{1,2}\.|\p{L}+\s)\s?\d{4})/giu;
  for (const m of text.matchAll(dueRe)) {
    const ctx = text.slice(Math.max(0, m.index! - 120), m.index! + m[0].length + 60);
    if (/abschlag|ab dem|zeitraum|gültig|vorjahr/i.test(m[0]) || /abschlag/i.test(text.slice(m.index!, m.index! + m[0].length + 40)) && !/betrag|rechnung/i.test(ctx)) continue;
    if (!/(zahl|überweis|buchen|abbuch|lastschrift|einzieh|konto)/i.test(ctx)) continue;
    const d = dateIn(m[1]!);
    if (d) {
      p.due_date = d;
      log.add('payment', 'due_date', spanOf(f.at(m.index!), null, m[0]));
      break;
    }
  }
  if (!p.due_date) {
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
    const line = log.records.find((r) => r.entity_ref === 'payment' && r.field === 'iban');
    const around = body.concat(view.lines).filter((l) => line && l.page === line.physical_page && Math.abs(l.bbox.y - line.bbox!.y) < 30);
    for (const l of around) {
      const b = findBics(l.text)[0];
      if (b) {
        p.bic = b.value;
        log.add('payment', 'bic', spanOf(l, 'BIC', b.raw), { match: 'exact' });
        break;
      }
    }
  }
  const mandate = /mandatsreferenz(?:nummer)?:?\s*([A-Z0-9][A-Z0-9\-/]{4,34})/i.exec(text);
  if (mandate) {
    p.mandate_reference = mandate[1]!.replace(/[.,]$/, '');
    log.add('payment', 'mandate_reference', spanOf(f.at(mandate.index), 'Mandatsreferenz', mandate[0]), { match: 'exact' });
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
    const ref = /(?:verwendungszweck|unter angabe (?:der|ihrer|deiner)\s+(?:rechnungsnummer|belegnummer|kundennummer|vertragskontonummer|vertragskonto))\s*:?\s*([A-Z0-9][A-Z0-9./\- ]{3,30}[A-Z0-9])/i.exec(text.replace(/\n/g, ' '));
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
  const out: AdvancePlanItem[] = [];
  const head = body.findIndex((l) => /(abschlagsplan|neuer abschlag|neuen abschläge|künftige(?:n)? abschläge|abschlagszahlungen ab|ihre abschläge ab|deine abschläge ab)/i.test(l.text) && !/geleistet|bezahlt|gezahlt|berücksichtigt/i.test(l.text) && l.text.length < 140);
  if (head < 0) return out;
  for (let i = head; i < Math.min(body.length, head + 14); i++) {
    const l = body[i]!;
    if (i > head + 2 && !findDates(l.text).length) {
      if (out.length) break;
      continue;
    }
    const pairs = [...l.text.matchAll(/(\d{1,2}\.\d{1,2}\.\d{4})\s+(?:[\p{L}: ]{0,12})?(\d{1,3}(?:\.\d{3})*,\d{2})\s*(?:€|eur)?/giu)];
    for (const m of pairs) {
      const d = dateIn(m[1]!);
      const a = amountIn(m[2]!);
      if (!d || !a) continue;
      const ref = `adv-${out.length + 1}`;
      out.push({ entity_ref: ref, due_date: d, amount: a });
      log.add(ref, 'due_date', spanOf(l, null, m[0]));
      log.add(ref, 'amount', spanOf(l, null, m[0]));
    }
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
  const m = /vorjahr(?:eszeitraum|es)?[^\n\d]{0,60}?(\d{1,3}(?:\.\d{3})+|\d+)\s?kwh|vorjahr(?:eszeitraum)?\s[^\n]*?\s(\d{1,3}(?:\.\d{3})+|\d+)\s?kwh/i.exec(f.text);
  if (m) {
    c.prior_year_quantity_kwh = parseNumber((m[1] ?? m[2])!);
    log.add(ref, 'prior_year_quantity_kwh', spanOf(f.at(m.index), 'Vorjahr', m[0]));
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

export type { Address };
