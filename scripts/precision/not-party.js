// notname26 (issue 14): "this is not a party name at all" — a predicate over an emitted party name and
// the page it was read from (docs/decisions.md, `notname26`). Frozen before the closed rounds were measured.
// It returns the kind of non-name ('label' | 'bank' | 'place') or null:
// - label: the whole value is a key or heading of the engine's own label lists (labels.ts LABELS, any field and
//   language: "Bill To", "Purchaser", "Facturar a", "Bill From"). Role words composed into a key ("Customer Name",
//   "Nom du vendeur", party-evidence.ts headingRole) are not used: on the current engine they are placeholder
//   documents' right names (round 9: "Customer Name", "Buyer Buyer").
// - bank: the value holds a generic bank word ("…bank", "Sparkasse", "banque", "banca", "banco", "credit union",
//   "Kreditinstitut", "caisse d'épargne", "cassa di risparmio", "building society"; no list of banks) and a line
//   printing it on its page has a banking key (IBAN, BIC, account number, Bankverbindung …) on it or within two
//   lines, not a holder key ("Kontoinhaber", "payable to": the holder is a party).
// - place: the value is only a country's name (Intl.DisplayNames, regions of ISO 3166, in en de fr es it nl pt),
//   or only the town of a postcode line printed on its page ("20457 Hamburg", "Leeds LS1 4DY", "Springfield, IL 62704").
const fold = (x) => String(x ?? '').toLowerCase().normalize('NFD').replace(/\p{M}/gu, '').replace(/ß/g, 'ss').replace(/\s+/g, ' ').trim();
const clean = (v) => String(v ?? '').replace(/^[\s"'“”«»(]+|[\s"'“”«»):;,.·•|-]+$/gu, '');

const BANK_WORD = /(?:^|[^\p{L}])(?:\p{L}*bank|bankhaus|sparkassen?|banque|banca|banco|kreditinstitut|credit union|caisse d['’]?[ée]pargne|cassa di risparmio|caja de ahorros|building society)(?![\p{L}])/iu;
const BANKING = /\b(iban|bic|swift|konto(?:nummer|nr)?|account (?:no|number|#)|bankverbindung|bank details|bank account|sort code|routing|blz|rib)\b/i;
const HOLDER = /(konto ?inhaber|kontoinhaberin|account (?:holder|name)|beneficiary|payee|titulaire|b[ée]n[ée]ficiaire|rekeninghouder|ten name van|t\.n\.v\.|intestatario|intestato a|beneficiario|titular|zahlungsempf[äa]nger|payable to|pay to|remit to|payable)/i;

let countries = null;
/** Country names of every ISO 3166 alpha-2 region in seven languages (folded). */
export function countryNames() {
  if (countries) return countries;
  countries = new Set();
  const langs = ['en', 'de', 'fr', 'es', 'it', 'nl', 'pt'];
  const dn = langs.map((l) => new Intl.DisplayNames([l], { type: 'region', fallback: 'none' }));
  const A = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  for (const a of A) for (const b of A) {
    const code = a + b;
    // Private-use and grouping codes (QM–QZ, XA–XZ, AA, ZZ, EU, EZ, UN) are no country.
    if (/^(Q[M-Z]|X[A-Z]|AA|ZZ|EU|EZ|UN)$/.test(code)) continue;
    for (const d of dn) {
      const n = d.of(code);
      if (n && n !== code) countries.add(fold(n));
    }
  }
  return countries;
}

/** The town of a postcode line ("20457 Hamburg", "D-20457 Hamburg", "1012 AB Amsterdam", "Leeds LS1 4DY", "Springfield, IL 62704"), or null. */
export function townOf(text) {
  const t = String(text).trim();
  let m = /^(?:.*,\s*)?(?:[A-Z]{1,2}-)?(?:\d{4,5}|\d{4} ?[A-Z]{2})\s+(\p{L}[\p{L}\s.'()-]*)$/u.exec(t);
  if (m) return m[1];
  m = /^(\p{L}[\p{L}\s.'-]*?),?\s+[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}$/u.exec(t);
  if (m) return m[1];
  m = /^(\p{L}[\p{L}\s.'-]*?),\s+[A-Z]{2}\s+\d{5}(?:-\d{4})?$/u.exec(t);
  return m ? m[1] : null;
}

/**
 * @param value the emitted name
 * @param lines the document's evidence lines ({ index, page, text, segments: [{ text }] })
 * @param page the page the name was read from (null: any page)
 * @param deps { LABELS } from the engine's labels.ts
 */
export function notParty(value, lines, page, deps) {
  const v = clean(value);
  if (!v) return null;
  const fv = fold(v);
  // label
  if (Object.values(deps.LABELS).some((re) => { const m = re.exec(v); return m !== null && m[0].trim().length === v.length; })) return 'label';
  const onPage = lines.filter((l) => page == null || l.page === page);
  // place
  if (countryNames().has(fv)) return 'place';
  for (const l of onPage) for (const s of [l.text, ...(l.segments ?? []).map((x) => x.text)]) {
    const town = townOf(s);
    if (town && fold(town) === fv) return 'place';
  }
  // bank
  if (BANK_WORD.test(v)) {
    const printing = onPage.filter((l) => fold(l.text).includes(fv));
    const near = (l) => onPage.filter((o) => o.page === l.page && Math.abs(o.index - l.index) <= 2);
    if (printing.some((l) => !HOLDER.test(l.text) && near(l).some((o) => BANKING.test(o.text)))) return 'bank';
  }
  return null;
}
