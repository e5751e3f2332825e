// Invoice vocabulary of languages no word list held (issue 14, vocab28): Swedish, Norwegian, Danish, Finnish and
// Portuguese labels of the number, the dates and the totals, and month names in Portuguese, the Nordic languages,
// Polish and Czech. Each page is generated and was run against main 233be80's engine before the words were added
// (docs/decisions.md, vocab28). Only words any invoice of the language prints, never a template's wording.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { parseDate } from '../../../engine/extract/normalize/date.js';
import { run, v, type Lines } from './fixtures/run.js';

interface Words { title: string; number: string; issued: string; due: string; net: string; tax: string; gross: string; customer: string }
/** A one-page invoice: the seller's block, the customer's block under its heading, the header fields, a totals block. */
const page = (w: Words, [issued, due]: [string, string], [net, tax, gross]: [string, string, string]): Lines => [
  [56, 40, 11, 'Nordlys Konsult AB'], [56, 53, 9, 'Storgatan 12'], [56, 66, 9, '111 22 Stockholm'],
  [400, 40, 18, w.title],
  [360, 80, 9, `${w.number}: 2024-117`], [360, 94, 9, `${w.issued}: ${issued}`], [360, 108, 9, `${w.due}: ${due}`],
  [56, 140, 9, w.customer], [56, 154, 10, 'Bergström Bygg AB'], [56, 167, 9, 'Kungsgatan 5'], [56, 180, 9, '411 19 Göteborg'],
  [56, 260, 9, 'Konsulttjänster mars'], [480, 260, 9, net],
  [330, 420, 10, w.net], [480, 420, 10, net], [330, 434, 10, w.tax], [485, 434, 10, tax], [330, 448, 10, w.gross], [480, 448, 10, gross],
];

const CASES: Array<[string, Words, [string, string], [string, string, string], [string, string]]> = [
  ['Swedish', { title: 'FAKTURA', number: 'Fakturanummer', issued: 'Fakturadatum', due: 'Förfallodatum', net: 'Summa exkl. moms', tax: 'Moms 25 %', gross: 'Att betala', customer: 'Kund' }, ['2024-03-15', '2024-04-14'], ['10 000,00', '2 500,00', '12 500,00'], ['2024-03-15', '2024-04-14']],
  ['Norwegian', { title: 'FAKTURA', number: 'Fakturanr.', issued: 'Fakturadato', due: 'Forfallsdato', net: 'Sum eks. mva', tax: 'Mva 25 %', gross: 'Å betale', customer: 'Kunde' }, ['15.03.2024', '29.03.2024'], ['10 000,00', '2 500,00', '12 500,00'], ['2024-03-15', '2024-03-29']],
  ['Danish', { title: 'FAKTURA', number: 'Fakturanr.', issued: 'Fakturadato', due: 'Forfaldsdato', net: 'Beløb ekskl. moms', tax: 'Moms 25 %', gross: 'I alt', customer: 'Kunde' }, ['15-03-2024', '30-03-2024'], ['10.000,00', '2.500,00', '12.500,00'], ['2024-03-15', '2024-03-30']],
  ['Finnish', { title: 'LASKU', number: 'Laskun numero', issued: 'Laskun päivämäärä', due: 'Eräpäivä', net: 'Veroton yhteensä', tax: 'ALV 24 %', gross: 'Maksettava yhteensä', customer: 'Asiakas' }, ['15.3.2024', '29.3.2024'], ['10 000,00', '2 400,00', '12 400,00'], ['2024-03-15', '2024-03-29']],
  ['Portuguese', { title: 'FATURA', number: 'Número da fatura', issued: 'Data de emissão', due: 'Data de vencimento', net: 'Total sem IVA', tax: 'IVA 23%', gross: 'Total a pagar', customer: 'Cliente' }, ['15/03/2024', '14/04/2024'], ['10.000,00', '2.300,00', '12.300,00'], ['2024-03-15', '2024-04-14']],
  // vocab28b: Polish totals, Slovak, Hungarian, Romanian, Turkish, Estonian, Latvian, Lithuanian, Croatian, Slovenian.
  ['Polish', { title: 'FAKTURA VAT', number: 'Numer faktury', issued: 'Data wystawienia', due: 'Termin płatności', net: 'Wartość netto', tax: 'Kwota VAT 23%', gross: 'Do zapłaty', customer: 'Nabywca' }, ['15.03.2024', '29.03.2024'], ['10 000,00', '2 300,00', '12 300,00'], ['2024-03-15', '2024-03-29']],
  ['Slovak', { title: 'FAKTÚRA', number: 'Číslo faktúry', issued: 'Dátum vyhotovenia', due: 'Dátum splatnosti', net: 'Spolu bez DPH', tax: 'DPH 20 %', gross: 'Celkom k úhrade', customer: 'Odberateľ' }, ['15. 03. 2024', '29. 03. 2024'], ['10 000,00', '2 000,00', '12 000,00'], ['2024-03-15', '2024-03-29']],
  ['Hungarian', { title: 'SZÁMLA', number: 'Számlaszám', issued: 'Számla kelte', due: 'Fizetési határidő', net: 'Nettó összesen', tax: 'ÁFA 27%', gross: 'Fizetendő', customer: 'Vevő' }, ['2024.03.15.', '2024.03.29.'], ['10 000,00', '2 700,00', '12 700,00'], ['2024-03-15', '2024-03-29']],
  ['Romanian', { title: 'FACTURĂ', number: 'Nr. factură', issued: 'Data emiterii', due: 'Data scadenței', net: 'Total fără TVA', tax: 'TVA 19%', gross: 'Total de plată', customer: 'Cumpărător' }, ['15.03.2024', '29.03.2024'], ['10.000,00', '1.900,00', '11.900,00'], ['2024-03-15', '2024-03-29']],
  ['Turkish', { title: 'FATURA', number: 'Fatura No', issued: 'Fatura Tarihi', due: 'Vade Tarihi', net: 'Ara Toplam', tax: 'KDV %20', gross: 'Genel Toplam', customer: 'Alıcı' }, ['15.03.2024', '29.03.2024'], ['10.000,00', '2.000,00', '12.000,00'], ['2024-03-15', '2024-03-29']],
  ['Estonian', { title: 'ARVE', number: 'Arve number', issued: 'Arve kuupäev', due: 'Maksetähtaeg', net: 'Summa käibemaksuta', tax: 'Käibemaks 22%', gross: 'Tasuda', customer: 'Ostja' }, ['15.03.2024', '29.03.2024'], ['10 000,00', '2 200,00', '12 200,00'], ['2024-03-15', '2024-03-29']],
  ['Latvian', { title: 'RĒĶINS', number: 'Rēķina numurs', issued: 'Izrakstīšanas datums', due: 'Apmaksas termiņš', net: 'Summa bez PVN', tax: 'PVN 21%', gross: 'Kopā apmaksai', customer: 'Pircējs' }, ['15.03.2024.', '29.03.2024.'], ['10 000,00', '2 100,00', '12 100,00'], ['2024-03-15', '2024-03-29']],
  ['Lithuanian', { title: 'SĄSKAITA FAKTŪRA', number: 'Sąskaitos numeris', issued: 'Išrašymo data', due: 'Apmokėti iki', net: 'Suma be PVM', tax: 'PVM 21%', gross: 'Iš viso mokėti', customer: 'Pirkėjas' }, ['2024-03-15', '2024-03-29'], ['10 000,00', '2 100,00', '12 100,00'], ['2024-03-15', '2024-03-29']],
  ['Croatian', { title: 'RAČUN', number: 'Broj računa', issued: 'Datum računa', due: 'Datum dospijeća', net: 'Osnovica', tax: 'PDV 25%', gross: 'Ukupno za platiti', customer: 'Kupac' }, ['15.03.2024.', '29.03.2024.'], ['10.000,00', '2.500,00', '12.500,00'], ['2024-03-15', '2024-03-29']],
  ['Slovenian', { title: 'RAČUN', number: 'Številka računa', issued: 'Datum izdaje', due: 'Rok plačila', net: 'Skupaj brez DDV', tax: 'DDV 22%', gross: 'Za plačilo', customer: 'Kupec' }, ['15. 03. 2024', '29. 03. 2024'], ['10.000,00', '2.200,00', '12.200,00'], ['2024-03-15', '2024-03-29']],
];

for (const [language, words, dates, amounts, [issue, due]] of CASES) {
  describe(`${language} invoice labels (vocab28)`, () => {
    const r = run(page(words, dates, amounts));
    it('the number, the dates and the totals are read', () => {
      assert.deepEqual(
        { number: v(r, 'document_number'), issue: v(r, 'issue_date'), due: v(r, 'payment_due_date'), net: v(r, 'net_amount'), tax: v(r, 'tax_amount'), gross: v(r, 'gross_amount') },
        { number: '2024-117', issue, due, net: amounts[0].replace(/[ .]/g, '').replace(',', '.'), tax: amounts[1].replace(/[ .]/g, '').replace(',', '.'), gross: amounts[2].replace(/[ .]/g, '').replace(',', '.') },
      );
    });
    it('the customer under its heading is the recipient', () => {
      assert.equal(v(r, 'recipient_name'), 'Bergström Bygg AB');
    });
  });
}

describe('month names in Portuguese, the Nordic languages, Polish and Czech (vocab28)', () => {
  const cases: Array<[string, string]> = [
    ['15 de março de 2024', '2024-03-15'], ['1 de fevereiro de 2025', '2025-02-01'], ['30 de setembro de 2023', '2023-09-30'],
    ['15 maj 2024', '2024-05-15'], ['3 augusti 2024', '2024-08-03'], ['12. desember 2024', '2024-12-12'],
    ['15 marca 2024', '2024-03-15'], ['2 października 2023', '2023-10-02'], ['15. března 2024', '2024-03-15'], ['1. července 2025', '2025-07-01'],
  ];
  for (const [raw, want] of cases) it(`"${raw}" is ${want}`, () => assert.equal(parseDate(raw), want));
  it('guard: a word that only starts like a month ("marcação 2024") is no date', () => assert.equal(parseDate('marcação 2024'), null));
});

describe('numeric dates of Central Europe (vocab28b)', () => {
  for (const [raw, want] of [['2024.03.15.', '2024-03-15'], ['2024.3.5', '2024-03-05'], ['15. 03. 2024', '2024-03-15'], ['1. 7. 2025', '2025-07-01']] as const) {
    it(`"${raw}" is ${want}`, () => assert.equal(parseDate(raw), want));
  }
  it('guard: a version "2024.3.15.2" and an amount "2.024,03" are no dates', () => {
    assert.equal(parseDate('2024.3.15.2'), null);
    assert.equal(parseDate('2.024,03'), null);
  });
});

describe('Italian "Netto a pagare" (vocab28b)', () => {
  it('is the amount payable, not the net', () => {
    const r = run([[400, 40, 18, 'FATTURA'], [360, 80, 9, 'Fattura n. 12/2024'], [360, 94, 9, 'Data: 05/03/2024'],
      [330, 420, 10, 'Imponibile'], [480, 420, 10, '1.000,00'], [330, 434, 10, 'IVA 22%'], [486, 434, 10, '220,00'], [330, 448, 10, 'Netto a pagare'], [480, 448, 10, '1.220,00']]);
    assert.deepEqual([v(r, 'net_amount'), v(r, 'gross_amount')], ['1000.00', '1220.00']);
  });
});

describe('guards (vocab28)', () => {
  it('"I alt" is no label inside a sentence ("I altri costi …")', () => {
    const r = run([[400, 40, 18, 'FATTURA'], [360, 80, 9, 'Fattura n. 12/2024'], [56, 300, 9, 'I altri costi 450,00 sono inclusi']]);
    assert.equal(v(r, 'gross_amount'), null);
  });
});

describe('English issue-date labels (vocab28c)', () => {
  for (const label of ['Inv. Date', 'Bill Date', 'Tax Point Date']) {
    it(`"${label}" labels the issue date`, () => {
      const r = run([[56, 40, 12, 'Acme Supplies Ltd'], [400, 40, 18, 'INVOICE'], [330, 80, 9, 'Invoice No: AB-1'], [330, 94, 9, label], [450, 94, 9, '03 April 2024'],
        [330, 420, 10, 'Subtotal'], [480, 420, 10, '1,000.00'], [330, 434, 10, 'VAT 20%'], [486, 434, 10, '200.00'], [330, 448, 10, 'Total'], [480, 448, 10, '1,200.00']]);
      assert.equal(v(r, 'issue_date'), '2024-04-03');
    });
  }
});
