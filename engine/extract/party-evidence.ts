// Page evidence on a chosen party name (issue 14, `abstain16`): where the name stands and what
// stands around it, read from the page, independent of the rule that chose it. On invoice programs
// nobody tuned for, almost every wrong value is a party name (another party's, a bank's, a key read
// as a name); these facts describe the name's place the way a reader checks it — a role heading
// over its block, an address under it, the letterhead zone, a legal form, the other party's name.
// Recorded as `evidence:`/`doubts:` beside evidence14's (field-agreement.ts); they only empty a
// field where the pre-registered criterion adopted them (docs/decisions.md, `abstain16`).
import { sameParty } from './agreement.js';
import { LABELS, PAYEE_PHRASE } from './labels.js';
import { ENDS_IN_TOWN, PO_BOX, POSTCODE_IN_LINE, POSTCODE_TOWN, SHORT_LEGAL_FORM, TOWN_LINE } from './party-shapes.js';

/** One text segment of a line (a column's part of it), top-left corner and height in points. */
export interface FactSegment {
  text: string;
  x: number;
  y: number;
  h: number;
}

/** What a party fact needs of a read line beyond its text and place. */
export interface PartyFactLine {
  text: string;
  page: number;
  x: number;
  y: number;
  /** Line height (points); absent on lines without page geometry. */
  h?: number;
  pageHeight?: number;
  segments?: FactSegment[];
}

export type PartyRole = 'sender_name' | 'recipient_name';

/**
 * Role headings beyond the labels the candidate rules read ("From:", "Bill to" …, labels.ts):
 * words that head a block on invoices in general but are no label value's key there.
 */
// The payee phrases are labels.ts's (one list, twins26).
const SENDER_HEADING = new RegExp(String.raw`^(?:absender|rechnungssteller(?:in)?|auftragnehmer(?:in)?|issuer|issued by|${PAYEE_PHRASE}|[ée]mis par|leverancier|uitgever)\b`, 'iu');
const RECIPIENT_HEADING = /^(?:auftraggeber(?:in)?|mandant(?:in)?|an|to|invoiced to|adressat|factur[ée] [àa]|[àa] l'attention de|attn\.?|ship to|deliver to|lieferadresse|lieferanschrift)\b/i;

/**
 * Role words anywhere in a key or a section heading ("Nom du vendeur:", "Informationen zum Käufer",
 * "Name of the seller"): the seller's words are tested first ("Verkäufer" holds "käufer").
 */
const SENDER_WORD = /(verk[äa]ufer|vendeur|seller|supplier|vendor|lieferant|leverancier|verkoper|fournisseur|[ée]metteur|absender|rechnungssteller|aussteller|biller|issuer|sprzedawca|proveedor|emisor|fornitore|cedente|prodejce|dodavatel)/i;
const RECIPIENT_WORD = /(k[äa]ufer|acheteur|buyer|customer|kunde|client|klant|afnemer|purchaser|rechnungsempf[äa]nger|bill(?:ed)? to|invoice to|nabywca|destinatario|cessionario|destinataire|auftraggeber|kupuj[íi]c[íi]|odb[ěe]ratel)/i;

/** The role a heading text names, or null. A heading has no digits and a few words. */
export function headingRole(text: string): PartyRole | null {
  const t = text.trim();
  if (!t || /\d/.test(t) || t.split(/\s+/).length > 5) return null;
  if (LABELS.sender_name.test(t) || SENDER_HEADING.test(t) || SENDER_WORD.test(t)) return 'sender_name';
  if (LABELS.recipient_name.test(t) || LABELS.delivery_address.test(t) || RECIPIENT_HEADING.test(t) || RECIPIENT_WORD.test(t)) return 'recipient_name';
  return null;
}

const segmentsOf = (l: PartyFactLine): FactSegment[] => l.segments ?? [{ text: l.text, x: l.x, y: l.y, h: l.h ?? 10 }];
/** The name's own segment: the one starting nearest its place on its line. */
function ownSegment(lines: PartyFactLine[], at: { page: number; x: number; y: number }): { seg: FactSegment; line: PartyFactLine } | null {
  let best: { seg: FactSegment; line: PartyFactLine; d: number } | null = null;
  for (const line of lines) {
    if (line.page !== at.page) continue;
    for (const seg of segmentsOf(line)) {
      const d = Math.abs(seg.y - at.y) + Math.abs(seg.x - at.x) / 4;
      if (Math.abs(seg.y - at.y) < Math.max(3, seg.h * 0.6) && (!best || d < best.d)) best = { seg, line, d };
    }
  }
  return best;
}

/** The letterhead zone: the top 15 % of the first page (above a DIN 5008 address window, which starts at 45 mm of 297). */
const LETTERHEAD_ZONE = 0.15;
/** Column: left edges within this many points. */
const COLUMN = 60;

/** A key of a key-value row: "Name:", "Nom du vendeur:" (a colon ends it, nothing after it in its segment). */
const KEY_ONLY = /^[^:\d]{2,40}:\s*$/;

/**
 * The role named over the name: its own key ("Bill to: Acme", or the key segment left of it on its
 * line, "Nom du vendeur:"), or the nearest heading segment above it in its column (or its key's
 * column) within three line heights — above a section of key rows, the heading over the section.
 */
export function roleOver(lines: PartyFactLine[], at: { page: number; x: number; y: number }): PartyRole | null {
  const own = ownSegment(lines, at);
  if (!own) return null;
  const key = /^([^:]{2,40}):/.exec(own.seg.text);
  if (key) {
    const r = headingRole(key[1]!);
    if (r) return r;
  }
  const keySeg = segmentsOf(own.line).filter((sg) => sg.x < own.seg.x && KEY_ONLY.test(sg.text.trim())).sort((a, b) => b.x - a.x)[0];
  if (keySeg) {
    const r = headingRole(keySeg.text.replace(/:\s*$/, ''));
    if (r) return r;
  }
  const h = own.seg.h || 10;
  const pageSegs = lines.filter((l) => l.page === at.page).flatMap(segmentsOf);
  for (const x of keySeg ? [own.seg.x, keySeg.x] : [own.seg.x]) {
    let top = own.seg.y;
    // Walk up the column: over key rows ("PLZ:", "Adresszeile 1:") to the section's heading, at most six rows.
    for (let n = 0; n < 6; n++) {
      const up = pageSegs.filter((sg) => sg.y < top - 1 && top - (sg.y + sg.h) < h * 3 && Math.abs(sg.x - x) < COLUMN && sg.text.trim()).sort((a, b) => b.y - a.y)[0];
      if (!up) break;
      const r = headingRole(up.text.replace(/:\s*$/, ''));
      if (r) return r;
      if (!KEY_ONLY.test(up.text.trim()) && n >= 2) break;
      top = up.y;
    }
  }
  return null;
}

/**
 * The name stands on a return-address line: the name, then the street and a postcode on the same
 * line, parted by a separator ("Stadtwerke Beispiel GmbH · Am Hafen 1 · 28195 Bremen", OCR's "*").
 */
export function returnAddress(lines: PartyFactLine[], at: { page: number; x: number; y: number }): boolean {
  const own = ownSegment(lines, at);
  if (!own) return false;
  const t = own.seg.text;
  const cut = t.search(/\s[·•|*+–-]\s|,\s/);
  return cut > 0 && POSTCODE_IN_LINE.test(t.slice(cut));
}

/** An address under the name in its column, within five line heights: a town line, a postcode and town, a post-office box. */
export function addressUnder(lines: PartyFactLine[], at: { page: number; x: number; y: number }): boolean {
  const own = ownSegment(lines, at);
  if (!own) return false;
  const h = own.seg.h || 10;
  return lines
    .filter((l) => l.page === at.page)
    .flatMap(segmentsOf)
    .filter((s) => s.y > own.seg.y + 1 && s.y - own.seg.y < h * 6 && Math.abs(s.x - own.seg.x) < COLUMN)
    .some((s) => {
      const t = s.text.trim();
      return TOWN_LINE.test(t) || POSTCODE_TOWN.test(t) || ENDS_IN_TOWN.test(t) || PO_BOX.test(t) || t.split(/\s{2,}|,\s*|\s·\s|\s\|\s/).some((p) => TOWN_LINE.test(p.trim()) || POSTCODE_TOWN.test(p.trim()));
    });
}

export interface PartyFacts {
  /** Positive facts, recorded as `evidence:`. */
  cues: string[];
  /** Doubts (names as in field-agreement.ts's PAGE_DOUBTS). */
  doubts: ('role-clash' | 'same-party' | 'sender-no-place' | 'recipient-no-block' | 'recipient-in-letterhead' | 'recipient-letterhead-unheaded')[];
}

/**
 * The party facts of one chosen name. `at` is the chosen reading's place (null when the name was
 * read without page geometry: then only the place-free facts hold); `firstPage` the document's first
 * page; `other` the other role's chosen name; `supported` evidence14's sender support (domain,
 * holder, printed twice); `prints` whether a line's text prints the name (field-agreement.ts's test).
 */
export function partyFacts(field: PartyRole, value: unknown, lines: PartyFactLine[], at: { page: number; x: number; y: number } | null, firstPage: number, other: unknown, supported: boolean, prints: (text: string) => boolean): PartyFacts {
  const cues: string[] = [];
  const doubts: PartyFacts['doubts'] = [];
  const positioned = Boolean(at && lines.some((l) => l.page === at.page && l.h !== undefined));
  const role = positioned ? roleOver(lines, at!) : null;
  if (role === field) cues.push('role-heading');
  if (role && role !== field) doubts.push('role-clash');
  const address = positioned && addressUnder(lines, at!);
  if (address) cues.push('address-under');
  const returnLine = positioned && returnAddress(lines, at!);
  if (returnLine) cues.push('return-address');
  // In the letterhead: the name printed in the top zone of the first page (the chosen reading may be another printing of it, a return-address line).
  const top = positioned && lines.some((l) => l.page === firstPage && l.pageHeight !== undefined && l.y < l.pageHeight * LETTERHEAD_ZONE && prints(l.text));
  if (top) cues.push('letterhead-zone');
  if (SHORT_LEGAL_FORM.test(String(value))) cues.push('legal-form');
  if (other != null && sameParty(value, other)) doubts.push('same-party');
  // The place doubts need the page's geometry: without it (a text page) nothing is known of the place.
  // A sender's places: under its role, in the letterhead, over its own address (a footer block), on the return-address line.
  if (positioned && field === 'sender_name' && role !== field && !top && !address && !returnLine && !supported) doubts.push('sender-no-place');
  if (positioned && field === 'recipient_name' && role !== field && !address) doubts.push('recipient-no-block');
  // The letterhead is the sender's: a recipient printed there is (on first-unseen names) mostly the sender's own block.
  if (field === 'recipient_name' && top) doubts.push('recipient-in-letterhead');
  // Unless a recipient heading stands over it (US "Bill to" blocks sit high on the page): the narrowed form, pre-registered against round 13 (letterhead16).
  if (field === 'recipient_name' && top && role !== field) doubts.push('recipient-letterhead-unheaded');
  return { cues, doubts };
}
