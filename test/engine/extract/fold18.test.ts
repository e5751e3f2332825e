// Round 18 folded in (issue 14, fold18): the wrong values and misses of round 18's layouts, each as a
// generated page written before its rule and run against main f2ba59c's engine (docs/decisions.md, fold18).
// The party names first (all five wrong values of the round were party names), then the empty fields.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { FOOTER, LETTERHEAD, META, run, TITLE, TOTALS, v, type Lines } from './fixtures/run.js';

const DOLLAR_TOTALS: Lines = [[400, 420, 10, 'Subtotal'], [500, 420, 10, '880.00'], [400, 434, 10, 'Tax (10%)'], [500, 434, 10, '88.00'], [400, 448, 10, 'Total'], [500, 448, 10, '968.00']];

// 1. A contact person set above the company it works for (a Typst business letter: "Dr. Petra Schmidt" over
//    "MedTech Solutions AG"; a US Typst template: "Jane Doe" over "Big Brain Industries LLC" under "Recipient").
//    The company names the party when its line is a name of its own, with a legal form or the block's mail
//    domain; the person is its contact.
describe('a contact person above the company (fold18)', () => {
  it('the window under a return-address line: the company under "Dr. Petra Schmidt" is the recipient', () => {
    const r = run([...LETTERHEAD, [56, 165, 10, 'Dr. Petra Schmidt'], [56, 178, 10, 'MedTech Solutions AG'], [56, 191, 10, 'Potsdamer Platz 1'], [56, 204, 10, '10785 Berlin'], ...META, ...TITLE, ...TOTALS, ...FOOTER]);
    assert.equal(v(r, 'recipient_name'), 'MedTech Solutions AG');
  });

  it('under a "Recipient" heading: the company under the person, confirmed by its legal form', () => {
    const r = run([
      [430, 40, 16, 'Invoice'], [330, 70, 9, 'Invoice No: A-17'], [330, 82, 9, 'Date: 02/04/2026'],
      [18, 116, 10, 'Recipient'],
      [18, 129, 10, 'Jane Doe'], [18, 143, 10, 'Big Brain Industries LLC'], [18, 157, 10, 'jane@bigbrainindustries.com'], [18, 170, 10, '123-456-7890'],
      ...DOLLAR_TOTALS,
    ]);
    assert.equal(v(r, 'recipient_name'), 'Big Brain Industries LLC');
  });

  it('guard: the person alone over the street stays the recipient', () => {
    const r = run([...LETTERHEAD, [56, 165, 10, 'Dr. Petra Schmidt'], [56, 178, 10, 'Potsdamer Platz 1'], [56, 191, 10, '10785 Berlin'], ...META, ...TITLE, ...TOTALS, ...FOOTER]);
    assert.equal(v(r, 'recipient_name'), 'Dr. Petra Schmidt');
  });

  it('guard: a company above the person is the recipient as before', () => {
    const r = run([...LETTERHEAD, [56, 165, 10, 'MedTech Solutions AG'], [56, 178, 10, 'Dr. Petra Schmidt'], [56, 191, 10, 'Potsdamer Platz 1'], [56, 204, 10, '10785 Berlin'], ...META, ...TITLE, ...TOTALS, ...FOOTER]);
    assert.equal(v(r, 'recipient_name'), 'MedTech Solutions AG');
  });

  it('guard: a line under the person that is no company (no legal form, another mail domain) leaves the person', () => {
    const r = run([
      [430, 40, 16, 'Invoice'], [330, 70, 9, 'Invoice No: A-17'], [330, 82, 9, 'Date: 02/04/2026'],
      [18, 116, 10, 'Recipient'],
      [18, 129, 10, 'Jane Doe'], [18, 143, 10, 'Riverside Bakery'], [18, 157, 10, 'jane.doe@gmail.com'],
      ...DOLLAR_TOTALS,
    ]);
    assert.equal(v(r, 'recipient_name'), 'Jane Doe');
  });
});

// 2. "Recipient" and "Contractor" side by side (the US Typst template): the contractor is the one who
//    invoices the work. Its company line has no legal form ("Smug Cat Law Firm"); the mail domain printed
//    under it (smugcatlawfirm.com) names it, not the person above.
const PAIR: Lines = [
  [18, 116, 10, 'Recipient'], [306, 116, 10, 'Contractor'],
  [18, 129, 10, 'Jane Doe'], [306, 129, 10, 'John Smith'],
  [18, 143, 10, 'Big Brain Industries LLC'], [306, 143, 10, 'Smug Cat Law Firm'],
  [18, 157, 10, 'jane@bigbrainindustries.com'], [306, 157, 10, 'john@smugcatlawfirm.com'],
  [18, 170, 10, '123-456-7890'], [306, 170, 10, '123-456-7890'],
];
describe('"Contractor" heads the sender\'s block (fold18)', () => {
  it('reads the contractor\'s company as the sender and the recipient\'s company as the recipient', () => {
    const r = run([[430, 40, 16, 'Invoice'], [330, 70, 9, 'Invoice No: A-17'], ...PAIR, ...DOLLAR_TOTALS]);
    assert.equal(v(r, 'sender_name'), 'Smug Cat Law Firm');
    assert.equal(v(r, 'recipient_name'), 'Big Brain Industries LLC');
  });

  it('guard: "Contractor" in a sentence is no heading', () => {
    const r = run([[430, 40, 16, 'Invoice'], [330, 70, 9, 'Invoice No: A-17'], [18, 300, 9, 'Contractor agrees to deliver the work'], [18, 312, 9, 'Acme Widgets'], ...DOLLAR_TOTALS]);
    assert.notEqual(v(r, 'sender_name'), 'Acme Widgets');
  });
});

// 3. A department line inside the address window ("Hinkelsteininvest SE" / "- Abteilung Ankauf -" / street /
//    town, a German LaTeX letter) names a part of the addressee, never the party. The same page's second block
//    under "Leistungsempfänger:" (a key with its colon) already gave the company; no label was added for it,
//    and the guards below keep it so.
const LATEX_HEAD: Lines = [[374, 47, 12, 'Obelix GmbH & Co. KG'], [57, 119, 7, 'Obelix GmbH & Co. KG'], [56, 129, 7, 'Am Steinbruch 1 · Kleines gallisches Dorf']];
const LATEX_META: Lines = [[480, 178, 14, 'Rechnung'], [369, 196, 9, 'Rechnungsdatum'], [483, 196, 9, '21.04.1978'], [369, 207, 9, 'Rechnungsnummer'], [491, 207, 9, '1978-001']];
describe('a department line in the address window (fold18)', () => {
  it('the department line under the company is not the recipient; the company is', () => {
    const r = run([...LATEX_HEAD, [57, 145, 10, 'Hinkelsteininvest SE'], [55, 171, 10, '- Abteilung Ankauf -'], [57, 189, 10, 'Lager 3'], [56, 207, 10, '1234 Laudanum'], ...LATEX_META, ...TOTALS]);
    assert.equal(v(r, 'recipient_name'), 'Hinkelsteininvest SE');
  });

  it('guard: the block under "Leistungsempfänger:" gives the company', () => {
    const r = run([...LATEX_HEAD, ...LATEX_META, [63, 286, 10, 'Leistungsempfänger:'], [63, 303, 10, 'Hinkelsteininvest SE'], [63, 317, 10, 'Lager 3'], [63, 332, 10, '1234 Laudanum'], ...TOTALS]);
    assert.equal(v(r, 'recipient_name'), 'Hinkelsteininvest SE');
  });

  it('guard: a "Department of …" addressee alone keeps its name', () => {
    const r = run([[56, 50, 15, 'Nordlicht Technik Ltd'], [56, 150, 7, 'Nordlicht Technik Ltd · 12 Harbour Road · Leeds LS1 4DY'], [56, 165, 10, 'Department of Transport'], [56, 178, 10, '33 Horseferry Road'], [56, 191, 10, 'London SW1P 4DR'], ...META, ...TITLE, ...TOTALS, ...FOOTER]);
    assert.equal(v(r, 'recipient_name'), 'Department of Transport');
  });

  it('guard: the reverse-charge sentence naming the "Leistungsempfänger" gives no recipient', () => {
    const r = run([...LETTERHEAD, ...META, ...TITLE, ...TOTALS, [56, 500, 9, 'Leistungsempfänger schuldet die Umsatzsteuer'], ...FOOTER]);
    assert.notEqual(v(r, 'recipient_name'), 'schuldet die Umsatzsteuer');
  });
});

// 4. Canadian sales taxes name the tax line: Québec "TPS/TVQ" (a FOP invoice: "Sous-total 9.41$ · TPS/TVQ
//    1.41$ · Grand total 10.82$"), "TPS", "TVQ", "TVH", and in English "GST", "HST", "QST", "PST".
const QUEBEC = (tax: string): Lines => [
  [105, 56, 10, 'Chat Illimités Inc.'], [467, 56, 10, 'Facture #00042'], [463, 71, 9, "Date d'émission"], [484, 80, 9, '2024/04/15'],
  [105, 66, 9, '123 rue Félin, Chatmonix, Québec'],
  [71, 169, 9, 'ARTICLE'], [408, 169, 9, 'QTÉ'], [451, 169, 9, 'PRIX'], [484, 169, 9, 'MONTANT'],
  [71, 189, 9, 'Patente à gosse #10'], [420, 189, 9, '2'], [450, 189, 9, '4.44$'], [504, 189, 9, '0,00$'],
  [71, 210, 9, 'Machin chouette à tête carrée'], [420, 210, 9, '1'], [450, 210, 9, '4.97$'], [504, 210, 9, '0,00$'],
  [71, 241, 10, 'Sous-total'], [504, 241, 10, '9.41$'], [71, 260, 10, tax], [504, 260, 10, '1.41$'], [71, 281, 10, 'Grand total'], [500, 281, 10, '10.82$'],
];
describe('Canadian sales taxes (fold18)', () => {
  it('"TPS/TVQ" between "Sous-total" and "Grand total" is the tax', () => {
    const r = run(QUEBEC('TPS/TVQ'));
    assert.equal(v(r, 'net_amount'), '9.41');
    assert.equal(v(r, 'tax_amount'), '1.41');
    assert.equal(v(r, 'gross_amount'), '10.82');
  });

  it('"HST (13%)" in an English totals block', () => {
    const r = run([[430, 40, 16, 'Invoice'], [330, 70, 9, 'Invoice No: A-17'], [330, 82, 9, 'Date: 2024-04-15'], [400, 420, 10, 'Subtotal'], [500, 420, 10, '100.00'], [400, 434, 10, 'HST (13%)'], [500, 434, 10, '13.00'], [400, 448, 10, 'Total'], [500, 448, 10, '113.00']]);
    assert.equal(v(r, 'tax_amount'), '13.00');
    assert.equal(v(r, 'gross_amount'), '113.00');
  });

  it('guard: the registration numbers "No TPS" / "No TVQ" are no tax amounts', () => {
    const r = run([...QUEBEC('TPS/TVQ'), [71, 700, 8, 'TPS: 123456789 RT0001'], [71, 712, 8, 'TVQ: 1234567890 TQ0001']]);
    assert.equal(v(r, 'tax_amount'), '1.41');
  });
});

// 5. A "Grand Total" over section totals (the US Typst template: "Total: $880.00" under the services,
//    "Total: $246.90" under the materials, "Grand Total: $1126.90"): the section totals printed above it
//    add up to it, which confirms it against the equally labelled section totals. No tax is printed.
const SECTIONS = (grand: string): Lines => [
  [18, 86, 10, '02-04-2026'], ...PAIR,
  [28, 252, 10, 'Service Rendered'], [497, 252, 10, 'Hours'], [559, 252, 10, 'Total'],
  [28, 279, 10, 'Database Migration.'], [509, 279, 10, '6'], [547, 279, 10, '$480.00'],
  [28, 306, 10, 'Inventory Cleanup.'], [509, 306, 10, '5'], [547, 306, 10, '$400.00'],
  [500, 361, 10, 'Total: $880.00'],
  [28, 410, 10, 'Materials'], [553, 410, 10, 'Total'],
  [28, 437, 10, 'CAT6'], [547, 437, 10, '$123.45'], [28, 464, 10, 'UPS Battery'], [547, 464, 10, '$123.45'],
  [500, 491, 10, 'Total: $246.90'],
  [421, 530, 10, 'Grand Total:'], [543, 530, 10, grand],
];
describe('a grand total confirmed by the section totals above it (fold18)', () => {
  it('"Grand Total: $1126.90" = 880.00 + 246.90 is the gross amount', () => {
    assert.equal(v(run(SECTIONS('$1126.90')), 'gross_amount'), '1126.90');
  });
  it('guard: a grand total the section totals do not add up to stays empty', () => {
    assert.equal(v(run(SECTIONS('$1199.90')), 'gross_amount'), null);
  });
});

describe('a contact person above the company: the block\'s mailbox (fold18)', () => {
  it('guard: a personal mailbox under "John Doe" / "Acme Corp" keeps the person as the recipient', () => {
    const r = run([
      [330, 27, 16, 'Invoice'], [330, 50, 9, 'Invoice Number:'], [330, 66, 9, '1'],
      [30, 174, 10, 'Bill To:'], [330, 174, 10, 'Bill From:'],
      [30, 190, 10, 'John Doe'], [330, 190, 10, 'Big Corp'],
      [30, 206, 10, 'Acme Corp'], [330, 206, 10, '2 Flowers Streets, London'],
      [30, 221, 10, 'john.doe@gmail.com'], [330, 221, 10, 'UK'],
      ...DOLLAR_TOTALS,
    ]);
    assert.equal(v(r, 'recipient_name'), 'John Doe');
  });
});
