// Values read by OCR that the page itself contradicts (issue 14, third pass). A text layer
// prints a name or heading exactly; OCR may return a name with garbage of a neighbouring cell,
// a letter its model cannot read, or a table heading too garbled to be recognised. Such a
// value is dropped: an empty field is better than a wrong one. Nothing here runs on text layers.
import { below, type EvLine, type Evidence, type Segment } from './evidence.js';
import { SHORT_LEGAL_FORM_END } from './party-shapes.js';
import type { Candidate } from './types.js';

const NAME_FIELDS = new Set(['sender_name', 'recipient_name']);

// Symbols no company or person name is printed with; OCR makes them from specks and rules.
const STRAY = /[|{}[\]<>=_~^*#§¦«»\\]/;
// A quantity with its unit ("1 kg", "5kg", "12 Stk"): an item line, not a name.
const UNIT = /(^|[\s(])\d+([.,]\d+)?\s?(kg|g|mg|mm|cm|km|m2|m²|m3|m³|ml|cl|l|stk|stück|pcs|pc|pce|st)(?=$|[\s).,])/i;
// One token mixing lower-case letters and digits ("ikg(1", "Mu11er"): a misread, not a word.
const MIXED = /(^|\s)(?=\S*[a-zäöüß])(?=\S*\d)\S+/;
// An attention line names a person or department within the party, not the party.
const ATTENTION = /(^|[\s,])(attn\.?|attention|z\.\s?hd\.?|zu händen|c\/o|t\.a\.v\.?|à l['’]attention)(?=$|[\s:,])/i;

/** Why an OCR-read party name cannot be the party's name, or null. */
export function ocrNameDoubt(name: string, frenchPage: boolean): string | null {
  if (STRAY.test(name)) return 'stray-symbol';
  if ((name.match(/\(/g) ?? []).length !== (name.match(/\)/g) ?? []).length) return 'unbalanced-bracket';
  if (UNIT.test(name)) return 'quantity';
  if (MIXED.test(name)) return 'letters-and-digits';
  if (ATTENTION.test(name)) return 'attention-line';
  // The reading model has no French accents: "Hôtel" comes back as "Hötel". On a French
  // page an umlaut in a name is such a substitution as likely as a real one.
  if (frenchPage && /[äöü]/i.test(name)) return 'umlaut-on-french-page';
  return null;
}

const FRENCH = /^(facture|avoir|date|total|montant|ttc|ht|tva|échéance|echeance|paiement|règlement|reglement|de|du|des|le|la|les|à|au|aux|et|pour|par|sur)$/i;
const GERMAN = /^(rechnung|datum|betrag|summe|gesamt|mwst|ust|der|die|das|und|für|fur|zahlbar|bitte|bis|zum|mit|von|nach|netto|brutto)$/i;

/** A page read in French: French words clearly outnumber German ones. */
function frenchPages(ev: Evidence): Set<number> {
  const out = new Set<number>();
  for (const [page, lines] of ev.pages) {
    let fr = 0;
    let de = 0;
    for (const l of lines) {
      for (const w of l.text.split(/[\s:;,.()]+/)) {
        if (FRENCH.test(w)) fr++;
        else if (GERMAN.test(w)) de++;
      }
    }
    if (fr >= 5 && fr > 2 * de) out.add(page);
  }
  return out;
}

/** The candidates without OCR-read party names their page contradicts. */
export function dropDoubtfulOcrNames(all: Candidate[], ev: Evidence): Candidate[] {
  const ocrPages = new Set([...ev.pages].filter(([, lines]) => lines.some((l) => l.positioned && l.source !== 'native' && l.source !== 'text_field')).map(([p]) => p));
  if (!ocrPages.size) return all;
  const french = frenchPages(ev);
  return all.filter((c) => {
    if (!NAME_FIELDS.has(c.field) || typeof c.value !== 'string' || c.source?.page == null || !ocrPages.has(c.source.page)) return true;
    return ocrNameDoubt(c.value, french.has(c.source.page)) === null;
  });
}

const DATE = /^\D{0,3}\d{1,2}[./-]\d{1,2}[./-]\d{2,4}\b/;

/**
 * A date label in a row of three or more cells whose value below starts a column of dates
 * ("Date | Description | Qté …" over one date per item): the item table's date column, even
 * when OCR garbled the other headings ("scription", "tal HT") so they are not recognised.
 */
export function ocrDateColumn(ev: Evidence, labelLine: EvLine, value: Segment | null): boolean {
  if (!value || labelLine.source === 'native' || labelLine.source === 'text_field' || labelLine.segments.length < 3) return false;
  if (!DATE.test(value.text)) return false;
  const next = below(ev, value, 2);
  return Boolean(next && DATE.test(next.text));
}

/**
 * A small-print OCR line with the shape of a return address whose postcode OCR garbled
 * ("Harbour Lane Supplies Ltd - 14 Harbour Lane - Bristol 8sı STY"): three parts or more, the
 * first ending in a legal form, the second with a house number.
 */
export function ocrReturnLine(line: EvLine, parts: string[]): boolean {
  return line.source !== 'native' && line.source !== 'text_field' && parts.length >= 3 && SHORT_LEGAL_FORM_END.test(parts[0]!.trim()) && /\d/.test(parts[1]!);
}
