// Agreement checks (issue 14, precision): a value the other readings of the document contradict
// is left empty rather than output. Each check is generic — it needs no layout — and was
// calibrated on the tuned documents and on the round-5 sources read with the extractor as it was
// before their rules (docs/decisions.md, "Generic extraction: precision (issue 14)").
import { findDates, monthOf, parseDate } from './normalize/date.js';
import { POSTCODE_TOWN_ONLY, SHORT_LEGAL_FORM } from './party-shapes.js';
import type { Candidate } from './types.js';

/**
 * Words that head a party block or a column, never a party's name: a name reading that is only
 * such a word took the label for its value ("From:" over the sender's address).
 */
const ROLE = 'sender|recipient|seller|buyer|supplier|customer|client|kunde|lieferant|absender|empfänger|rechnungsempfänger|leistungsempfänger|verkäufer|käufer|émetteur|emetteur|destinataire|vendeur|acheteur|fournisseur|afzender|ontvanger|leverancier|klant|koper|verkoper';
const ADDRESS_HEADING = "(billing|invoice|invoicing|delivery|shipping|postal) address|address|rechnungsadresse|lieferadresse|rechnungsanschrift|lieferanschrift|anschrift|adresse( de (facturation|livraison))?|factuuradres|afleveradres|leveringsadres|adres";
// A generic noun alone ("Company", a template's placeholder) names nobody either (uktown30).
const ROLE_WORDS = new RegExp(`^(from|to|von|an|de|à|a|van|aan|bill(ed)? to|ship(ped)? to|sold to|invoice to|${ROLE}|${ADDRESS_HEADING}|invoice|rechnung|facture|factuur|date|datum|page|seite|company|firma|name)$`, 'i');

/** "Hafenweg 12", "12 Dock Road", "8 allée des Tilleuls", "Kade 4a". */
const STREET_LINE = /^(\d+[a-z]?,?\s+(rue|avenue|av\.|allée|boulevard|bd|place|chemin|impasse|quai|route|street|st\.|road|rd\.|lane|way|avenue|drive|straat|laan|weg|plein)\b.*|[\p{L}.\s-]*(straße|strasse|str\.|weg|gasse|platz|allee|damm|ring|street|road|lane|straat|laan|gracht|kade|plein)\s+\d+[a-z]?)$/iu;

/**
 * A whole address set on one line with commas, as e-invoice viewers print it under a party heading:
 * a house number then a comma and a town ("Calle Pradillo 42, Madrid, …", "123 Rue de la Paix,
 * Paris, 75001"), or a postcode part after a comma (", 00-015", ", 28002"). The heading's name was
 * missing and its address was taken for it (wrong14).
 */
const ONE_LINE_ADDRESS = /\d+[a-z]?,\s*\p{L}|,\s*(?:[A-Z]{1,2}-)?\d{2}-?\d{3}\b/u;

/** A party's printed words without legal forms, case or punctuation ("Nordlicht GmbH & Co. KG" → "nordlicht"). */
const partyWords = (x: unknown) => String(x ?? '').toLowerCase().replace(/\b(gmbh|mbh|ag|kg|se|bv|nv|inc|ltd|llc|plc|sarl|sas|sa|srl|spa|co)\b\.?/g, '').replace(/[^\p{L}\p{N}]+/gu, ' ').trim();

/** A party name must be a name: not a role word or an address heading, a date or a number. */
export function plausibleName(value: unknown): boolean {
  // Leading quotes or commas are OCR specks ("‚Adresse de facturation").
  const v = String(value ?? '').replace(/^[\s‚„"'`,.:;]+/, '').replace(/[:.\s]+$/, '').trim();
  if (v.length < 2) return false;
  if (ROLE_WORDS.test(v)) return false;
  // A legal form alone ("GmbH", "& Co. KG": the name before it cut off or not read) names nobody.
  if (!/\p{L}{2}/u.test(partyWords(v))) return false;
  if (parseDate(v) !== null) return false;
  // An address line under the heading was taken instead of the name above it.
  if ((POSTCODE_TOWN_ONLY.test(v) || STREET_LINE.test(v) || ONE_LINE_ADDRESS.test(v)) && !SHORT_LEGAL_FORM.test(v)) return false;
  // A country in brackets ("(Portugal)") closes an address; no name is printed in brackets alone (wrong14).
  if (/^\(.*\)$/.test(v)) return false;
  return true;
}

/** The same printed words once legal forms, case and punctuation are dropped. */
export function sameName(a: unknown, b: unknown): boolean {
  const x = partyWords(a);
  return Boolean(x) && x === partyWords(b);
}

/** Names compared as printed words, without legal forms, case or punctuation. */
export function sameParty(a: unknown, b: unknown): boolean {
  const x = partyWords(a);
  const y = partyWords(b);
  if (!x || !y) return false;
  return x === y || (x.length >= 6 && y.includes(x)) || (y.length >= 6 && x.includes(y));
}

const DATE_SHAPE = /^\d{1,4}[./-]\d{1,2}[./-]\d{1,4}$/;
// A country code follows "+" or "00" and never starts with 0: "0000000123" is a zero-padded number (fold17).
const PHONE_SHAPE = /^(\+|00)[1-9][\d\s/()-]{6,}$/;

/**
 * An identifier (document or customer number, payment reference) that is some other field's
 * value: a date, a phone number, the IBAN, the VAT id. A neighbouring label's value was taken.
 */
export function identifierClash(value: unknown, others: Array<unknown>): boolean {
  const v = String(value ?? '').trim();
  if (!v) return false;
  if (DATE_SHAPE.test(v) && parseDate(v) !== null) return true;
  if (PHONE_SHAPE.test(v)) return true;
  const compact = v.replace(/[\s.-]/g, '').toUpperCase();
  return others.some((o) => typeof o === 'string' && o.length >= 8 && o.replace(/[\s.-]/g, '').toUpperCase() === compact);
}

// Only headings that never begin a company's name ("Client Services Ltd" keeps its first word).
const ROLE_PREFIX = new RegExp(`^(émetteur|emetteur|destinataire|absender|empfänger|rechnungsempfänger|leistungsempfänger|afzender|ontvanger|sender|recipient)\\s*:?\\s+(?=\\S)`, 'i');

/**
 * A name read together with the role heading printed before it on the same line
 * ("Émetteur Atelier Berthier SARL"): the heading is not part of the name.
 */
export function withoutRoleWord(cands: Candidate[]): Candidate[] {
  return cands.map((c) => {
    if (typeof c.value !== 'string' || !ROLE_PREFIX.test(c.value)) return c;
    const value = c.value.replace(ROLE_PREFIX, '');
    return plausibleName(value) ? { ...c, value, transforms: [...c.transforms, 'strip:role-word'] } : c;
  });
}

/** Drops readings whose value fails `ok`, so the next reading can win on its own. */
export function keepPlausible(cands: Candidate[], ok: (v: unknown) => boolean): Candidate[] {
  return cands.filter((c) => c.value === null || ok(c.value));
}

/**
 * A return-address line ("Name · Street · Postcode Town") whose address part is only a date
 * ("Maintenance préventive CVC - août 2026": a period heading, its year read as a postcode) is no
 * return address, so its first part is no sender.
 */
export function returnAddressIsDate(c: Candidate): boolean {
  if (c.method !== 'sender_line') return false;
  const rest = c.raw.slice(c.raw.indexOf(String(c.value)) + String(c.value).length).replace(/^[\s·•●|,-]+/, '').trim();
  const words = rest.split(/\s+/);
  if (words.length === 2 && monthOf(words[0]!) !== undefined && /^\d{4}$/.test(words[1]!)) return true;
  // The place and date of a letter ("Musterstadt, November 2, 2015"; "Potsdam, 24.05.2023").
  const date = findDates(rest)[0];
  if (date && date.index === 0 && !rest.slice(date.length).replace(/[\s.,]/g, '')) return true;
  return DATE_SHAPE.test(rest) && parseDate(rest) !== null;
}

/**
 * A recipient reading whose name the footer prints as its letterhead line ("Name - Street -
 * Postcode Town", marked `footerParty` by the candidates) is the sender's name: a block at the top
 * that repeats in the footer is the sender's letterhead, not the address window (round 7).
 */
export function footerParty(c: Candidate, senders: Candidate[]): boolean {
  return senders.some((s) => s.meta?.footerParty === true && sameParty(s.value, c.value));
}
