// Document type on evidence (issue 14, `type12`), each rule on a generated page: an item row that
// deducts a credit is no title; self-billing statements in more words (Gutschriftverfahren,
// autofacture, zelffacturatie) give no type; a sentence naming the document a credit note
// contradicts an invoice read from labels alone. Plus the type family 2's tuned split.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { documentTitles, SELF_BILLING } from '../../../engine/extract/normalize/doctype.js';
import { generatedSplit } from './fixtures/layouts.js';
import { run, runPages, type Lines } from './fixtures/run.js';
import { generateTypeFamily2Invoice, TYPE_FAMILIES_2 } from './fixtures/typefamily2.js';

const SENDER: Lines = [[56, 40, 14, 'Nordlicht Technik GmbH'], [56, 120, 7, 'Nordlicht Technik GmbH · Hafenweg 12 · 20457 Hamburg']];
const WINDOW: Lines = [[56, 140, 10, 'Atelier Sonnenberg GmbH'], [56, 153, 10, 'Kade 4'], [56, 166, 10, '50667 Köln']];
const totals = (words: [string, string, string], amounts: [string, string, string]): Lines => [
  [330, 520, 10, words[0]], [480, 520, 10, amounts[0]], [330, 534, 10, words[1]], [480, 534, 10, amounts[1]], [330, 548, 10, words[2]], [480, 548, 10, amounts[2]],
];

describe('document type on evidence (issue 14, type12)', () => {
  it('DE: an item row deducting a credit ("Gutschrift GS-12 vom …  1  -50,00") is no title', () => {
    const lines = [{ segments: ['Rechnung RE-2025-4'], scale: 1, top: 0.27 }, { segments: ['Gutschrift GS-2024-0040 vom 12.02.2025', '1', '-50,00'], scale: 1, top: 0.34 }];
    assert.deepEqual(documentTitles(lines), [{ text: 'Rechnung RE-2025-4', tier: 'heading' }]);
    const r = run([...SENDER, ...WINDOW, [360, 140, 9, 'Datum:'], [430, 140, 9, '12.03.2025'], [56, 230, 10, 'Rechnung RE-2025-4'], [56, 290, 9, 'Gutschrift GS-2024-0040 vom 12.02.2025'], [400, 290, 9, '1'], [480, 290, 9, '-50,00'], [56, 304, 9, 'Wartung'], [400, 304, 9, '1'], [480, 304, 9, '1.050,00'], ...totals(['Nettobetrag', 'USt. 19 %', 'Gesamtbetrag'], ['1.000,00', '190,00', '1.190,00'])]);
    assert.equal(r.fields.type.value, 'invoice');
  });

  it('states self-billing in the words of each language', () => {
    for (const t of ['Abrechnung im Gutschriftverfahren', 'Autofacture : émise par le client', 'Zelffacturatie door de afnemer', 'Gutschriftsverfahren', 'autofacturation']) assert.ok(SELF_BILLING.test(t), t);
    for (const t of ['Gutschrift zu Rechnung RE-1', 'Facture', 'Autofahrer']) assert.ok(!SELF_BILLING.test(t), t);
  });

  it('EN: without a title, "This credit note …" outweighs invoice labels (no type)', () => {
    const page = (sentence: string): Lines => [...SENDER, ...WINDOW, [360, 140, 9, 'Invoice number:'], [460, 140, 9, 'RE-2025-7'], [360, 153, 9, 'Invoice date:'], [460, 153, 9, '12/03/2025'], [56, 240, 9, sentence], ...totals(['Net amount', 'VAT 20 %', 'Total'], ['500.00', '100.00', '600.00'])];
    const r = run(page('This credit note will be refunded to your account.'));
    assert.equal(r.fields.type.value, null);
    assert.ok(r.reasons.includes('type_credit_sentence_without_title'));
    assert.equal(run(page('Credit notes are issued within 30 days of a return.')).fields.type.value, 'invoice');
  });
});

describe('type family 2 (fixtures/typefamily2.ts, tuned split)', () => {
  it('gives no wrong type on any family page', () => {
    const wrong: string[] = [];
    const families = new Set<string>();
    let docs = 0;
    for (let i = 0; i < 144; i++) {
      const g = generateTypeFamily2Invoice(i);
      families.add(g.family);
      if (generatedSplit(g.id) !== 'tuned') continue;
      docs++;
      const got = runPages(g.pages).fields.type.value;
      if ('type' in g.truth && got !== null && got !== g.truth.type) wrong.push(`${g.id}: ${JSON.stringify(got)} ≠ ${g.truth.type}`);
    }
    assert.deepEqual([...families].sort(), [...TYPE_FAMILIES_2].sort());
    assert.ok(docs >= 72, `${docs} tuned documents`);
    assert.deepEqual(wrong, []);
  });
});
