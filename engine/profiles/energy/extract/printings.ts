// Values real bills print twice (sixth pass): the customer's name in the address window and in
// the salutation or a "Kunde:" line, the customer number in the header and in the payment
// reference, the supplier's name in the letterhead and in the footer. No check covers these
// fields; a second printing that disagrees is the one thing that can contradict the label, so
// it leaves the field to a reviewer. A field printed once keeps its label-based confirmation.
import type { InvoiceData } from '../payload.js';
import type { DocView, EvidenceLog } from './doc.js';
import { sameId } from './doc.js';

const compact = (t: string) => t.toLowerCase().replace(/[^\p{L}\d]/gu, '');

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

const LEGAL_FORM = /\b(?:GmbH(?: & Co\.? KG)?|AG|eG|SE|KG|mbH|KGaA|AöR|e\. ?V\.)$/;
/** Companies a footer names beside the supplier: its grid operator, bank, court, parent or general partner. */
const OTHER_COMPANY = /netz|messstellen|messdienst|amtsgericht|registergericht|sparkasse|bank|komplementär|haftend|unternehmen de[rs]|gruppe|konzern|verwaltungs|beteiligungs|holding|tochter/i;

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

/** Second printings of span-confirmed fields that disagree leave the field to a reviewer. */
export function crossCheckPrintings(view: DocView, log: EvidenceLog, data: InvoiceData): void {
  customerName(view, log, data);
  customerNumber(view, log, data);
  supplierName(view, log, data);
}
