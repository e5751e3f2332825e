// The language a page's first reading is written in, by its common words. The default model
// (German) reads French text but not its accents: "Hôtel" comes back as "Hötel", "Lefèvre" as
// "Lefevre", and a name read so is a wrong value. A page whose words are French is therefore
// read once more by the French model, and its words take their accents from that reading
// (accentsFrom); numbers and layout stay the first reading's. So are Spanish, Italian, Portuguese,
// Polish and Czech pages by their own models ("Ibáñez", "Nový", "Dróżdż"; accents5). Only languages
// whose letters the default model lacks get that pass: English and Dutch it reads well, and each
// pass costs time.

import type { BBox, Word } from '../formats/model.js';

/** Words frequent on invoices and letters in one language and rare in the others (lower case, accents as the default model reads them). */
const COMMON_WORDS: Record<string, ReadonlySet<string>> = {
  fra: new Set(['le', 'les', 'des', 'du', 'et', 'au', 'aux', 'pour', 'par', 'sur', 'avec', 'une', 'facture', 'avoir', 'tva', 'ttc', 'ht', 'montant', 'échéance', 'echeance', 'règlement', 'reglement', 'siret', 'siren', 'société', 'societe', 'rue', 'cedex', 'paiement', 'désignation', 'designation', 'quantité', 'quantite', 'prix', 'unitaire', 'remise', 'numéro', 'numero', 'à', 'conditions', 'adresse', 'livraison', 'client']),
  deu: new Set(['der', 'die', 'das', 'und', 'für', 'fiir', 'mit', 'von', 'zu', 'den', 'dem', 'ein', 'eine', 'rechnung', 'betrag', 'summe', 'mwst', 'ust', 'straße', 'strasse', 'gmbh', 'zahlbar', 'bitte', 'menge', 'preis', 'gesamt', 'netto', 'brutto', 'datum', 'kunde', 'nummer']),
  eng: new Set(['the', 'and', 'of', 'to', 'for', 'with', 'from', 'invoice', 'amount', 'due', 'bill', 'payment', 'please', 'thank', 'you', 'quantity', 'price', 'description', 'subtotal', 'tax', 'number', 'customer']),
  nld: new Set(['het', 'van', 'een', 'en', 'voor', 'met', 'factuur', 'btw', 'bedrag', 'totaal', 'betalen', 'datum', 'klant']),
  spa: new Set(['el', 'los', 'las', 'del', 'con', 'para', 'factura', 'iva', 'fecha', 'importe', 'cliente', 'cantidad', 'precio', 'descripción', 'descripcion', 'imponible', 'vencimiento', 'pago', 'forma', 'cuenta', 'dirección', 'direccion', 'teléfono', 'telefono']),
  ita: new Set(['il', 'di', 'della', 'delle', 'dei', 'per', 'con', 'fattura', 'iva', 'importo', 'data', 'totale', 'cliente', 'quantità', 'quantita', 'prezzo', 'descrizione', 'imponibile', 'pagamento', 'scadenza', 'bonifico', 'partita', 'codice', 'fiscale', 'documento']),
  // Portuguese, Polish and Czech (accents5): as the German model reads them, so also without their accents.
  por: new Set(['da', 'do', 'das', 'dos', 'em', 'fatura', 'emissão', 'emissao', 'descrição', 'descricao', 'quantidade', 'preço', 'preco', 'valor', 'sem', 'com', 'até', 'ate', 'vencimento', 'serviços', 'servicos', 'contribuinte']),
  pol: new Set(['faktura', 'vat', 'nr', 'data', 'wystawienia', 'sprzedaży', 'sprzedazy', 'sprzedawca', 'nabywca', 'nip', 'nazwa', 'ilość', 'ilosc', 'cena', 'wartość', 'wartosc', 'stawka', 'kwota', 'razem', 'zapłaty', 'zaplaty', 'termin', 'płatności', 'platnosci', 'sposób', 'sposob', 'przelew', 'ul']),
  ces: new Set(['faktura', 'daňový', 'danovy', 'doklad', 'číslo', 'cislo', 'dodavatel', 'odběratel', 'odberatel', 'ičo', 'ico', 'dič', 'dic', 'vystavení', 'vystaveni', 'splatnosti', 'položka', 'polozka', 'množství', 'mnozstvi', 'celkem', 'bez', 'dph', 'úhradě', 'uhrade', 'účet', 'ucet', 'platba']),
};

/** Languages read again by their own model when a page is written in them. */
export const REREAD_LANGUAGES: readonly string[] = ['fra', 'spa', 'ita', 'por', 'pol', 'ces'];

/** Fewest common words of a language that make a page that language's (a title and an address are not enough). */
const MIN_WORDS = 6;

/**
 * The language of `words` among COMMON_WORDS: the one with at least MIN_WORDS common words and
 * twice as many as any other; null when no language stands out so (a bilingual page stays
 * with the default model).
 */
export function pageLanguage(words: readonly string[]): string | null {
  const counts = new Map<string, number>();
  for (const raw of words) {
    const w = raw.toLowerCase().replace(/^[^\p{L}]+|[^\p{L}]+$/gu, '');
    if (!w) continue;
    for (const [code, set] of Object.entries(COMMON_WORDS)) if (set.has(w)) counts.set(code, (counts.get(code) ?? 0) + 1);
  }
  const ranked = [...counts].sort((a, b) => b[1] - a[1]);
  const [top, second] = ranked;
  if (!top || top[1] < MIN_WORDS || (second && top[1] < second[1] * 2)) return null;
  return top[0];
}

/** A word's letters without their diacritics, lower case ("Hôtel", "Hötel" → "hotel"). */
const baseLetters = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** Accented letters the default (German) model reads itself: where either reading has one and they differ, the two models disagree. */
const DEFAULT_MODEL_LETTERS = new Set(['ä', 'ö', 'ü']);

/**
 * Whether `own`, the own-language model's reading of a word, is `first` with its accents: the same
 * letters but for diacritics ("Hötel" → "Hôtel", "Lefevre" → "Lefèvre"), or an accented letter the
 * default model lacks where the first reading has a symbol or another letter ("Ech&ance" → "Échéance",
 * "Pfibram" → "Příbram"). Words with digits never qualify: the French model drops the point of
 * "9.41$", the default model reads numbers well.
 */
function accentedTwin(first: string, own: string): boolean {
  if (first === own || /\d/.test(first) || /\d/.test(own)) return false;
  const a = [...first];
  const b = [...own];
  if (a.length !== b.length) return false;
  return a.every((c, i) => {
    const o = b[i]!;
    if (baseLetters(c) === baseLetters(o)) return true;
    // An accented letter the default model does not have ("ř", "í", "č", "ň") comes back as another letter or a
    // symbol ("Pfibram", "vystavenf", "Eislo", "daMovy"): the own model's letter stands there (accents5).
    return !/\p{N}/u.test(c) && !DEFAULT_MODEL_LETTERS.has(c.toLowerCase()) && /\p{L}/u.test(o) && baseLetters(o) !== o.toLowerCase() && !DEFAULT_MODEL_LETTERS.has(o.toLowerCase());
  });
}

type ReadWord = Pick<Word, 'text' | 'bbox'>;

/** Intersection over union of two boxes. */
function overlap(a: BBox, b: BBox): number {
  const w = Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y);
  if (w <= 0 || h <= 0) return 0;
  return (w * h) / (a.w * a.h + b.w * b.h - w * h);
}

/**
 * The first reading's words with the accents of the own-language reading: each word takes the text of
 * the own reading's word on the same place (boxes overlapping by half) when that is its accented twin.
 * Everything else — words, boxes, lines, order, confidences — stays the first reading's, which the
 * extraction rules were measured on. Returns the indexes of the words that changed.
 */
export function accentsFrom(first: readonly ReadWord[], own: readonly ReadWord[]): Array<{ index: number; text: string }> {
  const changes: Array<{ index: number; text: string }> = [];
  first.forEach((w, index) => {
    const twin = own.find((o) => overlap(w.bbox, o.bbox) >= 0.5);
    if (twin && accentedTwin(w.text, twin.text)) changes.push({ index, text: twin.text });
  });
  return changes;
}
