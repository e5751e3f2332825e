// Round 19 folded in (issue 14, fold19): the empty fields of round 19's layouts, each as a generated page
// written before its rule and run against main a4fafd4's engine (docs/decisions.md, fold19). Round 19 had no
// wrong value; every case is a field left empty, so the guards check that each rule stays within its check.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { run, v, type Lines } from './fixtures/run.js';

const HEAD: Lines = [[400, 40, 16, 'Invoice'], [330, 70, 9, 'Invoice No: A-2291'], [330, 82, 9, 'Invoice Date: 02/04/2026']];
const PLAIN_TOTALS: Lines = [[400, 420, 10, 'Subtotal'], [500, 420, 10, '880.00'], [400, 434, 10, 'Tax (10%)'], [500, 434, 10, '88.00'], [400, 448, 10, 'Total'], [500, 448, 10, '968.00']];

// 1. Indonesian: "Tanggal" (date) labels the issue date, "Jatuh tempo" the due date; Indonesian month names.
describe('Indonesian date labels and months (fold19)', () => {
  it('"Tanggal: 3 Maret 2024" is the issue date', () => {
    const r = run([[400, 40, 16, 'Invoice'], [330, 70, 9, 'Invoice #: 57'], [330, 82, 9, 'Tanggal: 3 Maret 2024'], ...PLAIN_TOTALS]);
    assert.equal(v(r, 'issue_date'), '2024-03-03');
  });

  it('"Tanggal Faktur" and "Tanggal Jatuh Tempo": the invoice date and the due date, not one for the other', () => {
    const r = run([[400, 40, 16, 'Faktur'], [330, 70, 9, 'No. Faktur: INV/2023/0815'], [330, 82, 9, 'Tanggal Faktur: 21 Agustus 2023'], [330, 94, 9, 'Tanggal Jatuh Tempo: 20 Oktober 2023'], ...PLAIN_TOTALS]);
    assert.equal(v(r, 'issue_date'), '2023-08-21');
    assert.equal(v(r, 'payment_due_date'), '2023-10-20');
  });
});

// 2. Dutch: "Naam klant:" (customer's name) labels the recipient's name.
describe('Dutch "Naam klant" (fold19)', () => {
  it('"Naam klant: Pieter de Vries" is the recipient', () => {
    const r = run([[400, 40, 16, 'Factuur'], [56, 100, 10, 'Factuurnummer: 2025-014'], [330, 100, 10, 'Datum: 03-02-2025'], [56, 120, 10, 'Naam klant: Pieter de Vries'], [330, 120, 10, 'Adres klant: Kerkstraat 5, 1011 AB Amsterdam'], ...PLAIN_TOTALS]);
    assert.equal(v(r, 'recipient_name'), 'Pieter de Vries');
  });

  it('guard: "Klantnummer: 4711" names no recipient', () => {
    const r = run([[400, 40, 16, 'Factuur'], [56, 100, 10, 'Factuurnummer: 2025-014'], [330, 100, 10, 'Datum: 03-02-2025'], [56, 120, 10, 'Klantnummer: 4711'], ...PLAIN_TOTALS]);
    assert.equal(v(r, 'recipient_name'), null);
  });
});

// 3. "FROM" and "TO" as the two blocks' headings on one row, without colons (a LaTeX invoice from Cyprus).
/** The x at which a cell of `text` in `size` ends at `end` (the fixture's word widths): a column set flush right. */
const flushRight = (end: number, size: number, text: string) => end - text.split(' ').reduce((a, t) => a + t.length * size * 0.5, 0) - (text.split(' ').length - 1) * size * 0.28;
const R = (y: number, size: number, text: string): [number, number, number, string] => [flushRight(560, size, text), y, size, text];
const FROM_TO: Lines = [
  [18, 40, 16, 'INVOICE'], [400, 40, 9, 'Invoice No: 00017'], [400, 52, 9, 'Invoice Date: 14/03/2025'],
  [18, 100, 10, 'FROM'], R(100, 10, 'TO'),
  [18, 113, 10, 'Maria Papadopoulou'], R(113, 10, 'Larnaca Traders'),
  [18, 126, 10, '5 Harbour Road'], R(126, 10, '22 Market Street'),
  [18, 139, 10, 'Limassol'], R(139, 10, 'Nicosia'),
];
describe('"FROM" / "TO" block headings (fold19)', () => {
  it('the names under "FROM" and "TO" are the sender and the recipient', () => {
    const r = run([...FROM_TO, ...PLAIN_TOTALS]);
    assert.equal(v(r, 'sender_name'), 'Maria Papadopoulou');
    assert.equal(v(r, 'recipient_name'), 'Larnaca Traders');
  });

  it('the VAT id in the "TO" column is the recipient\'s, the one in the "FROM" column the sender\'s', () => {
    const r = run([...FROM_TO, [18, 165, 9, 'info@papadopoulou.example'], R(165, 9, 'VAT Registration No: DE811907980'), [18, 190, 9, 'VAT Registration No: CY10259033P'], ...PLAIN_TOTALS]);
    assert.equal(v(r, 'sender_vat_number'), 'CY10259033P');
  });

  it('guard: a VAT id set flush right under the sender\'s own column stays the sender\'s', () => {
    const r = run([[18, 40, 16, 'INVOICE'], R(100, 10, 'FROM'), R(113, 10, 'Maria Papadopoulou'), R(126, 10, '5 Harbour Road'), R(139, 10, 'Limassol'), R(165, 9, 'VAT Registration No: CY10259033P'), [18, 100, 10, 'TO'], [18, 113, 10, 'Larnaca Traders'], ...PLAIN_TOTALS]);
    assert.equal(v(r, 'sender_vat_number'), 'CY10259033P');
  });

  it('guard: "From" and "To" heading the period columns of an item table name no party', () => {
    const r = run([
      ...HEAD,
      [18, 200, 9, 'Service'], [200, 200, 9, 'From'], [300, 200, 9, 'To'], [500, 200, 9, 'Amount'],
      [18, 214, 9, 'Hosting'], [200, 214, 9, '01/02/2025'], [300, 214, 9, '28/02/2025'], [500, 214, 9, '880.00'],
      ...PLAIN_TOTALS,
    ]);
    assert.equal(v(r, 'sender_name'), null);
    assert.equal(v(r, 'recipient_name'), null);
  });
});

// 4. Indian GST totals: "Total Taxable Value", the CGST / SGST / IGST / cess totals (summed: the tax), and a
//    "Grand Total" printed without paise, read only where taxable value + taxes equal it.
const GST_HEAD: Lines = [[18, 40, 14, 'Tax Invoice'], [18, 60, 10, 'Invoice No: GST-204'], [18, 72, 10, 'Date: 2025-06-03']];
const gst = (rows: Array<[string, string]>): Lines => rows.flatMap(([label, value], i): Lines => [[300, 400 + i * 14, 10, label], [500, 400 + i * 14, 10, value]]);
describe('Indian GST totals (fold19)', () => {
  it('intra-state: CGST + SGST are the tax, the grand total without paise is the gross', () => {
    const r = run([...GST_HEAD, ...gst([['Total Taxable Value', '2500.00'], ['CGST Total', '225.00'], ['SGST Total', '225.00'], ['IGST Total', '0.00'], ['Grand Total', '2950']])]);
    assert.equal(v(r, 'net_amount'), '2500.00');
    assert.equal(v(r, 'tax_amount'), '450.00');
    assert.equal(v(r, 'gross_amount'), '2950.00');
  });

  it('inter-state: IGST, a cess and a subtotal after tax', () => {
    const r = run([...GST_HEAD, ...gst([['Taxable Value', '4200.00'], ['CGST', '0.00'], ['SGST', '0.00'], ['IGST', '756.00'], ['Cess', '0.00'], ['Subtotal', '4956.00'], ['Round Off', '0.00'], ['Grand Total', '4956']])]);
    assert.equal(v(r, 'net_amount'), '4200.00');
    assert.equal(v(r, 'tax_amount'), '756.00');
    assert.equal(v(r, 'gross_amount'), '4956.00');
  });

  it('guard: a grand total without paise that taxable value + taxes do not make is not read', () => {
    const r = run([...GST_HEAD, ...gst([['Total Taxable Value', '2500.00'], ['CGST Total', '225.00'], ['SGST Total', '225.00'], ['Grand Total', '2951']])]);
    assert.equal(v(r, 'gross_amount'), null);
  });
});

// 5. A discount printed between the subtotal and the tax: subtotal − discount + tax = total.
describe('a discount line in the totals block (fold19)', () => {
  it('Spanish: "Subtotal · Descuento · IVA (21%) · Total a Pagar"', () => {
    const r = run([...HEAD, [360, 420, 10, 'Subtotal'], [480, 420, 10, '€ 800,00'], [360, 434, 10, 'Descuento'], [480, 434, 10, '€ 40,00'], [360, 448, 10, 'IVA (21%)'], [480, 448, 10, '€ 159,60'], [360, 462, 10, 'Total a Pagar'], [480, 462, 10, '€ 919,60']]);
    assert.equal(v(r, 'gross_amount'), '919.60');
    assert.equal(v(r, 'tax_amount'), '159.60');
    assert.equal(v(r, 'net_amount'), '760.00');
  });

  it('English, the discount printed negative, the tax taken on the subtotal before the discount', () => {
    const r = run([...HEAD, [360, 420, 10, 'Subtotal'], [480, 420, 10, '$1,200.00'], [360, 434, 10, 'Discount'], [480, 434, 10, '-$100.00'], [360, 448, 10, 'Tax (10%)'], [480, 448, 10, '$120.00'], [360, 462, 10, 'Total'], [480, 462, 10, '$1,220.00']]);
    assert.equal(v(r, 'gross_amount'), '1220.00');
    assert.equal(v(r, 'tax_amount'), '120.00');
  });

  it('guard: a total that subtotal − discount + tax does not make stays empty', () => {
    const r = run([...HEAD, [360, 420, 10, 'Subtotal'], [480, 420, 10, '€ 500,00'], [360, 434, 10, 'Descuento'], [480, 434, 10, '€ 20,00'], [360, 448, 10, 'IVA (21%)'], [480, 448, 10, '€ 105,00'], [360, 462, 10, 'Total a Pagar'], [480, 462, 10, '€ 600,00']]);
    assert.equal(v(r, 'gross_amount'), null);
  });

  it('guard: an amount already paid under the subtotal is no discount', () => {
    const r = run([...HEAD, [360, 420, 10, 'Subtotal'], [480, 420, 10, '500.00'], [360, 434, 10, 'Paid'], [480, 434, 10, '20.00'], [360, 448, 10, 'Tax (10%)'], [480, 448, 10, '50.00'], [360, 462, 10, 'Total'], [480, 462, 10, '530.00']]);
    assert.equal(v(r, 'gross_amount'), null);
  });
});

// 6. The letterhead's name over its own labelled address ("Bedrijf XYZ" over "Adres: Straat 123, 4567 AB
//    Plaatsnaam", a Dutch fpdf2 page): the first line of the page, alone, over "Adres:" / "Address:" with a
//    street and a postcode, is the sender.
const NL_META: Lines = [[30, 120, 10, 'Factuurnummer: 2025-031'], [315, 120, 10, 'Datum: 05-03-2025'], [30, 150, 10, 'Naam klant: Els Bakker'], ...PLAIN_TOTALS];
describe('the letterhead name over its labelled address (fold19)', () => {
  it('"Studio Noord" over "Adres: Havenweg 8, 9711 AB Groningen" is the sender', () => {
    const r = run([[250, 35, 14, 'Studio Noord'], [200, 65, 10, 'Adres: Havenweg 8, 9711 AB Groningen'], ...NL_META]);
    assert.equal(v(r, 'sender_name'), 'Studio Noord');
  });

  it('guard: the title over the address is no name', () => {
    const r = run([[250, 35, 14, 'Factuur'], [200, 65, 10, 'Adres: Havenweg 8, 9711 AB Groningen'], ...NL_META]);
    assert.equal(v(r, 'sender_name'), null);
  });

  it('guard: a name over the customer\'s address ("Adres klant:") is not the sender', () => {
    const r = run([[30, 35, 10, 'Els Bakker'], [30, 50, 10, 'Adres klant: Kerkstraat 5, 1011 AB Amsterdam'], [30, 120, 10, 'Factuurnummer: 2025-031'], [315, 120, 10, 'Datum: 05-03-2025'], ...PLAIN_TOTALS]);
    assert.equal(v(r, 'sender_name'), null);
  });

  it('guard: a name over an address further down the page is not the letterhead', () => {
    const r = run([[250, 35, 14, 'Factuur'], [30, 120, 10, 'Factuurnummer: 2025-031'], [315, 120, 10, 'Datum: 05-03-2025'], [30, 300, 10, 'Studio Noord'], [30, 314, 10, 'Adres: Havenweg 8, 9711 AB Groningen'], ...PLAIN_TOTALS]);
    assert.equal(v(r, 'sender_name'), null);
  });
});

// 7. An OCR reading of the number sign after "N" as "®" ("Factura N®: 001" for "Factura Nº: 001").
describe('"N®" read for "Nº" (fold19)', () => {
  it('"Factura N®: 0042" gives the number', () => {
    const r = run([[250, 35, 14, 'DoubleQ S.L.'], [330, 70, 9, 'Factura N®: 0042'], [330, 82, 9, 'Fecha de emisión: 24/01/2025'], ...PLAIN_TOTALS]);
    assert.equal(v(r, 'document_number'), '0042');
  });
  // invert31b: with dark bands mapped, round 7's scan reads its title line "N° 2020140205458" as "N® 2020140205458".
  it('a bare "N® 2020140205458" after the title gives the number, as a bare "N°" does', () => {
    for (const sign of ['N°', 'N®']) {
      const r = run([[60, 40, 16, 'AZIMUT'], [330, 40, 16, 'FACTURE'], [330, 62, 10, `${sign} 2020140205458`], [330, 76, 10, 'Date : 14/06/2020'], ...PLAIN_TOTALS]);
      assert.equal(v(r, 'document_number'), '2020140205458', sign);
    }
  });
});
