// Generic rules on invoices of layouts the rules were not written for: generated in four
// languages with the party blocks, totals and payment terms in varying places. The due date
// comes from a relative payment term ("zahlbar innerhalb 14 Tagen") and the issue date; a
// cash-discount period is not the due date; a term that is not about payment is ignored.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { paymentTermDays } from '../../../engine/extract/candidates.js';
import { pageFromLines } from '../../helpers/invoice-fixtures.js';
import { runPages, totalsBlock } from './fixtures/run.js';

type Lang = 'de' | 'en' | 'fr' | 'nl';
const WORDS: Record<Lang, { title: string; no: string; date: string; net: string; tax: string; gross: string; vat: string }> = {
  de: { title: 'Rechnung', no: 'Rechnungsnummer:', date: 'Rechnungsdatum:', net: 'Nettobetrag', tax: 'Umsatzsteuer 19 %', gross: 'Gesamtbetrag', vat: 'USt-IdNr.' },
  en: { title: 'Invoice', no: 'Invoice number:', date: 'Invoice date:', net: 'Subtotal', tax: 'VAT 19 %', gross: 'Total amount due', vat: 'VAT no.' },
  fr: { title: 'Facture', no: 'Numéro de facture :', date: 'Date de facture :', net: 'Total HT', tax: 'TVA 19 %', gross: 'Total TTC', vat: 'N° TVA' },
  nl: { title: 'Factuur', no: 'Factuurnummer:', date: 'Factuurdatum:', net: 'Subtotaal', tax: 'BTW 19 %', gross: 'Totaal incl. btw', vat: 'BTW-nummer' },
};
const DATE: Record<Lang, string> = { de: '12.02.2025', en: '12/02/2025', fr: '12/02/2025', nl: '12-02-2025' };
const AMOUNT = (lang: Lang, v: string) => (lang === 'en' ? v : v.replace(',', '#').replace('.', ',').replace('#', '.'));

/** One invoice; `variant` moves the sender block, the meta block and the totals. */
function invoice(lang: Lang, variant: number, terms: string, credit?: { title: string }): ReturnType<typeof pageFromLines> {
  const w = WORDS[lang];
  // A credit note printed with minus signs throughout.
  const m = (v: string) => (credit ? '-' : '') + AMOUNT(lang, v);
  const right = variant % 2 === 1;
  const y0 = 60 + (variant % 3) * 20;
  const lines: Array<[number, number, number, string]> = [
    [right ? 360 : 60, y0, 14, 'Nordlicht Technik GmbH'],
    [right ? 360 : 60, y0 + 16, 9, 'Hafenweg 12, 20457 Hamburg'],
    [60, 170, 8, 'Nordlicht Technik GmbH · Hafenweg 12 · 20457 Hamburg'],
    [60, 185, 10, 'Atelier Sonnenberg BV'],
    [60, 198, 10, 'Kade 4'],
    [60, 211, 10, '1011 AB Amsterdam'],
    [60, 280, 16, credit?.title ?? w.title],
    [right ? 60 : 360, 300, 10, `${w.no} NT-2025-${100 + variant}`],
    [right ? 60 : 360, 314, 10, `${w.date} ${DATE[lang]}`],
    [60, 360, 10, 'Wartung Kältetechnik Februar'],
    [470, 360, 10, m('1,000.00')],
  ];
  const ty = 420 + variant * 10;
  lines.push(...totalsBlock(ty, [m('1,000.00'), m('190.00'), m('1,190.00')], [w.net, w.tax, w.gross], [300, 470]));
  lines.push([60, ty + 70, 10, terms]);
  lines.push([60, 780, 8, `${w.vat} DE811907980 · IBAN DE02120300000000202051 · BIC BYLADEM1001`]);
  return pageFromLines(lines);
}

const run = (page: ReturnType<typeof pageFromLines>) => runPages([page]);

describe('generic extraction on unseen layouts', () => {
  it('reads relative payment terms in four languages', () => {
    assert.equal(paymentTermDays('Zahlbar innerhalb von 14 Tagen ohne Abzug')?.days, 14);
    assert.equal(paymentTermDays('Payment is due within 30 days of the invoice date')?.days, 30);
    assert.equal(paymentTermDays('Paiement à 45 jours')?.days, 45);
    assert.equal(paymentTermDays('Te betalen binnen 21 dagen')?.days, 21);
    assert.equal(paymentTermDays('Zahlbar innerhalb 10 Tagen mit 2 % Skonto'), null);
    assert.equal(paymentTermDays('Innerhalb 10 Tagen 2 % Skonto, innerhalb 30 Tagen netto')?.days, 30);
    assert.equal(paymentTermDays('Widerspruch ist innerhalb von 14 Tagen möglich'), null);
  });

  const cases: Array<[Lang, string, string]> = [
    ['de', 'Zahlbar innerhalb von 14 Tagen ohne Abzug.', '2025-02-26'],
    ['en', 'Payment is due within 30 days.', '2025-03-14'],
    ['fr', 'Paiement à 30 jours.', '2025-03-14'],
    ['nl', 'Te betalen binnen 14 dagen.', '2025-02-26'],
  ];
  for (const [lang, terms, due] of cases) {
    for (const variant of [0, 1, 2]) {
      it(`${lang}, layout ${variant}: amounts, dates and the due date from the terms`, () => {
        const r = run(invoice(lang, variant, terms));
        const v = (f: string) => (r.fields as Record<string, { value: unknown }>)[f]?.value;
        assert.equal(v('document_number'), `NT-2025-${100 + variant}`);
        assert.equal(v('issue_date'), '2025-02-12');
        assert.equal(v('payment_due_date'), due);
        assert.equal(Number(v('net_amount')), 1000);
        assert.equal(Number(v('gross_amount')), 1190);
        assert.equal(v('iban'), 'DE02120300000000202051');
      });
    }
  }

  it('a discount period alone gives no due date (precision over recall)', () => {
    const r = run(invoice('de', 0, 'Bei Zahlung innerhalb 8 Tagen gewähren wir 3 % Skonto.'));
    assert.equal(r.fields.payment_due_date.value, null);
  });

  // Amounts are reported as printed (docs/decisions.md, issue 14): the public sets disagree on
  // the sign of credit notes, so the title decides the type and the signs stay.
  const credits: Array<[Lang, string]> = [['de', 'Gutschriftsanzeige'], ['en', 'Credit note'], ['fr', "Facture d'avoir"], ['nl', 'Creditnota']];
  for (const [lang, title] of credits) {
    it(`${lang}: a credit note printed with minus signs is a credit note, amounts as printed`, () => {
      const r = run(invoice(lang, 1, '', { title }));
      assert.equal(r.fields.type.value, 'credit-note');
      assert.equal(r.fields.gross_amount.value, '-1190.00');
      assert.equal(r.fields.net_amount.value, '-1000.00');
      assert.equal(r.fields.tax_amount.value, '-190.00');
    });
  }

  it('an invoice printed with minus signs keeps them (a negative invoice is not a credit note)', () => {
    const r = run(invoice('de', 1, '', { title: 'Rechnung' }));
    assert.equal(r.fields.type.value, 'invoice');
    assert.equal(r.fields.gross_amount.value, '-1190.00');
  });

  it('a tax table with bare rates whose header row also holds the net total', () => {
    const lines: Array<[number, number, number, string]> = [
      [60, 60, 14, 'Au bon moulin SARL'], [60, 76, 9, '12 chemin de l’olive, 84340 Malaucène'],
      [60, 280, 16, 'Facture FA-2025-0042'], [360, 300, 10, 'Date de facture'], [470, 300, 10, '12/02/2025'],
      [60, 360, 10, 'Huile d’olive'], [470, 360, 10, '500,00 €'], [60, 374, 10, 'Nougat'], [470, 374, 10, '500,00 €'],
      [60, 420, 10, 'Taxe'], [120, 420, 10, 'Base'], [200, 420, 10, 'Montant'], [360, 420, 10, 'Total HT'], [470, 420, 10, '1 000,00 €'],
      [60, 434, 10, '20.0'], [120, 434, 10, '500,00 €'], [200, 434, 10, '100,00 €'], [360, 434, 10, 'Taxes'], [470, 434, 10, '127,50 €'],
      [60, 448, 10, '5.5'], [120, 448, 10, '500,00 €'], [200, 448, 10, '27,50 €'], [360, 448, 10, 'Total TTC'], [470, 448, 10, '1 127,50 €'],
    ];
    const r = run(pageFromLines(lines));
    assert.deepEqual((r.fields.tax_breakdowns.value as Array<{ tax_rate: string; taxable_amount: string; tax_amount: string }>).map((t) => [t.tax_rate, t.taxable_amount, t.tax_amount]), [['20.00', '500.00', '100.00'], ['5.50', '500.00', '27.50']]);
    assert.equal(r.fields.tax_amount.value, '127.50');
  });

  for (const [label, net, tax, gross] of [['zuzüglich 19% MwSt.', '845,00', '160,55', '1.005,55'], ['plus 20 % VAT', '845.00', '169.00', '1,014.00']] as const) {
    it(`a tax line naming its rate before the tax word: "${label}"`, () => {
      const lines: Array<[number, number, number, string]> = [
        [60, 60, 14, 'Kraxi GmbH'], [60, 280, 16, 'Rechnung'], [360, 300, 10, 'Rechnungsnummer: 2014-03'],
        [60, 420, 10, 'Rechnungssumme netto'], [470, 420, 10, net], [60, 434, 10, label], [470, 434, 10, tax], [60, 448, 10, 'Rechnungssumme brutto'], [470, 448, 10, gross],
      ];
      const r = run(pageFromLines(lines));
      assert.equal(r.fields.tax_amount.value, tax.replace(/[.,](?=\d{3})/g, '').replace(',', '.'));
      assert.equal((r.fields.tax_breakdowns.value as Array<{ tax_rate: string }>)[0]?.tax_rate, label.includes('19') ? '19.00' : '20.00');
    });
  }

  it('a date that is both the delivery and the invoice date is the issue date', () => {
    const r = run(pageFromLines([[60, 60, 14, 'Kraxi GmbH'], [60, 280, 16, 'Rechnung'], [60, 300, 10, 'Rechnungsnummer: 2014-03'], [300, 300, 10, 'Liefer- und Rechnungsdatum: 11. Juli 2014']]));
    assert.equal(r.fields.issue_date.value, '2014-07-11');
  });
});
