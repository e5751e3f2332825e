// Values real bills print twice (sixth pass): the customer's name in the address window and in
// the salutation or a "Kunde:" line, the customer number in the header and in the payment
// reference, the supplier's name in the letterhead and in the footer. No check covers these
// fields; a second printing that disagrees is the one thing that can contradict the label, so
// it leaves the field to a reviewer. A field printed once keeps its label-based confirmation.
import { below, type EvLine } from '../../../extract/evidence.js';
import type { Address, InvoiceData } from '../payload.js';
import type { DocView, EvidenceLog } from './doc.js';
import { sameId } from './doc.js';
import { parseCity, parseStreet } from './values.js';

export const compact = (t: string) => t.toLowerCase().replace(/[^\p{L}\d]/gu, '');

/** Two printings of a name agree when one holds the other, letters and digits only ("Anna Öztürk" in "Lukas und Anna Öztürk"). */
function namesAgree(a: string, b: string): boolean {
  const x = compact(a);
  const y = compact(b);
  return x.length > 0 && y.length > 0 && (x.includes(y) || y.includes(x));
}

const words = (t: string) => t.toLowerCase().split(/[^\p{L}'-]+/u).filter(Boolean);

// ---------------------------------------------------------------- customer name

const GREETING = /(?:^|\s)(?:sehr geehrte[rs]?|guten tag|hallo|liebe[rs]?|moin)\s+([^,!\n]{2,80})[,!]/iu;
/** Words of a salutation that name no one ("Sehr geehrte Damen und Herren", "liebes Team von"). */
const NOT_A_NAME = new Set(['herr', 'herrn', 'frau', 'dr', 'prof', 'damen', 'und', 'herren', 'kundin', 'kunde', 'kunden', 'kundinnen', 'team', 'von', 'der', 'die', 'des', 'liebe', 'lieber', 'liebes', 'sehr', 'geehrte', 'geehrter', 'familie', 'eheleute', 'firma', 'zusammen', 'leser', 'alle', 'mitglied', 'mitglieder',
  // closings that open like a greeting ("Liebe Grüße,")
  'grüße', 'grüsse', 'gruesse', 'gruß', 'viele', 'beste', 'herzliche', 'freundliche', 'sonnige']);
const NAME_LINE = /(?:^|[\s·|])(?:kunde|kundin|kundenname|rechnungsempfänger(?:in)?|vertragspartner(?:in)?)\s*:\s*([\p{L}][\p{L} .'&-]{1,60}?)\s*(?:$|[·|,]|\s{2,})/iu;

function customerName(view: DocView, log: EvidenceLog, data: InvoiceData): void {
  const name = data.customer.name;
  if (!name || !log.has('customer', 'name')) return;
  const have = new Set(words(name));
  for (const l of view.lines) {
    const g = GREETING.exec(l.text);
    if (g) {
      // Every name word of the greeting must be one of the name's words: "Herr Brandt" to
      // "Jonas Brandt", "Hallo Jürgen" to "Jürgen Vogel"; another person's name disagrees.
      const said = words(g[1]!.replace(/\b(?:dr|prof)\./gi, ' ')).filter((w) => !NOT_A_NAME.has(w) && w.length > 1);
      const foreign = said.filter((w) => !have.has(w));
      if (said.length && foreign.length) {
        log.doubt('customer', 'name', `the salutation "${g[0].trim()}" names someone else than "${name}"`);
        return;
      }
    }
    const n = NAME_LINE.exec(l.text);
    if (n && !/\d/.test(n[1]!) && !namesAgree(n[1]!, name)) {
      log.doubt('customer', 'name', `a second printing reads "${n[1]!.trim()}"`);
      return;
    }
  }
}

// ---------------------------------------------------------------- customer number

/** The shape of an identifier: letters A, digits 9, print separators dropped ("K43 77" → "A9999"). */
const shape = (t: string) => t.replace(/[\s./-]/g, '').replace(/\d/g, '9').replace(/[A-Za-z]/g, 'A');

const REFERENCE = /(?:verwendungszweck|zahlungsreferenz|unter angabe (?:der|ihrer|deiner)\s+([\p{L}-]+))\s*:?\s*([^\n]{4,80})/iu;

function customerNumber(view: DocView, log: EvidenceLog, data: InvoiceData): void {
  const cn = data.identity.customer_number;
  if (!cn || !log.has('identity', 'customer_number')) return;
  const own = [data.identity.invoice_number, data.identity.contract_account, data.identity.contract_number].filter((v): v is string => !!v);
  const text = view.flow().text.replace(/(?<=\p{L})\n/gu, ' ');
  for (const m of text.matchAll(new RegExp(REFERENCE.source, 'giu'))) {
    const tokens = [...m[2]!.matchAll(/[A-Z0-9][A-Z0-9./-]{3,30}[A-Z0-9]/gi)].map((t) => t[0]).filter((t) => /\d/.test(t));
    if (!tokens.length || tokens.some((t) => sameId(t, cn))) continue;
    // "unter Angabe Ihrer Kundennummer 4711" names it; otherwise a reference token of the
    // customer number's shape that is none of the invoice's other numbers is its second printing.
    const named = m[1] && /^kunden/i.test(m[1]) ? tokens[0] : tokens.find((t) => shape(t) === shape(cn) && !own.some((o) => sameId(o, t)));
    if (named) {
      log.doubt('identity', 'customer_number', `the payment reference "${m[0].trim().slice(0, 60)}" reads ${JSON.stringify(named)}`);
      return;
    }
  }
}

// ---------------------------------------------------------------- supplier name

export const LEGAL_FORM = /\b(?:GmbH(?: & Co\.? KG)?|AG|eG|SE|KG|mbH|KGaA|AöR|e\. ?V\.)$/;
/** Companies a footer names beside the supplier: its grid operator, bank, court, parent or general partner. */
export const OTHER_COMPANY = /netz|messstellen|messdienst|amtsgericht|registergericht|sparkasse|bank|komplementär|haftend|unternehmen de[rs]|gruppe|konzern|verwaltungs|beteiligungs|holding|tochter/i;

function supplierName(view: DocView, log: EvidenceLog, data: InvoiceData): void {
  const name = data.supplier.name;
  if (!name || !log.has('supplier', 'name')) return;
  // Letterhead and sender line (top fifth) and footer (bottom fifth) of every page; the
  // customer's own firm in the address window is not a printing of the supplier.
  const edge = view.lines.filter((l) => l.bbox.y < l.pageHeight * 0.2 || l.bbox.y > l.pageHeight * 0.8);
  const named: string[] = [];
  for (const l of edge) {
    for (const seg of l.segments) {
      const head = seg.text.split(/\s[·|•,]\s|\s[-–]\s|,\s/)[0]!.trim();
      if (!LEGAL_FORM.test(head) || head.length > 60 || !/^\p{Lu}/u.test(head) || OTHER_COMPANY.test(head)) continue;
      if (data.customer.name && namesAgree(head, data.customer.name)) continue;
      named.push(head);
    }
  }
  const other = named.find((n) => !namesAgree(n, name));
  if (other) log.doubt('supplier', 'name', `the letterhead or footer also names "${other}"`);
}

// ---------------------------------------------------------------- addresses (seventh pass)

/** Umlauts and ß as their two-letter spellings, lower case ("Mühlenweg" = "Muehlenweg"). */
const fold = (t: string) => t.toLowerCase().replace(/ä/g, 'ae').replace(/ö/g, 'oe').replace(/ü/g, 'ue').replace(/ß/g, 'ss');

/** A street as compared across printings: "Str." = "Straße" = "Strasse", hyphens and spaces dropped. */
export function streetKey(street: string): string {
  return fold(street).replace(/strasse\b|str\b\.?/g, 'str').replace(/[^a-z\d]/g, '');
}

/** A city by its first word: "Frankfurt am Main" = "Frankfurt (Main)" = "Frankfurt a. M.". */
const cityKey = (city: string) => fold(city).split(/[^a-z]+/).find(Boolean) ?? '';
const houseKey = (n: string) => n.toLowerCase().replace(/\s+/g, '').replace(/[–]/g, '-');

export interface AddressPrinting {
  address: Omit<Address, 'country_code'>;
  line: EvLine;
  /** The text the printing was read from (one line, or street and city cells stacked). */
  text: string;
  /** Stacked: the cell above the street (a footer column's company name). */
  heading?: string;
}

/**
 * Every street + postcode/city printed in the view: on one line ("Rheinallee 21 · 55116 Mainz",
 * several per line) or stacked, the city cell below the street cell (address window, footer column).
 */
export function printedAddresses(view: DocView): AddressPrinting[] {
  const out: AddressPrinting[] = [];
  for (const l of view.lines) {
    const parts = l.text.split(/\s*[,·|•]\s*|\s{2,}/).map((x) => x.trim()).filter(Boolean);
    for (let i = 0; i + 1 < parts.length; i++) {
      const s = parseStreet(parts[i]!);
      const c = s && parseCity(parts[i + 1]!);
      if (s && c) out.push({ address: { ...s, ...c }, line: l, text: `${parts[i]}, ${parts[i + 1]}` });
    }
    if (!l.positioned) continue;
    for (const seg of l.segments) {
      const s = parseStreet(seg.text);
      if (!s) continue;
      const under = view.lines.find((x) => x.page === l.page && x.bbox.y > seg.bbox.y + seg.bbox.h * 0.6 && x.bbox.y - seg.bbox.y < seg.bbox.h * 2.5);
      const cell = under?.segments.find((c) => Math.abs(c.bbox.x - seg.bbox.x) < 8);
      const c = cell && parseCity(cell.text);
      if (!c) continue;
      const over = view.lines.filter((x) => x.page === l.page && x.bbox.y < seg.bbox.y - seg.bbox.h * 0.6 && seg.bbox.y - x.bbox.y < seg.bbox.h * 2.5).at(-1);
      const heading = over?.segments.find((h) => Math.abs(h.bbox.x - seg.bbox.x) < 8)?.text;
      out.push({ address: { ...s, ...c }, line: l, text: `${seg.text}, ${cell!.text}`, ...(heading ? { heading } : {}) });
    }
  }
  return out;
}

/** What differs between two printings of one address (street spelling, umlauts, "Str." tolerated), or null. */
export function addressDifference(a: Omit<Address, 'country_code'>, b: Omit<Address, 'country_code'>): string | null {
  if (streetKey(a.street ?? '') !== streetKey(b.street ?? '')) return 'street';
  if (houseKey(a.house_number ?? '') !== houseKey(b.house_number ?? '')) return 'house number';
  if ((a.postal_code ?? '') !== (b.postal_code ?? '')) return 'postcode';
  if (cityKey(a.city ?? '') !== cityKey(b.city ?? '')) return 'city';
  return null;
}

/** Two printings are of one address when they name the same street in the same postcode or city. */
const samePlace = (a: Omit<Address, 'country_code'>, b: Omit<Address, 'country_code'>) =>
  streetKey(a.street ?? '') === streetKey(b.street ?? '') && (a.postal_code === b.postal_code || cityKey(a.city ?? '') === cityKey(b.city ?? ''));

const show = (a: Omit<Address, 'country_code'>) => `${a.street} ${a.house_number}, ${a.postal_code} ${a.city}`;

/** Labels of the customer's addresses printed outside the window. */
const CUSTOMER_ADDRESS_LABEL = /(?:liefer|verbrauchs|abnahme|entnahme)(?:stelle|anschrift|adresse)|rechnungs(?:anschrift|adresse)|kundenanschrift|anlagenadresse|versorgungsadresse/i;

/** The bill says the supply address is the billing address ("Lieferstelle: wie Rechnungsanschrift"). */
const SAME_AS_BILLING = /(?:liefer|verbrauchs|abnahme|entnahme)(?:stelle|anschrift|adresse)\s*:?\s*(?:wie\s+(?:rechnungs|post|kunden)(?:anschrift|adresse)|(?:=|identisch mit|entspricht)\s+(?:der\s+)?(?:rechnungs|post|kunden)(?:anschrift|adresse))/i;

/**
 * Addresses printed twice: the customer's window and a supply address on the same street, the
 * supplier's letterhead or sender line and its footer, and any printing of a postcode with
 * another city. A disagreeing printing leaves the field to a reviewer.
 */
function addresses(view: DocView, log: EvidenceLog, data: InvoiceData): void {
  const printed = printedAddresses(view);
  const fields: Array<{ entity: string; field: string; address: Address | null }> = [
    { entity: 'customer', field: 'billing_address', address: data.customer.billing_address },
    { entity: 'supplier', field: 'address', address: data.supplier.address },
    ...data.supply_points.map((sp) => ({ entity: sp.entity_ref, field: 'service_address', address: sp.service_address })),
  ];
  for (const f of fields) {
    const a = f.address;
    if (!a || !log.has(f.entity, f.field)) continue;
    // A postcode is one city: the same postcode printed with another city disagrees.
    const city = printed.find((p) => p.address.postal_code === a.postal_code && cityKey(p.address.city ?? '') !== cityKey(a.city ?? ''));
    if (city) log.doubt(f.entity, f.field, `postcode ${a.postal_code} is printed with another city ("${city.text}")`);
  }
  // The customer's window and the supply address (or the billing address printed again under its
  // label): the same street in the same place with another house number or postcode disagrees.
  // Other printings are not compared: an arbitration board may sit in the supplier's street.
  const customerPrintings = printed.filter((p) => CUSTOMER_ADDRESS_LABEL.test(p.line.text));
  const billing = data.customer.billing_address;
  const parties = [
    ...(billing && log.has('customer', 'billing_address') ? [{ entity: 'customer', field: 'billing_address', address: billing }] : []),
    ...data.supply_points.filter((sp) => sp.service_address && log.has(sp.entity_ref, 'service_address')).map((sp) => ({ entity: sp.entity_ref, field: 'service_address', address: sp.service_address! })),
  ];
  for (const f of parties) {
    const others = [...parties.filter((x) => x !== f).map((x) => ({ address: x.address as Omit<Address, 'country_code'>, text: show(x.address) })), ...customerPrintings];
    const other = others.find((p) => samePlace(p.address, f.address) && addressDifference(p.address, f.address));
    if (other) log.doubt(f.entity, f.field, `the ${addressDifference(other.address, f.address)} differs in another printing of the street ("${other.text}")`);
  }
  // The supplier's own lines (the sender line in the window, the letterhead, the footer) print one address.
  const s = data.supplier;
  if (s.name && s.address && log.has('supplier', 'address')) {
    const own = printed.filter((p) => namesAgreeWithin(p.line.text, s.name!) || namesAgreeWithin(p.heading ?? '', s.name!));
    const other = own.find((p) => addressDifference(p.address, s.address!));
    if (other) log.doubt('supplier', 'address', `the supplier's lines print two addresses ("${show(s.address)}", "${other.text}")`);
  }
  if (billing && view.lines.some((l) => SAME_AS_BILLING.test(l.text))) {
    for (const sp of data.supply_points) {
      const d = sp.service_address && addressDifference(sp.service_address, billing);
      if (d) log.doubt(sp.entity_ref, 'service_address', `the bill says the supply address is the billing address, but the ${d} differs`);
    }
  }
}

/** The line names the company (letters and digits compared, the whole name). */
const namesAgreeWithin = (line: string, name: string) => compact(line).includes(compact(name));

// ---------------------------------------------------------------- commercial register (seventh pass)

const REGISTER_TYPE = String.raw`HR\s?[AB]|GnR|PR|VR`;
const REGISTER_NO = String.raw`\d{1,6}(?:\s?[A-Z](?![\p{L}\d]))?`;
/** "Amtsgericht Mainz, HRB 41235", "Registergericht: Amtsgericht Charlottenburg HRB 201874 B". */
const COURT_FIRST = new RegExp(String.raw`(?:registergericht:?\s*)?(Amtsgericht\s+[\p{L}.\- ]+?)\s*[,·]?\s*\b(${REGISTER_TYPE})\s*(${REGISTER_NO})(?![\d])`, 'giu');
/** "HRB 41235, Amtsgericht Mainz", "HRA 1234 (Amtsgericht Frankfurt am Main)". */
const NUMBER_FIRST = new RegExp(String.raw`\b(${REGISTER_TYPE})\s*(${REGISTER_NO})(?![\d])\s*[,(]?\s*(?:beim\s+)?(Amtsgericht\s+\p{L}[\p{L}.\-]*(?:\s(?:am|an|im|in|a\.|i\.|an der|in der)\s\p{L}[\p{L}.\-]*|\s\(\p{L}+\))?)`, 'giu');
/** A court alone in its cell ("Registergericht: Amtsgericht Dresden"), its number in the cell under it. */
const COURT_ALONE = /^(?:registergericht:?\s*)?(Amtsgericht\s+[\p{L}.\- ]+?)\s*[,:]?$/iu;
/** That number alone in its cell ("HRB 78698"). */
const NUMBER_ALONE = new RegExp(String.raw`^(${REGISTER_TYPE})\s*(${REGISTER_NO})$`, 'iu');
/** Something a register printing is made of, read or not ("Amtsgerlcht", "HR8 4123"). */
const REGISTER_TRACE = /\b(?:H\s?R\s?[AB8]|GnR|VR)\.?\s*\d{2,}|\b(?:registergericht|handelsregister)\b/i;

export interface RegisterPrinting {
  /** "Amtsgericht Mainz HRB 41235": court, register type and number as printed. */
  value: string;
  line: EvLine;
  text: string;
  /** The company named just before it on its line (a footer may print its grid operator's or general partner's register too), or null. */
  company: string | null;
}

/** The legal-form company last named in `before` ("Komplementärin: X Verwaltungs GmbH · "), or null. */
function companyBefore(before: string): string | null {
  const parts = before.split(/\s[·|•]\s|\s{2,}|,\s|;\s/).map((x) => x.replace(/^[\p{L} -]*:\s*/u, '').trim()).filter(Boolean);
  for (let i = parts.length - 1; i >= 0; i--) if (LEGAL_FORM.test(parts[i]!) && /^\p{Lu}/u.test(parts[i]!)) return parts[i]!;
  return null;
}

/** "Amtsgericht Mainz HRB 41235" from the court, the register type and the number as printed. */
const registerValue = (court: string, type: string, number: string) => `${court.trim().replace(/\s+/g, ' ')} ${type.replace(/\s/g, '')} ${number.trim()}`;

/** Every commercial register printed in the view, with the company its line gives it to. */
export function registerPrintings(view: DocView): { read: RegisterPrinting[]; unreadable: EvLine[] } {
  const read: RegisterPrinting[] = [];
  const unreadable: EvLine[] = [];
  // Lines whose number cell a court above it was read with (register34).
  const numberLines = new Set<EvLine>();
  for (const l of view.lines) {
    const found: RegisterPrinting[] = [];
    for (const m of l.text.matchAll(COURT_FIRST)) {
      found.push({ value: registerValue(m[1]!, m[2]!, m[3]!), line: l, text: m[0], company: companyBefore(l.text.slice(0, m.index)) });
    }
    if (!found.length) {
      for (const m of l.text.matchAll(NUMBER_FIRST)) {
        found.push({ value: registerValue(m[3]!, m[1]!, m[2]!), line: l, text: m[0], company: companyBefore(l.text.slice(0, m.index)) });
      }
    }
    if (!found.length) {
      // A footer printed in columns: the court in one cell, the register type and number in the cell under it.
      for (const seg of l.segments) {
        const court = COURT_ALONE.exec(seg.text.trim());
        const under = court ? below(view.ev, seg, 1) : null;
        const number = under ? NUMBER_ALONE.exec(under.text.trim()) : null;
        if (!court || !number) continue;
        found.push({ value: registerValue(court[1]!, number[1]!, number[2]!), line: l, text: `${seg.text.trim()} ${under!.text.trim()}`, company: companyBefore(l.text.slice(0, l.text.indexOf(seg.text))) });
        numberLines.add(view.ev.lines[under!.line]!);
      }
    }
    if (found.length) read.push(...found);
    else if (REGISTER_TRACE.test(l.text) && !numberLines.has(l)) unreadable.push(l);
  }
  return { read, unreadable };
}

/** The supplier's printings: those its own name precedes, or no company's name does. */
const supplierRegisters = (all: RegisterPrinting[], supplier: string | null) =>
  all.filter((r) => !r.company || (supplier !== null && namesAgree(r.company, supplier)));

/**
 * The supplier's register: one of its own printings, else one given to a company that is no
 * grid or metering operator, bank or parent (the name read first may be the customer's firm).
 */
export const supplierRegister = (all: RegisterPrinting[], supplier: string | null): RegisterPrinting | null =>
  supplierRegisters(all, supplier)[0] ?? all.find((r) => !OTHER_COMPANY.test(r.company ?? '')) ?? null;

/** A register as compared across printings: letters and digits, folded. */
const registerKey = (v: string) => fold(v).replace(/[^a-z\d]/g, '');

/**
 * The supplier's register printed twice (the footer of every page) must read the same; a
 * printing on a line of the supplier's that cannot be read (court or type garbled) cannot
 * confirm it either.
 */
function commercialRegister(view: DocView, log: EvidenceLog, data: InvoiceData): void {
  const reg = data.supplier.commercial_register;
  if (!reg || !log.has('supplier', 'commercial_register')) return;
  const { read, unreadable } = registerPrintings(view);
  const own = supplierRegisters(read, data.supplier.name);
  const other = own.find((r) => registerKey(r.value) !== registerKey(reg));
  if (other) {
    log.doubt('supplier', 'commercial_register', `the supplier's lines print two registers ("${reg}", "${other.text}")`);
    return;
  }
  const garbled = unreadable.find((l) => !companyBefore(l.text) || (data.supplier.name && namesAgree(companyBefore(l.text)!, data.supplier.name)));
  if (garbled) log.doubt('supplier', 'commercial_register', `a register printing cannot be read ("${garbled.text.slice(0, 80)}")`);
}

/** Second printings of span-confirmed fields that disagree leave the field to a reviewer. */
export function crossCheckPrintings(view: DocView, log: EvidenceLog, data: InvoiceData): void {
  customerName(view, log, data);
  customerNumber(view, log, data);
  supplierName(view, log, data);
  addresses(view, log, data);
  commercialRegister(view, log, data);
}
