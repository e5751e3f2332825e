// Issue 14, round 4: the invoice families of fixtures/families.ts (prose tax rows, tax tables
// in any column order, credit notes, carried-forward subtotals, dates side by side, footer
// senders with attention lines, item lines with their own tax, other documents' numbers), and
// one generated page per round-4 rule, recall rules and abstentions alike.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { FAMILIES, generateFamilyInvoice } from './fixtures/families.js';
import { checkTunedFamilies, FOOTER, LETTERHEAD, META, rowsKey, run, runPages, TITLE, TOTALS, v, WINDOW } from './fixtures/run.js';


describe('generic extraction on the round-4 families', () => {
  it('reads every family in four languages without a wrong value (tuned split)', () => {
    const { wrong, read, docs, families } = checkTunedFamilies(0, 240);
    assert.deepEqual(wrong, []);
    assert.ok(read >= docs * 0.85, `gross read on ${read}/${docs}`);
    assert.equal(families.size, FAMILIES.length);
  });

  it('an attention line in the address window is never the recipient', () => {
    for (const attn of ['z. Hd. Frau Anna Schulz', 'Attn: Sarah Miller', "À l'attention de Mme Martin", 'T.a.v. crediteurenadministratie', 'FAO Accounts Payable']) {
      const before = run([...LETTERHEAD, [56, 165, 10, attn], [56, 178, 10, 'Atelier Sonnenberg GmbH'], [56, 191, 10, 'Kade 4'], [56, 204, 10, '50667 Köln'], ...META, ...TITLE, ...TOTALS, ...FOOTER]);
      assert.equal(v(before, 'recipient_name'), 'Atelier Sonnenberg GmbH', attn);
      const after = run([...LETTERHEAD, [56, 165, 10, 'Atelier Sonnenberg GmbH'], [56, 178, 10, attn], [56, 191, 10, 'Kade 4'], [56, 204, 10, '50667 Köln'], ...META, ...TITLE, ...TOTALS, ...FOOTER]);
      assert.equal(v(after, 'recipient_name'), 'Atelier Sonnenberg GmbH', attn);
    }
  });

  it('a sender printed only in a footer column with a capital SA is the sender, not the recipient', () => {
    const r = run([
      [56, 165, 10, 'Garage Dubois SARL'], [56, 178, 10, '3 route de Paris'], [56, 191, 10, '44000 Nantes'],
      [360, 160, 9, 'Facture n°: F-2024-118'], [360, 173, 9, 'Date de facture: 09/06/2024'], [56, 270, 16, 'Facture'],
      [330, 420, 10, 'Total HT'], [490, 420, 10, '1 000,00'], [330, 434, 10, 'TVA 20 %'], [495, 434, 10, '200,00'], [330, 448, 10, 'Total TTC'], [490, 448, 10, '1 200,00'],
      [56, 755, 7, 'Imprimerie du Nord SA'], [56, 764, 7, '40 avenue Foch'], [56, 773, 7, '59000 Lille'],
      [420, 755, 7, 'RCS Lille B 523 456 789'], [420, 764, 7, 'N° TVA FR40303265045'],
    ]);
    assert.equal(v(r, 'sender_name'), 'Imprimerie du Nord SA');
    assert.equal(v(r, 'recipient_name'), 'Garage Dubois SARL');
  });

  it('order and delivery dates beside the invoice date do not take it; "Betalingstermijn" is a payment term', () => {
    const fr = run([...LETTERHEAD, ...WINDOW, [360, 165, 9, 'Facture n°: F-2025-4'],
      [56, 245, 8, 'Date de commande'], [181, 245, 8, 'Date de livraison'], [306, 245, 8, 'Date de facture'], [431, 245, 8, 'N° client'],
      [56, 257, 9, '15/01/2025'], [181, 257, 9, '19/01/2025'], [306, 257, 9, '23/01/2025'], [431, 257, 9, '20414'], [56, 290, 16, 'Facture'], ...TOTALS, ...FOOTER]);
    assert.equal(v(fr, 'issue_date'), '2025-01-23');
    const nl = run([...LETTERHEAD, ...WINDOW, [360, 160, 9, 'Factuurnummer: F-2025-9'], [360, 173, 9, 'Factuurdatum: 18-02-2025'], [56, 270, 16, 'Factuur'], ...TOTALS,
      [56, 480, 9, 'Betalingstermijn: 30 dagen netto'], ...FOOTER]);
    assert.equal(v(nl, 'payment_due_date'), '2025-03-20');
  });

  it('a French credit note: "Numéro d\'avoir" is its number, the type is credit-note', () => {
    const r = run([...LETTERHEAD, ...WINDOW, [360, 160, 9, "Numéro d'avoir: CR-2024-00938"], [360, 173, 9, 'Date de facture: 09/06/2024'], [56, 290, 16, 'Avoir'],
      [330, 420, 10, 'Total HT'], [490, 420, 10, '1 000,00'], [330, 434, 10, 'TVA 20 %'], [495, 434, 10, '200,00'], [330, 448, 10, 'Total avoir TTC'], [490, 448, 10, '1 200,00'], ...FOOTER]);
    assert.equal(v(r, 'document_number'), 'CR-2024-00938');
    assert.equal(v(r, 'type'), 'credit-note');
  });

  it('item lines printing net | rate | tax | gross: the totals row, not an item line; no tax rows from items', () => {
    // fam-152 (tuned split): four item lines at 19 % and 7 %, a "Summe" row, one line per rate.
    const g = generateFamilyInvoice(152);
    assert.equal(g.family, 'linegross');
    const r = runPages(g.pages);
    // Before round 4 an item line won (net 1105.68, tax 2.17, gross 1107.85); now the "Summe"
    // row's net, the per-rate lines (their printed bases kept though the "USt. 19 %" label
    // reads the same tax more strongly) and the gross they add up to; no item line is a tax row.
    assert.equal(r.fields.net_amount.value, g.truth.net_amount);
    assert.equal(r.fields.gross_amount.value, g.truth.gross_amount);
    assert.equal(rowsKey(r.fields.tax_breakdowns.value), rowsKey(g.truth.tax_breakdowns));
    assert.ok((r.candidates.get('tax_breakdowns') ?? []).every((c) => /^USt\./.test(c.raw)));
    assert.ok((r.candidates.get('net_amount') ?? []).every((c) => c.value === g.truth.net_amount));
    // The item lines alone (no per-rate lines): no row of them is a tax row.
    const items = run([...LETTERHEAD, ...WINDOW, ...META, ...TITLE,
      [56, 340, 9, 'Menge'], [90, 340, 9, 'Bezeichnung'], [290, 340, 9, 'Netto EUR'], [375, 340, 9, '%'], [437, 340, 9, 'MwSt'], [520, 340, 9, 'Brutto'],
      [56, 356, 9, '8'], [90, 356, 9, 'Wartung'], [290, 356, 9, '1.105,68'], [373, 356, 9, '19'], [425, 356, 9, '210,08'], [508, 356, 9, '1.315,76'],
      [56, 369, 9, '6'], [90, 369, 9, 'Transport'], [298, 369, 9, '299,16'], [373, 369, 9, '19'], [431, 369, 9, '56,84'], [512, 369, 9, '356,00'], ...FOOTER]);
    assert.ok(!(items.candidates.get('tax_breakdowns') ?? []).length);
  });
});

describe('abstentions (round 4): a field left empty rather than a guess', () => {
  it('no type without a type word unless arithmetic confirms the total; never "other"', () => {
    const confirmed = run([...LETTERHEAD, ...WINDOW, ...META, ...TOTALS, ...FOOTER]);
    assert.equal(v(confirmed, 'type'), 'invoice');
    const bare = run([...LETTERHEAD, ...WINDOW, [360, 173, 9, 'Datum: 12.02.2025'], [56, 300, 10, 'Wir bestätigen den Eingang Ihres Schreibens.'], ...FOOTER]);
    assert.equal(v(bare, 'type'), null);
    assert.ok(bare.reasons.includes('type_not_confirmed'));
  });

  it('several VAT ids that no block gives to the buyer, the chosen one mid-page: none', () => {
    const mid = run([...LETTERHEAD, ...WINDOW, ...META, ...TITLE, [56, 320, 9, 'USt-IdNr. DE136695976'], [300, 320, 9, 'USt-IdNr. DE811907980'], ...TOTALS]);
    assert.equal(v(mid, 'sender_vat_number'), null);
    assert.ok(mid.reasons.includes('sender_vat_number_ambiguous'));
    // One VAT id in the footer: the sender's.
    const footer = run([...LETTERHEAD, ...WINDOW, ...META, ...TITLE, ...TOTALS, ...FOOTER]);
    assert.equal(v(footer, 'sender_vat_number'), 'DE811907980');
  });

  it('tax rows whose bases miss the net are left empty; the totals stay', () => {
    const r = run([...LETTERHEAD, ...WINDOW, ...META, ...TITLE,
      [330, 420, 10, 'Nettobetrag'], [490, 420, 10, '1.000,00'],
      [300, 434, 10, 'USt. 19 % auf 600,00'], [495, 434, 10, '114,00'],
      [300, 448, 10, 'USt. 7 % auf 300,00'], [500, 448, 10, '21,00'],
      [330, 462, 10, 'Gesamtbetrag'], [490, 462, 10, '1.135,00'], ...FOOTER]);
    assert.equal(v(r, 'gross_amount'), '1135.00');
    assert.deepEqual(v(r, 'tax_breakdowns'), []);
    assert.ok(r.reasons.includes('tax_breakdown_not_consistent'));
  });

  it('a single tax row whose printed base is not the net is not the breakdown', () => {
    const r = run([...LETTERHEAD, ...WINDOW, ...META, ...TITLE,
      [330, 420, 10, 'Nettobetrag'], [490, 420, 10, '1.000,00'], [300, 434, 10, 'USt. 19 % auf 800,00'], [495, 434, 10, '152,00'], [330, 448, 10, 'Gesamtbetrag'], [490, 448, 10, '1.152,00'], ...FOOTER]);
    assert.equal(v(r, 'gross_amount'), '1152.00');
    assert.deepEqual(v(r, 'tax_breakdowns'), []);
  });

  it('amounts that add up only within rounding, with no rate to confirm them: none', () => {
    const r = run([...LETTERHEAD, ...WINDOW, ...META, ...TITLE,
      [330, 420, 10, 'Nettobetrag'], [490, 420, 10, '100,00'], [330, 434, 10, 'Umsatzsteuer'], [495, 434, 10, '19,01'], [330, 448, 10, 'Gesamtbetrag'], [490, 448, 10, '119,00'], ...FOOTER]);
    assert.equal(v(r, 'gross_amount'), null);
    assert.equal(v(r, 'net_amount'), null);
    assert.ok(r.reasons.includes('amounts_only_approximately_consistent'));
  });
});
