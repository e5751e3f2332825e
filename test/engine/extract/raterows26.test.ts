// raterows26 (issue 14): totals printed only as per-rate rows. An invoice with two VAT rates often
// sums its items per rate ("Base HT 20 % · TVA 20 % · TTC 20 %", "Bemessungsgrundlage 19 % · USt. 19 %",
// "Taxable 20% · VAT 20%") and prints the invoice total, but no total net. The gross was read; the
// net, the tax total and the rows stayed empty whenever the base's label is not a net label. Each
// rate's rows close by arithmetic (base × rate = tax, base + tax = the rate's gross when printed) and
// their sums meet the printed total: that settles the totals whatever word labels the base.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { generateAmountFamilyInvoice } from './fixtures/amountfamily.js';
import { FOOTER, LETTERHEAD, META, rowsKey, run, runPages, TITLE, WINDOW, type Lines } from './fixtures/run.js';

const HEAD: Lines = [...LETTERHEAD, ...WINDOW, ...META, ...TITLE];
/** An item table with a rate column: two items per rate, so no item amount is a rate's base. */
const items = (heads: readonly [string, string, string, string], rows: Array<[string, string, string, string]>): Lines => [
  [60, 330, 9, heads[0]], [100, 330, 9, heads[1]], [400, 330, 9, heads[2]], [490, 330, 9, heads[3]],
  ...rows.flatMap(([qty, desc, rate, amount], i): Lines => [[60, 346 + i * 13, 9, qty], [100, 346 + i * 13, 9, desc], [400, 346 + i * 13, 9, rate], [505, 346 + i * 13, 9, amount]]),
];
const totals = (rows: Array<[string, string]>, y = 420): Lines => rows.flatMap(([label, amount], i): Lines => [[330, y + i * 15, 10, label], [505, y + i * 15, 10, amount]]);
const money = (r: ReturnType<typeof run>) => [r.fields.net_amount.value, r.fields.tax_amount.value, r.fields.gross_amount.value];
const rows = (r: ReturnType<typeof run>) => {
  const v = r.fields.tax_breakdowns.value as unknown[] | null;
  return v && v.length ? rowsKey(v) : null;
};

// 20 %: 800,00 + 437,50 = 1 237,50, TVA 247,50, TTC 1 485,00; 5,5 %: 120,00 + 64,40 = 184,40, TVA 10,14, TTC 194,54.
const FR_ITEMS = items(['Qté', 'Désignation', 'TVA', 'Montant'], [['2', 'Maintenance chaudière', '20 %', '800,00'], ['1', 'Livre technique', '5,5 %', '120,00'], ['5', 'Main-d\'œuvre', '20 %', '437,50'], ['3', 'Brochure', '5,5 %', '64,40']]);
// 19 %: 1.000,00 + 250,00 = 1.250,00, USt. 237,50, brutto 1.487,50; 7 %: 80,00 + 45,60 = 125,60, USt. 8,79, brutto 134,39.
const DE_ITEMS = items(['Menge', 'Bezeichnung', 'USt-Satz', 'Betrag'], [['2', 'Wartung Heizungsanlage', '19 %', '1.000,00'], ['1', 'Fachbuch Heizungstechnik', '7 %', '80,00'], ['5', 'Anfahrt und Montage', '19 %', '250,00'], ['3', 'Broschüre', '7 %', '45,60']]);
// 20%: 600.00 + 350.00 = 950.00, VAT 190.00, gross 1,140.00; 5%: 90.00 + 42.00 = 132.00, VAT 6.60, gross 138.60.
const EN_ITEMS = items(['Qty', 'Description', 'VAT', 'Amount'], [['2', 'Consulting hours', '20%', '600.00'], ['1', 'Printed manual', '5%', '90.00'], ['5', 'Software licence', '20%', '350.00'], ['3', 'Child car seat', '5%', '42.00']]);

const FR = { money: ['1421.90', '257.64', '1679.54'], rows: '20.00|1237.50|247.50;5.50|184.40|10.14' };
const DE = { money: ['1375.60', '246.29', '1621.89'], rows: '19.00|1250.00|237.50;7.00|125.60|8.79' };
const EN = { money: ['1082.00', '196.60', '1278.60'], rows: '20.00|950.00|190.00;5.00|132.00|6.60' };

describe('raterows26: totals printed only as per-rate rows', () => {
  it('fr: "Base HT / TVA / TTC" per rate, then "Total TTC"', () => {
    const r = run([...HEAD, ...FR_ITEMS, ...totals([['Base HT 20 %', '1 237,50'], ['TVA 20 %', '247,50'], ['TTC 20 %', '1 485,00'], ['Base HT 5,5 %', '184,40'], ['TVA 5,5 %', '10,14'], ['TTC 5,5 %', '194,54'], ['Total TTC', '1 679,54 €']]), ...FOOTER]);
    assert.deepEqual(money(r), FR.money);
    assert.equal(rows(r), FR.rows);
  });

  it('fr: "Base HT / TVA" per rate without the rate\'s gross, then "Montant TTC"', () => {
    const r = run([...HEAD, ...FR_ITEMS, ...totals([['Base HT 20 %', '1 237,50'], ['TVA 20 %', '247,50'], ['Base HT 5,5 %', '184,40'], ['TVA 5,5 %', '10,14'], ['Montant TTC', '1 679,54 €']]), ...FOOTER]);
    assert.deepEqual(money(r), FR.money);
    assert.equal(rows(r), FR.rows);
  });

  it('de: "Bemessungsgrundlage / USt. / Brutto" per rate, then "Gesamtbetrag"', () => {
    const r = run([...HEAD, ...DE_ITEMS, ...totals([['Bemessungsgrundlage 19 %', '1.250,00'], ['USt. 19 %', '237,50'], ['Brutto 19 %', '1.487,50'], ['Bemessungsgrundlage 7 %', '125,60'], ['USt. 7 %', '8,79'], ['Brutto 7 %', '134,39'], ['Gesamtbetrag', '1.621,89 €']]), ...FOOTER]);
    assert.deepEqual(money(r), DE.money);
    assert.equal(rows(r), DE.rows);
  });

  it('de: "Entgelt / USt." per rate, then "Rechnungsbetrag"', () => {
    const r = run([...HEAD, ...DE_ITEMS, ...totals([['Entgelt 19 %', '1.250,00'], ['USt. 19 %', '237,50'], ['Entgelt 7 %', '125,60'], ['USt. 7 %', '8,79'], ['Rechnungsbetrag', '1.621,89']]), ...FOOTER]);
    assert.deepEqual(money(r), DE.money);
    assert.equal(rows(r), DE.rows);
  });

  it('en: "Taxable / VAT / Total" per rate, then "Invoice total"', () => {
    const r = run([...HEAD, ...EN_ITEMS, ...totals([['Taxable 20%', '950.00'], ['VAT 20%', '190.00'], ['Total 20%', '1,140.00'], ['Taxable 5%', '132.00'], ['VAT 5%', '6.60'], ['Total 5%', '138.60'], ['Invoice total', '1,278.60']]), ...FOOTER]);
    assert.deepEqual(money(r), EN.money);
    assert.equal(rows(r), EN.rows);
  });

  it('en: "Goods at / VAT at" per rate, then "Total"', () => {
    const r = run([...HEAD, ...EN_ITEMS, ...totals([['Goods at 20%', '950.00'], ['VAT at 20%', '190.00'], ['Goods at 5%', '132.00'], ['VAT at 5%', '6.60'], ['Total', '1,278.60']]), ...FOOTER]);
    assert.deepEqual(money(r), EN.money);
    assert.equal(rows(r), EN.rows);
  });

  it('reads every raterows page of the amount family (both splits) with its net, tax total and rows', () => {
    const wrong: string[] = [];
    let pages = 0;
    for (let i = 0; i < 400; i++) {
      const g = generateAmountFamilyInvoice(i);
      if (g.family !== 'raterows') continue;
      pages++;
      const r = runPages(g.pages);
      const got = [r.fields.net_amount.value, r.fields.tax_amount.value, r.fields.gross_amount.value, rows(r)];
      const want = [g.truth.net_amount, g.truth.tax_total, g.truth.gross_amount, rowsKey(g.truth.tax_breakdowns)];
      if (JSON.stringify(got) !== JSON.stringify(want)) wrong.push(`${g.id}: ${JSON.stringify(got)} ≠ ${JSON.stringify(want)}`);
    }
    assert.ok(pages >= 60);
    assert.deepEqual(wrong, []);
  });
});

describe('raterows26: guards', () => {
  it('one rate\'s rows alone are not the totals (amounts8\'s trap): the other rate\'s rows are not printed', () => {
    const r = run([...HEAD, ...FR_ITEMS, ...totals([['Base HT 20 %', '1 237,50'], ['TVA 20 %', '247,50'], ['TTC 20 %', '1 485,00'], ['Total TTC', '1 679,54 €']]), ...FOOTER]);
    assert.equal(r.fields.net_amount.value, null);
    assert.notEqual(r.fields.net_amount.value, '1237.50');
    assert.notEqual(r.fields.tax_amount.value, '247.50');
    assert.notEqual(r.fields.gross_amount.value, '1485.00');
  });

  it('one rate\'s rows are not the totals when no invoice total is printed', () => {
    const r = run([...HEAD, ...DE_ITEMS, ...totals([['Bemessungsgrundlage 19 %', '1.250,00'], ['USt. 19 %', '237,50'], ['Brutto 19 %', '1.487,50'], ['Bemessungsgrundlage 7 %', '125,60'], ['USt. 7 %', '8,79'], ['Brutto 7 %', '134,39']]), ...FOOTER]);
    assert.ok(!['1250.00', '125.60'].includes(String(r.fields.net_amount.value)));
    assert.ok(!['1487.50', '134.39'].includes(String(r.fields.gross_amount.value)));
    assert.ok(!['237.50', '8.79'].includes(String(r.fields.tax_amount.value)));
  });

  it('rows that do not add up to the printed total leave the net, the tax total and the rows empty', () => {
    const r = run([...HEAD, ...FR_ITEMS, ...totals([['Base HT 20 %', '1 237,50'], ['TVA 20 %', '247,50'], ['TTC 20 %', '1 485,00'], ['Base HT 5,5 %', '184,40'], ['TVA 5,5 %', '10,14'], ['TTC 5,5 %', '194,54'], ['Total TTC', '1 689,54 €']]), ...FOOTER]);
    assert.equal(r.fields.net_amount.value, null);
    assert.equal(r.fields.tax_amount.value, null);
    assert.equal(rows(r), null);
  });

  it('en: rows that do not add up to the printed total stay empty (no rate\'s gross printed)', () => {
    const r = run([...HEAD, ...EN_ITEMS, ...totals([['Goods at 20%', '950.00'], ['VAT at 20%', '190.00'], ['Goods at 5%', '132.00'], ['VAT at 5%', '6.60'], ['Total', '1,287.60']]), ...FOOTER]);
    assert.equal(r.fields.net_amount.value, null);
    assert.equal(r.fields.tax_amount.value, null);
    assert.equal(rows(r), null);
  });

  it('a rate\'s printed gross that is not its base plus its tax: the rows do not close, nothing is settled', () => {
    const r = run([...HEAD, ...DE_ITEMS, ...totals([['Bemessungsgrundlage 19 %', '1.250,00'], ['USt. 19 %', '237,50'], ['Brutto 19 %', '1.497,50'], ['Bemessungsgrundlage 7 %', '125,60'], ['USt. 7 %', '8,79'], ['Brutto 7 %', '134,39'], ['Gesamtbetrag', '1.621,89 €']]), ...FOOTER]);
    assert.equal(r.fields.net_amount.value, null);
    assert.equal(r.fields.tax_amount.value, null);
    assert.equal(rows(r), null);
  });
});
