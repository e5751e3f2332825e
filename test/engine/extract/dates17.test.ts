// The issue date against dates that belong to another document (issue 14, `dates17`), on
// generated pages (fixtures/datefamily2.ts, written before the rules) and on hand-built pages:
// a date printed after another document's number ("Gutschrift GS-… vom …", "Avoir AV-… du …")
// is that document's date, never the issue date, in an item row or in a line of its own; the
// document's own number with its date ("Rechnung Nr. RE-… vom …") still gives the issue date.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { otherEventLead } from '../../../engine/extract/dates.js';
import { DATE_FAMILIES_2, generateDateFamily2Invoice, type DateFamily2 } from './fixtures/datefamily2.js';
import { generatedSplit, type Lang } from './fixtures/layouts.js';
import { generateTypeFamily2Invoice } from './fixtures/typefamily2.js';
import { LETTERHEAD, run, runPages, TOTALS, WINDOW, type Lines } from './fixtures/run.js';

/** Tuned-split pages of a family (optionally one variant). */
function pages(family: DateFamily2, variant?: string, limit = 600) {
  const out = [];
  for (let i = 0; i < limit; i++) {
    const g = generateDateFamily2Invoice(i);
    if (g.family === family && (variant === undefined || g.variant === variant) && generatedSplit(g.id) === 'tuned') out.push(g);
  }
  return out;
}

describe('the issue date against other documents\' dates (issue 14, dates17)', () => {
  it('a credit deducted in an item row ("Gutschrift GS-… vom …", "Avoir … du …") does not date the invoice (DE, EN, FR, NL)', () => {
    const gs = pages('itemref', 'credit');
    const langs = new Set<Lang>();
    for (const g of gs) {
      assert.equal(runPages(g.pages).fields.issue_date.value, g.truth.issue_date, g.id);
      langs.add(g.lang);
    }
    assert.equal(langs.size, 4, `languages seen: ${[...langs].join(',')}`);
  });

  it('type family 2 `creditline`: the credited invoice\'s date in the first item row is not the issue date', () => {
    let checked = 0;
    for (let i = 0; i < 144; i++) {
      const g = generateTypeFamily2Invoice(i);
      if (g.family !== 'creditline' || generatedSplit(g.id) !== 'tuned') continue;
      assert.equal(runPages(g.pages).fields.issue_date.value, g.truth.issue_date, g.id);
      checked++;
    }
    assert.ok(checked >= 10, `creditline pages checked: ${checked}`);
  });

  it('a line of its own naming another document with its date loses to a bare "Datum:"; alone, it gives no issue date', () => {
    const head: Lines = [...LETTERHEAD, ...WINDOW, [360, 160, 9, 'Rechnungsnummer: NT-2025-7'], [56, 270, 16, 'Rechnung NT-2025-7'], [56, 292, 9, 'Gutschrift GS-2024-0040 vom 03.01.2025'], ...TOTALS];
    const dated = run([...head, [360, 173, 9, 'Datum: 12.02.2025']]);
    assert.equal(dated.fields.document_number.value, 'NT-2025-7');
    assert.equal(dated.fields.issue_date.value, '2025-02-12');
    assert.equal(run(head).fields.issue_date.value, null);
    // English and French: "Credit note CN-9 dated …", "Avoir AV-9 du …".
    const en: Lines = [...LETTERHEAD, ...WINDOW, [360, 160, 9, 'Invoice number: INV-2025-7'], [360, 173, 9, 'Date: 12/02/2025'], [56, 270, 16, 'Invoice INV-2025-7'], [56, 292, 9, 'Credit note CN-2024-0040 dated 03/01/2025'], ...TOTALS];
    assert.equal(run(en).fields.issue_date.value, '2025-02-12');
    const fr: Lines = [...LETTERHEAD, ...WINDOW, [360, 160, 9, 'N° de facture : F-2025-7'], [360, 173, 9, 'Date : 12/02/2025'], [56, 270, 16, 'Facture F-2025-7'], [56, 292, 9, 'Avoir AV-2024-0040 du 03/01/2025'], ...TOTALS];
    assert.equal(run(fr).fields.issue_date.value, '2025-02-12');
  });

  it('the document\'s own number with its date ("Rechnung RE-… vom …") still gives the issue date', () => {
    const own: Lines = [...LETTERHEAD, ...WINDOW, [56, 270, 16, 'Rechnung RE-2025-0017 vom 12.02.2025'], ...TOTALS];
    const r = run(own);
    assert.equal(r.fields.document_number.value, 'RE-2025-0017');
    assert.equal(r.fields.issue_date.value, '2025-02-12');
  });

  it('an order, a delivery or a service dated under the title ("Ihre Bestellung vom …", "Your order of …", "Livraison du …") is no issue date; a dated title is', () => {
    const seen = new Set<string>();
    for (const g of pages('eventonly')) {
      assert.equal(runPages(g.pages).fields.issue_date.value, null, g.id);
      seen.add(`${g.lang}-${g.variant}`);
    }
    assert.ok(seen.size >= 8, `languages and variants seen: ${[...seen].join(',')}`);
    for (const g of pages('titledate')) assert.equal(runPages(g.pages).fields.issue_date.value, g.truth.issue_date, g.id);
    const head: Lines = [...LETTERHEAD, ...WINDOW, [360, 160, 9, 'Rechnungsnummer: NT-2025-7'], [56, 270, 16, 'Rechnung NT-2025-7'], [56, 292, 9, 'Ihre Bestellung vom 03.01.2025'], ...TOTALS];
    assert.equal(run(head).fields.issue_date.value, null);
    // The letter's place-and-date line still dates the letter.
    assert.equal(run([...head, [400, 240, 10, 'Berlin, den 12.02.2025']]).fields.issue_date.value, '2025-02-12');
    // A place whose name starts like an event word ("Leverkusen": "levering") is still a place.
    assert.equal(run([...head, [400, 240, 10, 'Leverkusen, 12.02.2025']]).fields.issue_date.value, '2025-02-12');
    assert.equal(otherEventLead('Leverkusen, '), false);
    assert.equal(otherEventLead('Prestation réalisée le '), true);
  });

  it('a cover sentence naming the document\'s own number after "Nr." / "no." with its date gives the issue date (DE, EN, NL)', () => {
    const langs = new Set<Lang>();
    for (const g of pages('ownref')) {
      if (g.lang === 'fr') continue;
      assert.equal(runPages(g.pages).fields.issue_date.value, g.truth.issue_date, g.id);
      langs.add(g.lang);
    }
    assert.equal(langs.size, 3, `languages seen: ${[...langs].join(',')}`);
  });

  it('the family as a whole: no wrong issue date on the tuned pages of any trap', () => {
    const wrong: string[] = [];
    for (const family of DATE_FAMILIES_2) {
      for (const g of pages(family, undefined, 300)) {
        const got = runPages(g.pages).fields.issue_date.value ?? null;
        if (got !== null && got !== g.truth.issue_date) wrong.push(`${g.id}: ${got} ≠ ${g.truth.issue_date}`);
      }
    }
    assert.deepEqual(wrong, []);
  });
});
