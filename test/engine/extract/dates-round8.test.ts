// Dates and type that hold on any invoice (issue 14, round 8), each rule on a generated page
// (fixtures/datefamily.ts, written before the rules): payment on receipt is due on the issue
// date; "à 30 jours fin de mois" / "30 days end of month" run to the month's end; a cash
// discount's date is not the due date ("pas d'escompte" grants none); "Paiement au plus tard le"
// is a payment instruction; slash dates that read both ways are month first on an English page
// priced in US dollars only; "Facture d’avoir" (typographic apostrophe) titles a credit note; a
// self-billing document (UStG § 14 (2), TypeCode 389) gets no type.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { discountDate, documentDayOrder, dueFromTerm, relativeTerm } from '../../../engine/extract/dates.js';
import { DATE_FAMILIES, generateDateFamilyInvoice, type DateFamily } from './fixtures/datefamily.js';
import { generatedSplit, type Lang } from './fixtures/layouts.js';
import { LETTERHEAD, run, runPages, TITLE, TOTALS, WINDOW, wrongValues } from './fixtures/run.js';

/** The first tuned-split page of a family in a language (and, for slash dates, US or not). */
function page(family: DateFamily, lang: Lang, us?: boolean) {
  for (let i = 0; i < 2000; i++) {
    const g = generateDateFamilyInvoice(i);
    if (g.family === family && g.lang === lang && generatedSplit(g.id) === 'tuned' && (us === undefined || g.id.endsWith('-us') === us)) return g;
  }
  throw new Error(`no tuned ${family}/${lang} page`);
}

describe('dates and type on any invoice (issue 14 round 8)', () => {
  it('payment on receipt ("zahlbar sofort", "upon receipt", "à réception", "bij ontvangst") is due on the issue date', () => {
    for (const lang of ['de', 'en', 'fr', 'nl'] as const) {
      const g = page('onreceipt', lang);
      const r = runPages(g.pages);
      assert.equal(r.fields.payment_due_date.value, g.truth.issue_date, g.id);
    }
    assert.equal(relativeTerm('Der Betrag ist innerhalb von 14 Tagen zu zahlen.'), null);
  });

  it('FR/EN: a term to the end of the month runs to the last day of the month N days after the issue date', () => {
    let checked = 0;
    for (const lang of ['fr', 'en'] as const) {
      for (let i = 0; i < 300; i++) {
        const g = generateDateFamilyInvoice(i);
        if (g.family !== 'termsmonth' || g.lang !== lang || generatedSplit(g.id) !== 'tuned' || !/fin de mois|end of month/.test(g.pages[0]!.text)) continue;
        assert.equal(runPages(g.pages).fields.payment_due_date.value, g.truth.payment_due_date, g.id);
        assert.equal(dueFromTerm(g.truth.payment_due_date!, 1, false).slice(8), '01', `${g.id}: the due date ends its month`);
        checked++;
      }
    }
    assert.ok(checked >= 4, `month-end pages checked: ${checked}`);
    assert.equal(dueFromTerm('2025-01-15', 30, true), '2025-02-28');
    assert.equal(dueFromTerm('2025-01-15', 30, false), '2025-02-14');
  });

  it('a cash discount date is not the due date; the net date beside it is (DE, EN, FR, NL)', () => {
    for (const lang of ['de', 'en', 'fr', 'nl'] as const) {
      const g = page('discount', lang);
      const r = runPages(g.pages);
      assert.equal(r.fields.payment_due_date.value, g.truth.payment_due_date, g.id);
    }
    const s = '2% discount if paid by 12/03/2025. Net amount due by 01/04/2025.';
    assert.equal(discountDate(s, s.indexOf('12/03'), 10), true);
    assert.equal(discountDate(s, s.indexOf('01/04'), 10), false);
  });

  it('FR: "Pas d’escompte" grants no discount; "Paiement au plus tard le …" is a payment instruction', () => {
    const fr = (sentence: string) => run([...LETTERHEAD, ...WINDOW, [360, 160, 9, 'Date de facture: 31/10/2017'], [56, 270, 16, 'Facture'], [330, 420, 10, 'Total HT'], [490, 420, 10, '1.000,00'], [330, 434, 10, 'TVA 20 %'], [495, 434, 10, '200,00'], [330, 448, 10, 'Total TTC'], [490, 448, 10, '1.200,00'], [56, 500, 9, sentence]]);
    assert.equal(fr('Facture à régler le 30/11/2017. Pas d’escompte.').fields.payment_due_date.value, '2017-11-30');
    assert.equal(fr('Paiement au plus tard le 30/11/2017.').fields.payment_due_date.value, '2017-11-30');
  });

  it('EN: slash dates that read both ways are month first on a US-dollar page, day first on a pound page', () => {
    const us = page('slashdates', 'en', true);
    assert.equal(runPages(us.pages).fields.issue_date.value, us.truth.issue_date, us.id);
    const uk = page('slashdates', 'en', false);
    assert.equal(runPages(uk.pages).fields.issue_date.value, uk.truth.issue_date, uk.id);
    assert.equal(documentDayOrder('Invoice date: 03/04/2026  Total $1,200.00'), 'mdy');
    assert.equal(documentDayOrder('Rechnung vom 03/04/2026  Betrag $1.200,00'), 'dmy');
    assert.equal(documentDayOrder('Invoice date: 03/04/2026  Total $1,200.00', 'de-DE'), 'mdy');
  });

  it('FR: "Facture d’avoir" with a typographic apostrophe titles a credit note', () => {
    const r = run([...LETTERHEAD, ...WINDOW, [360, 160, 9, 'N° de facture: AV-2025-3'], [360, 173, 9, 'Date: 12/03/2025'], [56, 270, 16, 'Facture d’avoir AV-2025-3'], [330, 420, 10, 'Total HT'], [490, 420, 10, '500,00'], [330, 434, 10, 'TVA 20 %'], [495, 434, 10, '100,00'], [330, 448, 10, 'Total TTC'], [490, 448, 10, '600,00']]);
    assert.equal(r.fields.type.value, 'credit-note');
  });

  it('a self-billing document titled with a credit-note word (§ 14 Abs. 2 UStG, self-billing, autofacturation, zelffacturering) gets no type', () => {
    for (const lang of ['de', 'en', 'fr', 'nl'] as const) {
      const g = page('selfbilling', lang);
      const r = runPages(g.pages);
      assert.equal(r.fields.type.value, null, g.id);
      assert.ok(r.reasons.includes('type_self_billing'), g.id);
      assert.equal(r.fields.gross_amount.value, g.truth.gross_amount, g.id);
    }
    // The same credit note without the self-billing statement keeps its type.
    const cn = run([...LETTERHEAD, ...WINDOW, [360, 160, 9, 'Datum: 12.02.2025'], [56, 270, 16, 'Gutschrift GS-2025-4'], ...TOTALS]);
    assert.equal(cn.fields.type.value, 'credit-note');
  });

  it('the family: no wrong type, date or gross on its tuned pages; every family in every language', () => {
    const wrong: string[] = [];
    const seen = new Set<string>();
    let dues = 0;
    for (let i = 0; i < DATE_FAMILIES.length * 4 * 4; i++) {
      const g = generateDateFamilyInvoice(i);
      seen.add(`${g.family}-${g.lang}`);
      if (generatedSplit(g.id) !== 'tuned') continue;
      const r = runPages(g.pages);
      wrong.push(...wrongValues(g.id, r, g.truth));
      if (g.truth.payment_due_date && r.fields.payment_due_date.value === g.truth.payment_due_date) dues++;
    }
    assert.deepEqual(wrong, []);
    assert.equal(seen.size, DATE_FAMILIES.length * 4);
    assert.ok(dues >= 50, `due dates read: ${dues}`);
    // The German page parts of run.ts still read as before.
    assert.equal(run([...LETTERHEAD, ...WINDOW, ...TITLE, [360, 173, 9, 'Rechnungsdatum: 12.02.2025'], ...TOTALS]).fields.issue_date.value, '2025-02-12');
  });
});
