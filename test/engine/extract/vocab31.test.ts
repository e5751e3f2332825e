// Labels of two kinds of invoice no word list held (issue 14, vocab31), each page generated and run against main
// 54aab99's engine before the words were added (docs/decisions.md, vocab31):
// - the totals of Poland's KSeF invoices as the official visualisation prints them ("Kwota należności ogółem", the
//   amount due in total; "Podsumowanie stawek podatku", a rate table of "Kwota netto | Kwota podatku | Kwota brutto");
// - the English abbreviations "INV#" / "Inv. No." (the number) and "INV DATE" without its period (the issue date);
// - the German "Wirtschafts-ID" / "W-IdNr." (the business id: "DE", the USt-IdNr.'s digits and a suffix).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { rowsKey, run, v, type Lines } from './fixtures/run.js';

/** A KSeF visualisation page: the number at the top right, seller and buyer side by side, items, the amount due, the rate table. */
const ksef = (due: string, [net, tax, gross]: [string, string, string], rate = '23%'): Lines => [
  [56, 40, 12, 'Krajowy System e-Faktur'], [470, 44, 8, 'Numer Faktury:'], [420, 60, 10, 'FA/KRX-2291/03/2026'], [470, 76, 8, 'Faktura podstawowa'],
  [56, 110, 10, 'Sprzedawca'], [320, 110, 10, 'Nabywca'],
  [56, 124, 8, 'NIP: 5265877635'], [320, 124, 8, 'NIP: 6808208874'],
  [56, 136, 8, 'Nazwa: Kowalczyk i Wspólnicy sp. z o.o.'], [320, 136, 8, 'Nazwa: Zielińska Handel S.A.'],
  [56, 160, 8, 'Adres'], [320, 160, 8, 'Adres'],
  [56, 172, 8, 'ul. Kępa 332'], [320, 172, 8, 'ul. Wójcik 72'], [56, 184, 8, '20-892 Tyszowce'], [320, 184, 8, '28-068 Pobiedziska'],
  [56, 230, 10, 'Szczegóły'], [56, 244, 8, 'Data wystawienia, z zastrzeżeniem art. 106na ust. 1 ustawy: 31.10.2025'], [330, 244, 8, 'Kod waluty: PLN'],
  [56, 290, 10, 'Pozycje'],
  [56, 304, 7, 'Lp.'], [80, 304, 7, 'Nazwa towaru lub usługi'], [330, 304, 7, 'Cena jedn. netto'], [400, 304, 7, 'Ilość'], [440, 304, 7, 'Stawka podatku'], [500, 304, 7, 'Wartość sprzedaży netto'],
  [56, 318, 8, '1'], [80, 318, 8, 'Usługi doradcze'], [340, 318, 8, net], [405, 318, 8, '1'], [445, 318, 8, rate], [505, 318, 8, net],
  [300, 380, 9, `Kwota należności ogółem: ${gross} PLN`],
  [56, 410, 10, 'Podsumowanie stawek podatku'],
  [56, 426, 7, 'Lp.'], [80, 426, 7, 'Stawka podatku'], [220, 426, 7, 'Kwota netto'], [340, 426, 7, 'Kwota podatku'], [460, 426, 7, 'Kwota brutto'],
  [56, 440, 8, '1'], [80, 440, 8, rate], [220, 440, 8, net], [340, 440, 8, tax], [460, 440, 8, gross],
  [56, 480, 10, 'Płatność'], [56, 494, 8, `Termin płatności: ${due}`],
];

describe('a KSeF invoice\'s totals (vocab31)', () => {
  it('"Kwota należności ogółem" is the gross, the rate table gives the net, the tax and the row', () => {
    const r = run(ksef('14.11.2025', ['27 292,28', '6 277,22', '33 569,50']));
    assert.deepEqual([v(r, 'net_amount'), v(r, 'tax_amount'), v(r, 'gross_amount')], ['27292.28', '6277.22', '33569.50']);
    assert.equal(rowsKey(v(r, 'tax_breakdowns')), '23.00|27292.28|6277.22');
  });
  it('the same with the rate printed as the visualisation prints a choice of rates ("23% lub 22%")', () => {
    const r = run(ksef('14.11.2025', ['1 000,00', '230,00', '1 230,00'], '23% lub 22%'));
    assert.deepEqual([v(r, 'net_amount'), v(r, 'tax_amount'), v(r, 'gross_amount')], ['1000.00', '230.00', '1230.00']);
  });
  it('"Razem do zapłaty" (total to pay) is the gross', () => {
    const r = run([[400, 40, 18, 'FAKTURA VAT'], [360, 80, 9, 'Faktura nr FV 12/2025'], [360, 94, 9, 'Data wystawienia: 05.03.2025'],
      [56, 200, 9, 'Usługa transportowa'], [480, 200, 9, '500,00'],
      [330, 420, 10, 'Razem do zapłaty:'], [480, 420, 10, '615,00 zł'], [330, 434, 10, 'w tym VAT 23%:'], [485, 434, 10, '115,00 zł']]);
    assert.equal(v(r, 'gross_amount'), '615.00');
  });
});

describe('English abbreviations "INV#" and "INV DATE" (vocab31)', () => {
  const page = (numberLabel: string, dateLabel: string): Lines => [
    [400, 40, 11, 'Foo Bar'], [400, 53, 9, '1 Baz Street'], [400, 66, 9, 'Springfield'],
    [250, 120, 18, 'INVOICE'],
    [56, 160, 10, 'Invoice To:'], [56, 174, 10, 'Makebelieve Ltd'], [56, 188, 10, '1 Makebelieve Avenue'],
    [380, 160, 9, numberLabel], [450, 160, 9, 'INV0001'], [380, 174, 9, dateLabel], [450, 174, 9, '2000/01/15'],
    [56, 260, 9, 'Consulting'], [480, 260, 9, '100.00'], [400, 300, 10, 'Total'], [480, 300, 10, '100.00'],
  ];
  for (const [numberLabel, dateLabel] of [['INV#', 'INV DATE'], ['Inv. No.', 'Inv Date'], ['Inv #', 'INV. DATE']] as const) {
    it(`"${numberLabel}" heads the number, "${dateLabel}" the issue date`, () => {
      const r = run(page(numberLabel, dateLabel));
      assert.deepEqual([v(r, 'document_number'), v(r, 'issue_date')], ['INV0001', '2000-01-15']);
    });
  }
  it('guard: "Inventory" is no number label', () => {
    const r = run([[250, 120, 18, 'INVOICE'], [380, 160, 9, 'Inventory'], [450, 160, 9, 'STK0042'], [380, 174, 9, 'Date'], [450, 174, 9, '2000/01/15']]);
    assert.notEqual(v(r, 'document_number'), 'STK0042');
  });
});

// The id fails the German check digit, as template ids do: only the label makes it the sender's.
// The id fails the German check digit, as template ids do: only its label makes it the sender's (the pattern alone is too weak).
describe('the German "Wirtschafts-ID" (vocab31)', () => {
  const page = (line: string): Lines => [
    [400, 40, 10, 'Alex Mueller'], [400, 52, 9, 'Musterstraße 1'], [400, 64, 9, '12345 Musterstadt'], [400, 76, 9, line],
    [56, 130, 7, 'Alex Mueller, Musterstraße 1, 12345 Musterstadt'], [56, 144, 10, 'Erika Mustermann'], [56, 157, 10, 'Hauptweg 4'], [56, 170, 10, '54321 Beispielstadt'],
    [56, 220, 12, 'Rechnung 12/25-001'], [400, 220, 10, 'Musterstadt, 15.11.2025'],
    [56, 280, 9, 'Gebühr'], [480, 280, 9, '120,00 €'],
    [400, 330, 9, 'Netto:'], [480, 330, 9, '120,00 €'], [400, 342, 9, 'USt. 19 %:'], [485, 342, 9, '22,80 €'], [400, 354, 9, 'Brutto:'], [480, 354, 9, '142,80 €'],
  ];
  for (const line of ['Wirtschafts-ID: DE123456789', 'W-IdNr.: DE123456789-00001', 'Wirtschafts-Identifikationsnummer DE 123 456 789']) {
    it(`"${line}" in the letterhead is the sender's VAT id`, () => assert.equal(v(run(page(line)), 'sender_vat_number'), 'DE123456789'));
  }
});
