// Shapes of party-block lines that several party rules test (the block walk, companyAbove, the
// label value's name, the return-address and footer party lines, the agreement checks): one
// definition each, so the rules cannot drift apart.
import type { EvLine, Evidence, Segment } from './evidence.js';

/** "20457", "D-20457", "1012 AB": German/French/Belgian/Swiss/Austrian and Dutch postcodes. */
const CONTINENTAL = String.raw`\d{4,5}|\d{4} ?[A-Z]{2}`;
/** "BS1 4DJ", "EC1A 1BB": UK postcodes. */
const UK = String.raw`[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}`;
/** Any of them, with a country prefix ("D-20457"). */
const POSTCODE = String.raw`(?:[A-Z]{1,2}-)?(?:${CONTINENTAL}|${UK})`;
/** A town's name: letters, spaces, dots, apostrophes, hyphens ("Saint-Avertin", "St. Gallen"). */
const TOWN_NAME = String.raw`\p{L}[\p{L}\s.'-]*`;

/** A line that starts with a postcode and a town ("37550 Saint-Avertin", "BS1 4DJ Bristol"). */
export const POSTCODE_TOWN = new RegExp(`^${POSTCODE}\\s+\\p{L}`, 'u');
/** Variant: the whole line is the postcode and the town's words, nothing after them. */
export const POSTCODE_TOWN_ONLY = new RegExp(`^${POSTCODE}\\s+${TOWN_NAME}$`, 'u');
/**
 * A town line of the address window, in the order each country prints it: postcode first
 * ("20457 Hamburg", "D-20457 Hamburg", "1012 AB Amsterdam", "06108 Halle (Saale)"), the town
 * before a UK postcode ("Leeds LS1 4DY"), or the town, a US state and its ZIP ("Springfield, IL 62704").
 */
export const TOWN_LINE = new RegExp(String.raw`^(?:(?:[A-Z]{1,2}-)?(?:${CONTINENTAL})\s+\p{L}[\p{L}\s.'()-]*|${TOWN_NAME},?\s+${UK}|${TOWN_NAME},\s+[A-Z]{2}\s+\d{5}(?:-\d{4})?)$`, 'u');
/** A part of a one-line address that ends in a town: "Energieweg 12, 8071 DE Nunspeet", "Leeds LS1 4DY". */
export const ENDS_IN_TOWN = new RegExp(String.raw`(?:^|,\s*)(?:(?:[A-Z]{1,2}-)?(?:${CONTINENTAL})\s+${TOWN_NAME}|${TOWN_NAME}\s+${UK})$`, 'u');
/** A postcode anywhere in a line ("Acme GmbH · Hafenweg 12 · 20457 Hamburg"). */
export const POSTCODE_IN_LINE = new RegExp(`\\b${POSTCODE}\\b`);
/**
 * A name with its whole address on one line ("Max Mustermann Musterstraße 456 54321 Hamburg", "Jan Smit Kerkstraat 5 1011
 * AB Amsterdam"; fold28e): the name, then a street — a street word and a house number — and a postcode and town.
 */
const STREET = String.raw`(?:\p{L}+(?:stra(?:ß|ss)e|str\.|weg|gasse|platz|allee|damm|ring|ufer|straat|laan|plein|gracht|kade)|(?:rue|avenue|boulevard|chemin|via|viale|calle|avenida|rua)\s[\p{L}\s'-]+?|\p{L}+\s(?:street|st\.|road|rd\.|lane|avenue|drive))\s\d+[a-z]?,?`;
const NAME_THEN_ADDRESS = new RegExp(String.raw`^(.+?)\s+${STREET}\s+${POSTCODE}\s+\p{L}`, 'iu');
/** The name of a one-line "name, street, postcode town" cell; null when the cell is not one. */
export function nameBeforeAddress(text: string): string | null {
  return NAME_THEN_ADDRESS.exec(text.trim())?.[1] ?? null;
}
/** A post-office box instead of a street and postcode. */
export const PO_BOX = /postfach|p\.?\s?o\.? box|boîte postale|postbus|casella postale|apartado/i;

/**
 * A line that prints a party's identifier (VAT id, tax or register number, GLN), not its name or
 * address: "USt-IdNr.: DE…", "UStIdNr", "GLN 4000001000005", "SIRET 123 456 789 00012". The word
 * stands alone or runs into "Id"/"Nr"/"No"; "Vattenfall" and "Idea Ltd" are names.
 */
export const IDENTIFIER_LINE = /^(?:gln|iln|id|ust|vat|tax|steuer|siret|siren|tva|btw)(?:\b|(?=-?(?:id|nr|no)))/i;

/**
 * A party's VAT or tax id printed between its name and its street ("Erika Mustermann / VAT ID: DE837566332 /
 * Musterallee 1 / 12345 Musterstadt"; stacked32): a line of the block, passed over, not a heading that ends it. Only
 * with the id's digits on the line and a name line (`isName`) right above it.
 */
export function idLineInBlock(line: Segment, above: Segment | undefined, isName: (text: string) => boolean): boolean {
  return IDENTIFIER_LINE.test(line.text.trim()) && /\d{5}/.test(line.text.replace(/\s/g, '')) && above !== undefined && isName(above.text);
}

/**
 * A contact row of a letterhead or a footer: "Tel.", "Telefon", "Telefax", "Fax", "Mobil(e)",
 * "E-Mail", "Web", "Internet", a VAT or tax id ("USt-IdNr.", "UStIdNr", "Steuernummer", "VAT"),
 * or an e-mail or web address anywhere in it. The word stands alone or runs into "Id"/"Nr"/"No"/
 * "nummer" (as IDENTIFIER_LINE): "Fontane", "Mailand", "Vattenfall" are names.
 */
/** A contact row: keyed by its kind ("Tel.", "E-Mail", "TVA"), an address on the web, or an international telephone number alone ("+33 1 01 12 34 56"; french29). */
export const CONTACT_ROW = /^(?:tel(?:efon|efax)?|tél(?:éphone)?|phone|fon|fax|mobile?|e-?mail|mail|web|www\.|internet|ust|vat|tva|btw|steuer)(?:\b|(?=-?(?:id|nr|no|nummer)))|@|www\.|^\+\d(?=(?:[\s()./-]*\d){7})[\d\s()./-]+$/i;

/** A country's name alone, in English or its own language: a town line's second part (fold12b), an address's last line (french29). */
export const COUNTRY_NAME = /^(?:japan|china|germany|deutschland|france|austria|österreich|switzerland|schweiz|suisse|svizzera|(?:the )?netherlands|nederland|belgium|belgique|belgië|belgien|italy|italia|spain|españa|portugal|poland|polska|czech republic|czechia|česko|sweden|sverige|norway|norge|denmark|danmark|finland|suomi|ireland|united kingdom|uk|great britain|england|scotland|wales|usa|u\.s\.a\.?|united states(?: of america)?|canada|mexico|méxico|australia|new zealand|singapore|hong kong|india|south korea|korea|taiwan|brazil|brasil|luxembourg|luxemburg|greece|turkey|türkiye)\.?$/iu;

/** A contact row keyed by one letter, as modern letterheads print them ("T: +43 1 234", "E: office@…", "W: www…"; fold11). */
export const LETTER_KEYED_CONTACT = /^[TFEMW]:\s*[+\d(a-z]/i;

/**
 * Legal forms that no postcode or house-number line is made of: narrower than candidates.ts's
 * LEGAL_FORM on purpose ("AB" / "AS" there are Dutch postcode letters).
 */
const SHORT_LEGAL_FORMS = String.raw`gmbh|mbh|ag|kg|ohg|ug|e\.\s?k\.?|ltd|limited|llc|inc|plc|sarl|sas|sa|b\.?v\.?|n\.?v\.?|vof|srl|spa`;
export const SHORT_LEGAL_FORM = new RegExp(`\\b(?:${SHORT_LEGAL_FORMS})(?![\\p{L}\\p{N}])`, 'iu');
/** Variant: the legal form ends the text (the name part of a return-address line). */
export const SHORT_LEGAL_FORM_END = new RegExp(`\\b(?:${SHORT_LEGAL_FORMS})\\.?$`, 'i');

/** The names of the web and mail domains a document prints ("www.acme-tools.de", "info@acme.fr" → "acmetools", "acme"). */
export function domainsOf(ev: Evidence): string[] {
  const out = new Set<string>();
  for (const l of ev.lines) for (const m of l.text.matchAll(/(?:www\.|@|https?:\/\/(?:www\.)?)([a-z0-9-]+)\.[a-z]{2,}/gi)) out.add(m[1]!.toLowerCase().replace(/-/g, ''));
  return [...out];
}

/** A key that names the company in a block of keyed lines ("Firma:", "Company:"; recall20): that line names the party, not the contact person's line above it. */
const COMPANY_KEY = /^(firma|unternehmen|company|company name|société|entreprise|bedrijf|azienda|empresa)\s*:$/i;
/** The cell stands right of a company key on its line ("Firma: | … GmbH"). */
export const keyedAsCompany = (line: EvLine | undefined, cell: Segment): boolean => Boolean(line?.segments.some((o) => o !== cell && o.bbox.x < cell.bbox.x && COMPANY_KEY.test(o.text.trim())));

/** A department line of the addressee ("Abteilung Ankauf", "- Abteilung Ankauf -", "Department Purchasing"; fold18): a part of the party, not its name. */
export const DEPARTMENT_LINE = /^[-–—\s]*(?:abteilung|department|dept\.|afdeling)\s+\p{L}/iu;

/**
 * A block that opens with a department line ("Hinkelsteininvest SE", a blank line, "- Abteilung Ankauf -",
 * street, town; a LaTeX letter, fold18): the line over it, in the block's size, without digits, is the
 * addressee's name, set further above than the block's line spacing. `above` is the nearest line over the
 * department line in its column (the caller's reach: two and a half line heights).
 */
export function nameOverDepartment(first: Segment, above: Segment | undefined): Segment | null {
  if (!above || !DEPARTMENT_LINE.test(first.text)) return null;
  if (above.bbox.h < first.bbox.h * 0.85 || /\d/.test(above.text) || /:\s*$/.test(above.text)) return null;
  return above;
}

/**
 * A block on the left (its town line starts left of 45 % of the page) with a second unlabelled address block on the same
 * rows, right of the page's middle: on `town`'s row a postcode and town, on `nameLine`'s row a line of letters. One block
 * is then the sender's and one the recipient's, and nothing printed says which (fold28d: "Sal E. S. Guru · 66666
 * Salesheaven" beside "John Doe · 12345 Faketown").
 */
export function twinBlockRight(town: EvLine, townSeg: Segment, nameLine: EvLine): boolean {
  const right = (l: EvLine) => l.segments.filter((o) => o !== townSeg && o.bbox.x > l.pageWidth * 0.5);
  return townSeg.bbox.x < town.pageWidth * 0.45 && nameLine !== town && right(town).some((o) => POSTCODE_TOWN.test(o.text.trim()) || TOWN_LINE.test(o.text.trim())) && right(nameLine).some((o) => /\p{L}{2}/u.test(o.text) && !/[\d:]/.test(o.text));
}
