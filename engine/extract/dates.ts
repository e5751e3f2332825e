// Where a date stands decides what it dates (issue 14 round 7): a date in an item row (a line
// with amounts in other cells: "10/01/2024 | Consultation | 1.00 | 50.00 EUR | 50.00 EUR")
// dates that item — a service or delivery day — never the document. Round 8: what a payment term
// or a cash discount makes of the dates around it, and which way a slash date reads.
import { findAmounts } from './normalize/amount.js';
import { findDates, inferDayOrder, type DateHit, type DayOrder } from './normalize/date.js';
import { findIbans } from './normalize/iban.js';
import { findCurrencies, gluedToNumber, pageCountry, type CountryCues } from './normalize/currency.js';
import type { EvLine, Segment } from './evidence.js';

/** How many amounts stand in the other cells of a line of three or more cells (0 for a shorter line). */
function amountsBesideCell(line: EvLine, seg: Segment | null): number {
  if (!seg || line.segments.length < 3) return 0;
  const others = line.segments.filter((s) => s !== seg && s.text !== seg.text).map((s) => s.text).join('   ');
  return findAmounts(others).length;
}

/** The segment is a cell of an item row: two or more amounts stand in the line's other cells. */
export const inItemRow = (line: EvLine, seg: Segment | null): boolean => amountsBesideCell(line, seg) >= 2;

/**
 * Money stands in another cell of a line of three or more cells (recall19): an amount, or a whole
 * number glued to a currency sign or code ("$800", "800 €", "USD 43"; `gluedToNumber`: not "A4 €"),
 * as item tables price their rows when the totals carry no cents.
 */
export function moneyBesideCell(line: EvLine, seg: Segment | null): boolean {
  if (!seg || line.segments.length < 3) return false;
  return line.segments.filter((s) => s !== seg && s.text !== seg.text).some(({ text: t }) => findAmounts(t).length > 0 || findCurrencies(t).some((c) => gluedToNumber(t, c)));
}

/**
 * A document named in an item row by a title word and its number ("Gutschrift GS-… vom … | 1 |
 * -8,27", "Avoir AV-9 du … | 1 | -120,00", dates17): the row has three or more cells and an amount
 * in a cell other than the title's. The number and its date are the item's (a credit or an advance
 * deducted), not the document's. A meta line ("Rechnungsnummer: RE-1 | Betrag: 100,00") is not
 * caught: only a bare title word (no "Nr.", "number") names a document in a row.
 */
export const documentInItemRow = (line: EvLine, seg: Segment | null): boolean => amountsBesideCell(line, seg) >= 1;

/**
 * Words before an unlabelled date that name an event other than the document's issue (dates17):
 * an order, a delivery, a service rendered, a quote, a contract ("Ihre Bestellung vom …",
 * "Lieferung vom …", "Your order of …", "Services rendered on …", "Livraison du …", "Prestation
 * réalisée le …", "Uw bestelling van …", "Geleverd op …"). Such a date is that event's, never the
 * letter's date: the letter's place-and-date line leads with a place ("Berlin, den"), a dated
 * title with the document's own word ("Rechnung vom", "Facture du").
 */
// Word starts only, with their endings: a place ("Leverkusen, 3. März 2026") is no event.
const OTHER_EVENT = /\b(?:bestellung|auftrag|lieferung|geliefert|lieferschein|leistung|erbracht|angebot|vertrag|versand|versandt|orders?|delivery|delivered|services?|rendered|supply|supplied|shipped|shipment|quote|quotation|contract|commande|livraison|livr[ée]e?s?|prestations?|r[ée]alis[ée]e?s?|devis|contrat|exp[ée]di[ée]e?s?|exp[ée]dition|bestelling|levering|geleverd|pakbon|offerte|opdracht|overeenkomst|uitgevoerd|verzonden)\b/iu;
export const otherEventLead = (lead: string): boolean => OTHER_EVENT.test(lead);

/**
 * Payment terms that name no number of days or count to a month's end (issue 14 round 8):
 * "zahlbar sofort", "payable upon receipt", "paiement à réception", "direct te betalen" are due
 * on the issue date; "à 30 jours fin de mois", "30 days end of month", "30 Tage nach Monatsende"
 * run to the last day of the month N days after the issue date. Null: no such term.
 */
const ON_RECEIPT = /(zahlbar sofort|sofort (?:zahlbar|fällig|ohne abzug|nach erhalt)|(?:ist|sind|wird|werden) sofort fällig|bei erhalt der rechnung (?:zahlbar|fällig)|(?:payable|due|payment due|paid) (?:up)?on receipt|due immediately|payable immediately|(?:paiement|payable|r[èe]glement|[àa] r[ée]gler) (?:[àa]|d[èe]s) r[ée]ception|(?:direct|onmiddellijk) te betalen|betaling (?:bij|na) ontvangst|te betalen (?:bij|na) ontvangst)/i;
const END_OF_MONTH = /(?:(\d{1,3})\s*(?:jours|days|tage|tagen|dagen)\s*(?:,\s*)?(?:fin de mois|end of (?:the )?month|eom\b|nach monatsende|zum monatsende|na einde (?:van de )?maand|einde maand)|\bnet\s*(\d{1,3})\s*eom\b)/i;

export function relativeTerm(sentence: string): { days: number; endOfMonth: boolean; index: number; raw: string } | null {
  const eom = END_OF_MONTH.exec(sentence);
  if (eom) {
    const days = Number(eom[1] ?? eom[2]);
    if (days >= 0 && days <= 180) return { days, endOfMonth: true, index: eom.index, raw: eom[0] };
  }
  const now = ON_RECEIPT.exec(sentence);
  return now ? { days: 0, endOfMonth: false, index: now.index, raw: now[0] } : null;
}

/** The issue date plus a term's days, to the month's end when the term says so. */
export function dueFromTerm(issue: string, days: number, endOfMonth: boolean): string {
  const d = new Date(`${issue}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  if (endOfMonth) return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).toISOString().slice(0, 10);
  return d.toISOString().slice(0, 10);
}

/**
 * A date of a cash discount ("bei Zahlung bis zum 12.03. 2 % Skonto", "2% discount if paid by …",
 * "escompte … avant le …", "bij betaling vóór … 2% korting"): the discount word stands close to
 * it and no net cue ("netto", "net", "ohne Abzug", "au plus tard") does. Not the due date.
 */
const DISCOUNT_WORD = /(skonto|discount|escompte|korting|sconto|descuento)/i;
const DATE_LIKE = /\d{1,4}[./-]\d{1,2}[./-]\d{2,4}/;
const NET_CUE = /(netto|\bnet\b|ohne abzug|without deduction|au plus tard|uiterlijk|sp[äa]testens|due by|due on|f[äa]llig)/i;
/** "Pas d'escompte", "kein Skonto", "no discount": a discount word that grants none. */
const NO_DISCOUNT = /(pas d['’]escompte|sans escompte|aucun escompte|kein(?:en|e)? skonto|ohne skonto|skonto(?:abzug)? (?:ist )?nicht|no (?:early[- ]payment )?discount|without discount|geen korting|zonder korting)/gi;
export function discountDate(text: string, at: number, length: number): boolean {
  // Same length: the offsets stay valid.
  const sentence = text.replace(NO_DISCOUNT, (m) => ' '.repeat(m.length));
  if (!DISCOUNT_WORD.test(sentence)) return false;
  // This date's own stretch: back to the previous date (or the sentence start), on to the next.
  const before = sentence.slice(0, at).split(DATE_LIKE).pop() ?? '';
  const after = (sentence.slice(at + length).split(DATE_LIKE)[0] ?? '').slice(0, 30);
  if (NET_CUE.test(before) || /^\s*(netto|net)\b/i.test(after)) return false;
  return DISCOUNT_WORD.test(before) || DISCOUNT_WORD.test(after);
}

/**
 * The day order of slash and dash dates that read both ways (03/04/2026 and 03-04-2026 are 3 April
 * in DE, FR, NL, the UK, and March 4 in the US and the Philippines; a dotted date is always day
 * first), cue by cue:
 * - a date on the page that reads only one way (inferDayOrder);
 * - the page's country when it writes the day first (an ABN, a NZ GST number, a Swedish bankgiro…);
 * - an English page priced in US dollars or pesos alone (not a Canadian one): month first;
 * - the upload's locale;
 * - a page that shows a day-first country: a currency other than the dollar, German/French/Dutch
 *   words, VAT (the UK, the EU, most of the Commonwealth; the Philippines print pesos), a dotted
 *   date, an IBAN (no month-first country has one);
 * - an English page whose only country is the US (a state and ZIP code, "USA", amounts in USD): month first.
 * Null: no cue at all; such a date then gives no value (cleanup9: precision over recall; before,
 * it was read day first).
 */
const MONTH_FIRST_MONEY = /(\$\s?\d|\d\s?\$|\bUSD\b|₱|\bPHP\s?\d)/;
const OTHER_MONEY = /(€|£|\bEUR\b|\bGBP\b|\bCHF\b|\bCAD\b|\bAUD\b|\bC\$|\bA\$)/;
const ENGLISH = /\b(invoice|total|amount|due|bill to|payment|date)\b/i;
const NOT_ENGLISH = /(rechnung|datum|betrag|facture|montant|factuur|bedrag|totaal)/i;
/** Canada writes dates both ways: its dollar is no cue for either order. */
const DAY_FIRST_MONEY = /(€|£|\bEUR\b|\bGBP\b|\bCHF\b|\bAUD\b|\bA\$)/;
const VAT = /\bVAT\b/i;
/** Countries that write the day first, as pageCountries names them (Canada writes both ways, Japan and China year first). */
const DAY_FIRST_COUNTRIES = new Set(['AU', 'NZ', 'SG', 'HK', 'MX', 'SE', 'NO', 'DK', 'IS']);
export function documentDayOrder(text: string, locale?: string | null, cues?: CountryCues): DayOrder | null {
  const inferred = inferDayOrder(text);
  if (inferred) return inferred;
  // The page's country (currency16): an Australian ABN or a Swedish bankgiro is a day-first
  // page even when it prices in "$" or prints no other cue; Canada decides nothing.
  const country = pageCountry(text, cues);
  if (country && DAY_FIRST_COUNTRIES.has(country)) return 'dmy';
  if (country !== 'CA' && MONTH_FIRST_MONEY.test(text) && !OTHER_MONEY.test(text) && ENGLISH.test(text) && !NOT_ENGLISH.test(text)) return 'mdy';
  if (locale) return /^en[-_](us|ph)$/i.test(locale) ? 'mdy' : 'dmy';
  // The dearest cues last: they scan the whole text for dates and IBANs.
  const dayFirst = DAY_FIRST_MONEY.test(text) || NOT_ENGLISH.test(text) || VAT.test(text) || findDates(text).some((d) => d.raw.includes('.')) || findIbans(text).some((h) => h.check.status !== 'invalid');
  if (dayFirst) return 'dmy';
  // An English page written in the US (a state and ZIP code, "USA"; currency16), with no day-first cue.
  return country === 'US' && ENGLISH.test(text) ? 'mdy' : null;
}

/** The mark of a date that reads both ways on a page with no cue to the order: selection gives it no value. */
export const ORDER_UNKNOWN = 'date:order-unknown';
export const orderMarks = (d: DateHit, order: DayOrder | null): string[] => (d.ambiguous && !order ? [ORDER_UNKNOWN] : []);

/**
 * A date printed after a document's number ("Rechnung RE-17 vom 12.02.2025", "invoice no. 12
 * dated …", "Avoir AV-9 du …", "factuur 12 van …") dates THAT document (issue 14, `dates17`): it is
 * the issue date only when the number is the document's own, the chosen document number. A credit
 * deducted in an item row ("Gutschrift GS-… vom …"), the invoice a credit note corrects ("zu
 * Rechnung 4711 vom …"), an order or a delivery note name other documents; with no document
 * number chosen, no number is known to be the document's own, so none of these dates counts.
 * Compared without case, spaces and punctuation (the same number printed "RE-17" and "RE 17").
 */
export const AFTER_NUMBER = 'date:after-number';
const numberKey = (n: unknown) => String(n ?? '').toUpperCase().replace(/[^\p{L}\p{N}]/gu, '');
export function ownNumberDates<C extends { transforms: string[]; meta?: Record<string, unknown> }>(cands: C[], documentNumber: unknown): C[] {
  const own = numberKey(documentNumber);
  return cands.filter((c) => !c.transforms.includes(AFTER_NUMBER) || (own !== '' && numberKey(c.meta?.number) === own));
}
