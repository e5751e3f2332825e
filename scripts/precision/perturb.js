// Perturbed readings for the precision development set (issue 14, `prec13`; docs/decisions.md
// "precision from a development set of wrong values"). The tuned documents are almost never read
// wrong, so a policy that abstains cannot be chosen on them. Each perturbation below changes a read
// document the way an unseen layout does — a missing label, labels in a language the rules do not
// know, a second value of the field, the value itself not printed, the page broken elsewhere — so the
// extractor emits wrong values that were not fitted, and the cues it had for them can be recorded.
// Only openable documents are ever perturbed (scripts/eval-generic.js skips held-out and unseen ones).
//
// A perturbation works on the read pages (words, lines, text) and returns new pages and a new truth;
// `target` is the field it aimed at (a field chosen per document by a hash of its id, so runs repeat).
import { createHash } from 'node:crypto';

export const PERTURBATIONS = ['blank', 'nolabel', 'foreign', 'rival', 'split'];

/** Fields a perturbation can aim at (those printed as one value on the page). */
const TARGETS = ['document_number', 'issue_date', 'payment_due_date', 'sender_name', 'sender_vat_number', 'recipient_name', 'net_amount', 'gross_amount', 'tax_total', 'iban', 'bic', 'payment_reference'];
const squash = (x) => String(x).toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');

/** The document's target field: the `round`-th printed truth field after a rotation by its id's hash. */
export function targetField(id, truth, round, printedIn) {
  const fields = TARGETS.filter((f) => truth[f] !== null && truth[f] !== undefined && truth[f] !== '' && printedIn(f, truth[f]));
  if (!fields.length) return null;
  const h = createHash('sha256').update(id).digest().readUInt32BE(0);
  return fields[(h + round) % fields.length];
}

function clonePages(pages) {
  return pages.map((p) => ({ ...p, words: p.words.map((w) => ({ ...w, bbox: { ...w.bbox } })), lines: p.lines.map((l) => ({ ...l, bbox: { ...l.bbox }, words: [...l.words] })) }));
}

/** Rebuilds lines' text and the page text after words were dropped or changed (`keep(word index)`). */
function rebuild(page, keep = () => true) {
  const map = new Map();
  const words = [];
  page.words.forEach((w, i) => {
    if (!keep(i) || !w.text) return;
    map.set(i, words.length);
    words.push(w);
  });
  const lines = page.lines
    .map((l) => ({ ...l, words: l.words.filter((i) => map.has(i)).map((i) => map.get(i)) }))
    .filter((l) => l.words.length)
    .map((l) => ({ ...l, text: l.words.map((i) => words[i].text).join(' ') }));
  return { ...page, words, lines, text: lines.map((l) => l.text).join('\n') };
}

const lineText = (page, l) => l.words.map((i) => page.words[i].text).join(' ');

/** Word indexes of a line that make up a printed value of `field` (amounts and dates: one word; names: their words). */
function valueWords(page, l, field, v, printed) {
  const whole = squash(v);
  return l.words.filter((i) => {
    const t = page.words[i].text;
    if (printed(field, v, t)) return true;
    if (/amount|total|_date$/.test(field)) return false;
    const s = squash(t);
    return s.length >= 2 && whole.includes(s);
  });
}

/** The value of `field` is not printed any more: every printed occurrence is taken off the page. The truth becomes null. */
function blank(pages, truth, field, printed) {
  const out = pages.map((p) => {
    const drop = new Set();
    for (const l of p.lines) if (printed(field, truth[field], lineText(p, l))) for (const i of valueWords(p, l, field, truth[field], printed)) drop.add(i);
    return rebuild(p, (i) => !drop.has(i));
  });
  // A value still printed (spread over words the cut did not find) cannot be blanked: not scored.
  if (printed(field, truth[field], out.map((p) => p.text).join('\n'))) return null;
  return { pages: out, truth: { ...truth, [field]: null } };
}

/** The label of the value is gone: the other words of its line, or the short caption line above it. */
function nolabel(pages, truth, field, printed) {
  let changed = false;
  const out = pages.map((p) => {
    const drop = new Set();
    p.lines.forEach((l, k) => {
      if (!printed(field, truth[field], lineText(p, l))) return;
      const value = new Set(valueWords(p, l, field, truth[field], printed));
      const rest = l.words.filter((i) => !value.has(i));
      if (rest.length) for (const i of rest) drop.add(i);
      else {
        // A caption above the value: the nearest line above, short and without digits.
        const above = p.lines.filter((o) => o.bbox.y < l.bbox.y && o.bbox.x < l.bbox.x + l.bbox.w && o.bbox.x + o.bbox.w > l.bbox.x).sort((a, b) => b.bbox.y - a.bbox.y)[0];
        if (above && above.words.length <= 4 && !/\d/.test(lineText(p, above))) for (const i of above.words) drop.add(i);
      }
    });
    if (drop.size) changed = true;
    return rebuild(p, (i) => !drop.has(i));
  });
  return changed ? { pages: out, truth } : null;
}

// Label words of the languages the rules know, replaced by Polish / Swedish ones they do not know.
const FOREIGN = new Map(Object.entries({
  rechnung: 'faktura', invoice: 'faktura', facture: 'faktura', factuur: 'faktura', fattura: 'faktura', factura: 'faktura',
  rechnungsnummer: 'fakturanr', 'rechnungs-nr': 'fakturanr', 'rechnungs-nr.': 'fakturanr', rechnungsnr: 'fakturanr', 'rechnungsnr.': 'fakturanr', factuurnummer: 'fakturanr',
  number: 'numer', nummer: 'numer', 'nr.': 'numer', nr: 'numer', 'no.': 'numer', no: 'numer', numéro: 'numer', 'n°': 'numer',
  rechnungsdatum: 'fakturadatum', datum: 'dag', date: 'dag', factuurdatum: 'fakturadatum', belegdatum: 'fakturadatum',
  fällig: 'förfaller', 'fällig:': 'förfaller', due: 'förfaller', échéance: 'förfaller', vervaldatum: 'förfallodag', zahlbar: 'betalas', 'zahlungsziel': 'betalningsvillkor',
  netto: 'exkl', nettobetrag: 'exkl', net: 'exkl', subtotal: 'delsumma', 'zwischensumme': 'delsumma', ht: 'exkl',
  mwst: 'moms', 'mwst.': 'moms', ust: 'moms', 'ust.': 'moms', umsatzsteuer: 'moms', mehrwertsteuer: 'moms', vat: 'moms', tva: 'moms', btw: 'moms', iva: 'moms', tax: 'moms',
  gesamt: 'att', gesamtbetrag: 'att betala', summe: 'summa', total: 'summa', brutto: 'inkl', bruttobetrag: 'inkl', totaal: 'summa', ttc: 'inkl', endbetrag: 'att betala', 'rechnungsbetrag': 'att betala',
  'ust-idnr.': 'momsreg', 'ust-idnr': 'momsreg', 'ust-id': 'momsreg', 'ust-id-nr.': 'momsreg', 'steuernummer': 'orgnr', 'vat-id': 'momsreg', 'btw-nummer': 'momsreg',
  kunde: 'nabywca', kundennummer: 'kundnr', customer: 'nabywca', client: 'nabywca', klant: 'nabywca', empfänger: 'nabywca',
  iban: 'konto', 'iban:': 'konto', bic: 'swift', 'bic:': 'swift', verwendungszweck: 'meddelande', referenz: 'meddelande', reference: 'meddelande', référence: 'meddelande',
}));

/** Labels in a language the rules do not read: every known label word replaced (value words kept). */
function foreign(pages, truth) {
  let changed = 0;
  const out = pages.map((p) => {
    const words = p.words.map((w) => {
      const m = /^(.*?)([:#]?)$/.exec(w.text);
      const rep = FOREIGN.get(m[1].toLowerCase());
      if (!rep) return w;
      changed++;
      return { ...w, text: `${rep}${m[2]}` };
    });
    return rebuild({ ...p, words });
  });
  return changed ? { pages: out, truth } : null;
}

/** Another value of the same shape: the first digit run's last digit moved by one (dates stay valid). */
function shifted(text) {
  return text.replace(/\d+/, (run) => {
    const last = Number(run.at(-1));
    return run.slice(0, -1) + String(last === 9 || last === 0 ? (last === 9 ? 8 : 1) : last + 1);
  });
}

/** A second, as strong value of the field: its line printed again at the page's foot with another value. */
function rival(pages, truth, field, printed) {
  const at = pages.findIndex((p) => p.lines.some((l) => printed(field, truth[field], lineText(p, l))));
  if (at < 0 || /name$/.test(field)) return null;
  const p = pages[at];
  const l = p.lines.find((x) => printed(field, truth[field], lineText(p, x)));
  const value = new Set(valueWords(p, l, field, truth[field], printed));
  if (!value.size) return null;
  const dy = p.height - 30 - l.bbox.y;
  const words = [...p.words];
  const added = l.words.map((i) => {
    const w = p.words[i];
    words.push({ ...w, text: value.has(i) ? shifted(w.text) : w.text, bbox: { ...w.bbox, y: w.bbox.y + dy } });
    return words.length - 1;
  });
  if (added.every((i, k) => words[i].text === p.words[l.words[k]].text)) return null;
  const line = { ...l, bbox: { ...l.bbox, y: l.bbox.y + dy }, words: added };
  const out = [...pages];
  out[at] = rebuild({ ...p, words, lines: [...p.lines, line] });
  return { pages: out, truth };
}

/** The first page broken at 55 % of its height: its lower part becomes a page of its own. */
function split(pages, truth) {
  const [first, ...rest] = pages;
  const cut = first.height * 0.55;
  const below = new Set(first.lines.filter((l) => l.bbox.y >= cut).flatMap((l) => l.words));
  if (!below.size || below.size === first.words.length) return null;
  const top = rebuild(first, (i) => !below.has(i));
  const lower = rebuild({ ...first, words: first.words.map((w) => ({ ...w, bbox: { ...w.bbox, y: w.bbox.y - cut } })) }, (i) => below.has(i));
  const renumber = (p, n) => ({ ...p, page: n });
  return { pages: [top, renumber(lower, first.page + 1), ...rest.map((p) => renumber(p, p.page + 1))], truth };
}

/**
 * One perturbed variant of a read document: { pages, truth, target } or null when the perturbation
 * does not apply (nothing to change). `printed(field, value, text)` is the eval's own check.
 */
export function perturb(kind, id, pages, truth, printed, round = 0) {
  const text = pages.map((p) => p.text).join('\n');
  const field = targetField(id, truth, round, (f, v) => printed(f, v, text));
  const copy = clonePages(pages);
  let r = null;
  if (kind === 'foreign') r = foreign(copy, truth);
  else if (kind === 'split') r = split(copy, truth);
  else if (field && kind === 'blank') r = blank(copy, truth, field, printed);
  else if (field && kind === 'nolabel') r = nolabel(copy, truth, field, printed);
  else if (field && kind === 'rival') r = rival(copy, truth, field, printed);
  return r && { ...r, target: kind === 'foreign' || kind === 'split' ? null : field };
}
