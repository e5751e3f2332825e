// The language a page's first reading is written in, by its common words. The default model
// (German) reads French text but not its accents: "Hôtel" comes back as "Hötel", "Lefèvre" as
// "Lefevre", and a name read so is a wrong value. A page whose words are French is therefore
// read again by the French model. Only languages whose letters the default model lacks are
// re-read: English and Dutch it reads well, and a second reading doubles a page's OCR time.

/** Words frequent on invoices and letters in one language and rare in the others (lower case, accents as the default model reads them). */
const COMMON_WORDS: Record<string, ReadonlySet<string>> = {
  fra: new Set(['le', 'les', 'des', 'du', 'et', 'au', 'aux', 'pour', 'par', 'sur', 'avec', 'une', 'facture', 'avoir', 'tva', 'ttc', 'ht', 'montant', 'échéance', 'echeance', 'règlement', 'reglement', 'siret', 'siren', 'société', 'societe', 'rue', 'cedex', 'paiement', 'désignation', 'designation', 'quantité', 'quantite', 'prix', 'unitaire', 'remise', 'numéro', 'numero', 'à', 'conditions', 'adresse', 'livraison', 'client']),
  deu: new Set(['der', 'die', 'das', 'und', 'für', 'fiir', 'mit', 'von', 'zu', 'den', 'dem', 'ein', 'eine', 'rechnung', 'betrag', 'summe', 'mwst', 'ust', 'straße', 'strasse', 'gmbh', 'zahlbar', 'bitte', 'menge', 'preis', 'gesamt', 'netto', 'brutto', 'datum', 'kunde', 'nummer']),
  eng: new Set(['the', 'and', 'of', 'to', 'for', 'with', 'from', 'invoice', 'amount', 'due', 'bill', 'payment', 'please', 'thank', 'you', 'quantity', 'price', 'description', 'subtotal', 'tax', 'number', 'customer']),
  nld: new Set(['het', 'van', 'een', 'en', 'voor', 'met', 'factuur', 'btw', 'bedrag', 'totaal', 'betalen', 'datum', 'klant']),
  spa: new Set(['el', 'los', 'las', 'y', 'con', 'factura', 'iva', 'fecha', 'importe', 'cliente', 'cantidad']),
  ita: new Set(['il', 'di', 'della', 'per', 'con', 'fattura', 'iva', 'importo', 'data', 'totale', 'cliente', 'quantità']),
};

/** Languages read again by their own model when a page is written in them. */
export const REREAD_LANGUAGES: readonly string[] = ['fra'];

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
