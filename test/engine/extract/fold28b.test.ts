// Round 21 folded in (issue 14, fold28b): the misses of round 21's layouts, each as a generated page written
// before its rule and run against main b0baba7's engine (docs/decisions.md, fold28b): a totals block that
// withholds income tax (Spanish IRPF, Italian ritenuta d'acconto), the abbreviated Spanish "Núm. Factura",
// the Spanish/Portuguese block headings "De:" / "Para:", and a return-address line with an English label
// ("Returns to: …") above the address window.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { run, v, type Lines } from './fixtures/run.js';

const HEAD: Lines = [[200, 60, 11, 'Núm. Factura:'], [460, 60, 11, '1602150001'], [180, 86, 11, 'Fecha de emisión:'], [400, 86, 11, '15 de Febrero de 2016']];
const PARTIES: Lines = [
  [64, 135, 15, 'De:'], [305, 135, 15, 'Para:'],
  [63, 167, 13, 'Jordi Puig Serra'], [304, 167, 13, 'Distribuciones Levante S.L.'],
  [61, 195, 9, 'Carrer Major 18'], [302, 195, 9, 'Avenida del Puerto 4'],
  [61, 215, 9, '08902 Hospitalet (Barcelona)'], [302, 215, 9, '46024 Valencia'],
];
/** A Spanish totals block: base, IVA, the IRPF line given, total. */
const spanishTotals = (irpf: Lines, total: string): Lines => [
  [332, 457, 10, 'Base imponible'], [505, 457, 10, '920 €'],
  [336, 479, 10, 'IVA ( 18.00 %)'], [488, 479, 10, '165.60 €'],
  ...irpf,
  [353, 523, 15, 'TOTAL'], [463, 523, 15, total],
];
const IRPF: Lines = [[328, 500, 10, 'IRPF ( 15.00 %)'], [484, 500, 10, '-138.00 €']];

describe('a totals block that withholds income tax (fold28b)', () => {
  it('Spanish IRPF: base 920 + IVA 165.60 − IRPF 138.00 = total 947.60; the tax is the IVA', () => {
    const r = run([...HEAD, ...PARTIES, ...spanishTotals(IRPF, '947.60 €')]);
    assert.equal(v(r, 'net_amount'), '920.00');
    assert.equal(v(r, 'gross_amount'), '947.60');
    assert.equal(v(r, 'tax_amount'), '165.60');
  });

  it('Italian ritenuta d\'acconto: 1.000,00 + IVA 220,00 − 200,00 = 1.020,00', () => {
    const r = run([
      [400, 40, 16, 'Fattura'], [330, 70, 9, 'Fattura n. 12/2024'], [330, 82, 9, 'Data: 05/03/2024'],
      [330, 420, 10, 'Imponibile'], [480, 420, 10, '1.000,00'],
      [330, 434, 10, 'IVA 22%'], [486, 434, 10, '220,00'],
      [330, 448, 10, "Ritenuta d'acconto 20%"], [482, 448, 10, '-200,00'],
      [330, 462, 10, 'Totale da pagare'], [480, 462, 10, '1.020,00'],
    ]);
    assert.equal(v(r, 'net_amount'), '1000.00');
    assert.equal(v(r, 'gross_amount'), '1020.00');
    assert.equal(v(r, 'tax_amount'), '220.00');
  });

  it('guard: a withholding that is not its printed rate of the base reads no total', () => {
    // 920 × 15 % = 138.00, not 100.00; the sum still closes (920 + 165.60 − 100 = 985.60).
    const r = run([...HEAD, ...PARTIES, ...spanishTotals([[328, 500, 10, 'IRPF ( 15.00 %)'], [484, 500, 10, '-100.00 €']], '985.60 €')]);
    assert.equal(v(r, 'gross_amount'), null);
  });

  it('guard: a line that is no withholding between the tax and the total reads no total', () => {
    const r = run([...HEAD, ...PARTIES, ...spanishTotals([[328, 500, 10, 'Anticipo ( 15.00 %)'], [484, 500, 10, '-138.00 €']], '947.60 €')]);
    assert.equal(v(r, 'gross_amount'), null);
  });
});

describe('"Núm. Factura" (fold28b)', () => {
  it('the number right of "Núm. Factura:" is the document number', () => {
    assert.equal(v(run([...HEAD, ...PARTIES, ...spanishTotals(IRPF, '947.60 €')]), 'document_number'), '1602150001');
  });
});

describe('"De:" / "Para:" block headings (fold28b)', () => {
  it('the names under "De:" and "Para:" are the sender and the recipient', () => {
    const r = run([...HEAD, ...PARTIES, ...spanishTotals(IRPF, '947.60 €')]);
    assert.equal(v(r, 'sender_name'), 'Jordi Puig Serra');
    assert.equal(v(r, 'recipient_name'), 'Distribuciones Levante S.L.');
  });

  it('guard: "De:" before a date heads no party', () => {
    const r = run([...HEAD, [64, 135, 11, 'Periodo'], [64, 150, 11, 'De:'], [64, 165, 11, '01/01/2016'], [305, 150, 11, 'A:'], [305, 165, 11, '31/01/2016'], ...spanishTotals(IRPF, '947.60 €')]);
    assert.equal(v(r, 'sender_name'), null);
  });
});

describe('a return-address line labelled "Returns to:" (fold28b)', () => {
  const page = (returnLine: string): Lines => [
    [64, 40, 10, 'Maple Works B.V.'], [64, 52, 10, 'Businessstraat 123'], [64, 64, 10, '1234 AB Amsterdam'], [64, 76, 10, 'Netherlands'],
    [64, 129, 5.5, returnLine],
    [64, 139, 10, 'Good Company Poland B.V.'], [64, 151, 10, 'Ulica Podhalańska 2'], [64, 163, 10, '80-322 Gdańsk'], [64, 175, 10, 'Poland'],
    [312, 109, 20, 'Invoice'], [312, 160, 10, 'Invoice No'], [436, 160, 10, 'Date'], [312, 172, 10, '20250001'], [436, 172, 10, '2025-01-15'],
    [330, 420, 10, 'Sum'], [480, 420, 10, '6.720,00'], [330, 434, 10, 'Total including tax'], [470, 434, 10, 'EUR 6.720,00'],
  ];

  it('the block under "Returns to: <sender>, <street>, <postcode town>" is the recipient', () => {
    const r = run(page('Returns to: Maple Works B.V., Businessstraat 123, 1234 AB Amsterdam, Netherlands'));
    assert.equal(v(r, 'recipient_name'), 'Good Company Poland B.V.');
    assert.equal(v(r, 'sender_name'), 'Maple Works B.V.');
  });

  it('guard: a small-print line with another label ("Office: …") is no return address', () => {
    const r = run(page('Office: Maple Works B.V., Businessstraat 123, 1234 AB Amsterdam, Netherlands'));
    assert.deepEqual(r.fields.sender_name.candidates?.filter((c) => c.method === 'sender_line') ?? [], []);
  });
});
