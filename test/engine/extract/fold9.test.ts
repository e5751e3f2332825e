// Rules from round 9's native misses (issue 14, fold9), each on a generated page that fails
// without it: a tax id printed "(CC) number" (the supplier's, not the customer's), Polish labels
// and party headings, a number whose series code is set apart, a date label with a qualifying
// clause, a zero-rate tax row beside the totals column, names in another script, no return
// address without a town.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { findVatIds } from '../../../engine/extract/normalize/vat.js';
import { checkTunedFamilies, rowsKey, run, v, type Lines } from './fixtures/run.js';
import { FOLD9_FAMILIES, generateFold9Invoice } from './fixtures/fold9family.js';

const TOTALS_EN: Lines = [[330, 420, 10, 'Subtotal'], [490, 420, 10, '1,000.00'], [330, 434, 10, 'VAT 20%'], [495, 434, 10, '200.00'], [330, 448, 10, 'Total'], [490, 448, 10, '1,200.00']];

describe('a tax id printed with its country code in brackets', () => {
  it('reads "(ES) B28774008" as ESB28774008, and the other countries likewise', () => {
    assert.deepEqual(findVatIds('NIF: (ES) B28774008').map((x) => x.check.value), ['ESB28774008']);
    assert.deepEqual(findVatIds('TIN: (PL) 1234567788 · P.IVA: (IT) 12345678903').map((x) => x.check.value), ['PL1234567788', 'IT12345678903']);
    assert.deepEqual(findVatIds('Tel. (DE) 030 1234').map((x) => x.check.value), []);
  });

  it('gives the supplier\'s id, not the customer\'s, as the sender\'s', () => {
    const r = run([
      [56, 60, 14, 'Taller Olmedo S.L.'], [330, 60, 9, 'Supplier'], [330, 73, 9, 'Taller Olmedo S.L.'], [330, 86, 9, 'Calle Mayor 12, 28013 Madrid'], [330, 99, 9, 'NIF: (ES) B28774008'],
      [330, 140, 9, 'Customer'], [330, 153, 9, 'Ceramiche Adriatico S.r.l.'], [330, 166, 9, 'Via Roma 8, 60121 Ancona'], [330, 179, 9, 'P.IVA: (IT) 12345678903'],
      [56, 90, 14, 'Invoice'], [56, 110, 12, 'INV-0042'], ...TOTALS_EN,
    ]);
    assert.equal(v(r, 'sender_vat_number'), 'ESB28774008');
  });
});

describe('a tax id printed in both parties\' blocks', () => {
  it('is the sender\'s when the supplier\'s block prints it too (sample pages give the customer the same id)', () => {
    const r = run([
      [56, 60, 14, 'Provide One S.L.'], [330, 60, 9, 'Supplier'], [330, 73, 9, 'Provide One S.L.'], [330, 86, 9, 'Calle Pradillo 42, 28002 Madrid'], [330, 99, 9, 'TIN: (PL) 1234567788'],
      [330, 140, 9, 'Customer'], [330, 153, 9, 'Sample Consumer'], [330, 166, 9, 'Calle Pradillo 43, 28002 Madrid'], [330, 179, 9, 'TIN: (PL) 1234567788'],
      [56, 90, 14, 'Invoice'], [56, 110, 12, 'SAMPLE-001'], ...TOTALS_EN,
    ]);
    assert.equal(v(r, 'sender_vat_number'), 'PL1234567788');
  });
});

describe('a row of headings is not a label and its value', () => {
  it('does not read the sum beside a tax table\'s headings as the tax ("Tax | Base | Rate Amount | Sum €126,00")', () => {
    const r = run([
      [56, 60, 14, 'Hotel California'], [56, 90, 14, 'Invoice'], [56, 110, 12, 'SAMPLE-002'],
      [34, 433, 9, 'Tax'], [78, 433, 9, 'Base'], [121, 433, 9, 'Rate Exemption Amount'], [488, 433, 9, 'Sum €126,00'],
      [34, 455, 9, 'VAT'], [77, 455, 9, '€1,00'], [135, 455, 9, '—'], [199, 455, 9, 'N4'], [240, 455, 9, '€0,00'], [452, 455, 9, 'Included VAT'], [531, 455, 9, '€11,36'],
      [66, 478, 9, '€113,64 10,0%'], [234, 478, 9, '€11,36'], [489, 478, 9, 'Total €114,64'],
      [450, 501, 9, 'Total to pay €126,00'],
    ]);
    const offered = (r.fields.tax_amount.candidates ?? []).map((c) => c.value);
    assert.ok(!offered.includes('126.00'), `tax candidates ${JSON.stringify(offered)}`);
    assert.notEqual(v(r, 'tax_amount'), '126.00');
  });
});

describe('a Polish VAT invoice', () => {
  const page: Lines = [
    [220, 40, 14, 'Faktura nr FV 12/2025'],
    [56, 70, 9, 'Data wystawienia:'], [180, 70, 9, '2025-03-14'], [330, 70, 9, 'Data sprzedaży:'], [450, 70, 9, '2025-03-10'],
    [56, 84, 9, 'Termin płatności:'], [180, 84, 9, '2025-03-28'], [330, 84, 9, 'Metoda płatności:'], [450, 84, 9, 'przelew'],
    [56, 120, 10, 'Sprzedawca'], [330, 120, 10, 'Nabywca'],
    [56, 134, 9, 'Kowalski Serwis'], [56, 146, 9, 'ul. Polna 14'], [56, 158, 9, '30-001 Kraków'], [56, 170, 9, 'NIP: 6762412345'],
    [330, 134, 9, 'Nazwa: Stolarnia Wiśniewski'], [330, 146, 9, 'ul. Leśna 3'], [330, 158, 9, '10-001 Olsztyn'], [330, 170, 9, 'NIP: 7391234560'],
    [56, 300, 8, 'Stawka VAT'], [130, 300, 8, 'Wartość netto'], [210, 300, 8, 'Kwota VAT'], [280, 300, 8, 'Wartość brutto'],
    [56, 314, 8, '23%'], [130, 314, 8, '1 000,00'], [210, 314, 8, '230,00'], [280, 314, 8, '1 230,00'],
    [56, 328, 8, 'Razem'], [130, 328, 8, '1 000,00'], [210, 328, 8, '230,00'], [280, 328, 8, '1 230,00'],
  ];
  it('reads its number with the series code, its issue and due dates (not the date of sale), its parties and its type', () => {
    const r = run(page);
    assert.equal(v(r, 'document_number'), 'FV 12/2025');
    assert.equal(v(r, 'issue_date'), '2025-03-14');
    assert.equal(v(r, 'payment_due_date'), '2025-03-28');
    assert.equal(v(r, 'sender_name'), 'Kowalski Serwis');
    assert.equal(v(r, 'recipient_name'), 'Stolarnia Wiśniewski');
    assert.equal(v(r, 'type'), 'invoice');
  });

  it('reads a date of issue whose label carries a clause before its colon', () => {
    const r = run([
      [56, 40, 12, 'Numer faktury: FA/77/2025'],
      [56, 70, 9, 'Data wystawienia, z zastrzeżeniem art. 106na ust. 1 ustawy: 31.10.2025'],
      [56, 84, 9, 'Data dokonania lub zakończenia dostawy towarów:'], [56, 96, 9, '03.10.2025'],
    ]);
    assert.equal(v(r, 'issue_date'), '2025-10-31');
    assert.equal(v(r, 'document_number'), 'FA/77/2025');
  });
});

describe('document numbers', () => {
  it('keeps a series code set apart from the number ("FT A-2025/17")', () => {
    const r = run([[56, 60, 14, 'Innovatech Lda'], [56, 90, 14, 'Invoice'], [56, 110, 12, 'FT A-2025/17'], ...TOTALS_EN]);
    assert.equal(v(r, 'document_number'), 'FT A-2025/17');
  });

  it('does not take a currency or a number word for a series code', () => {
    const r = run([[56, 60, 14, 'Innovatech Lda'], [56, 90, 12, 'Invoice: EUR 1.200,00'], ...TOTALS_EN]);
    assert.notEqual(v(r, 'document_number'), 'EUR 1.200,00');
  });

});

describe('party names', () => {
  it('reads a name in another script under its heading (a Greek supplier and customer)', () => {
    const r = run([
      [56, 60, 14, 'Ελληνικά Τρόφιμα Α.Ε.'], [330, 60, 9, 'Supplier'], [330, 73, 9, 'Ελληνικά Τρόφιμα Α.Ε.'], [330, 86, 9, 'Θεσσαλονίκη, 54625'], [330, 99, 9, 'TIN: (EL) 177472438'],
      [330, 140, 9, 'Customer'], [330, 153, 9, 'Αιγαίο Λιανική Α.Ε.'], [330, 166, 9, 'Θεσσαλονίκη, 54625'],
      [56, 90, 14, 'Invoice'], [56, 110, 12, 'GRT-082'], ...TOTALS_EN,
    ]);
    assert.equal(v(r, 'sender_name'), 'Ελληνικά Τρόφιμα Α.Ε.');
    assert.equal(v(r, 'recipient_name'), 'Αιγαίο Λιανική Α.Ε.');
  });

  it('does not take a country before a postcode, or an item before a week number, for a return-address line', () => {
    for (const line of ['Canada - 90250', 'Software development - 2024 W25']) {
      const r = run([[56, 50, 12, 'Festrol Corp Ltd.'], [56, 64, 9, '1711 W. El Segundo Blvd, Hawthorne,'], [56, 76, 9, line], [56, 200, 9, 'Bill to'], [56, 212, 10, 'John Doe'], ...TOTALS_EN]);
      assert.notEqual(v(r, 'sender_name'), line.split(' - ')[0]);
    }
  });
});

describe('a zero-rate tax row beside the totals column', () => {
  it('takes the row\'s own base, not the total printed further along its line', () => {
    const r = run([
      [56, 60, 14, 'Provide One S.L.'], [56, 90, 14, 'Invoice'], [56, 110, 12, 'FR-012'],
      [56, 400, 9, 'Tax'], [120, 400, 9, 'Base'], [200, 400, 9, 'Rate'], [260, 400, 9, 'Amount'], [420, 400, 9, 'Sum'], [490, 400, 9, '€1.630,00'],
      [56, 414, 9, 'VAT'], [120, 414, 9, '€1.620,00'], [200, 414, 9, '21,0%'], [260, 414, 9, '€340,20'], [420, 414, 9, 'Tax'], [490, 414, 9, '€340,20'],
      [120, 428, 9, '€10,00'], [200, 428, 9, '0,0%'], [260, 428, 9, '€0,00'], [420, 428, 9, 'Total'], [490, 428, 9, '€1.970,20'],
    ]);
    const rows = (r.fields.tax_breakdowns.candidates ?? []).map((c) => c.value as { tax_rate: string; taxable_amount: string });
    assert.ok(!rows.some((x) => Number(x.tax_rate) === 0 && x.taxable_amount === '1970.20'), JSON.stringify(rows));
    if ((v(r, 'tax_breakdowns') as unknown[]).length) assert.equal(rowsKey(v(r, 'tax_breakdowns')), '0.00|10.00|0.00;21.00|1620.00|340.20');
  });
});

describe('the fold9 family', () => {
  it('reads every family without a wrong value (tuned split)', () => {
    const { wrong, docs, families } = checkTunedFamilies(0, 144, generateFold9Invoice);
    assert.deepEqual([...families].sort(), [...FOLD9_FAMILIES].sort());
    assert.ok(docs > 90, `${docs} tuned documents`);
    assert.deepEqual(wrong, []);
  });
});
