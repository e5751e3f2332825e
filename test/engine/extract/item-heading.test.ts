// ITEM_HEADING (candidates.ts): an item table's description, quantity or position word in an
// amount label's line. Its words end where the letters end: "Qté" ends in a letter a plain `\b`
// (without the `u` flag) does not count as one, so "Qté" / "Quantité" headings never matched.
// The regex is built in a template literal: written with single backslashes, `\p{L}` lost its
// backslash (a class of the letters "p{L}N"), so words matched inside longer ones ("Qtéx",
// "Positionen", "Anzahlung"); the second test fails on that version.
// No generated page was found where this changes the extraction (ITEM_COLUMN already catches
// those rows), so the test is on the regex.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ITEM_HEADING } from '../../../engine/extract/candidates.js';

describe('ITEM_HEADING', () => {
  it('matches French quantity headings ending in "é"', () => {
    for (const t of ['Qté', 'QTÉ', 'Quantité', 'Désignation   Qté   Prix unitaire   Total HT', 'Réf.  Quantité  Montant HT', 'Qté:']) {
      assert.ok(ITEM_HEADING.test(t), t);
    }
  });

  it('matches the other item words as whole words, and no amount word', () => {
    for (const t of ['Description  Qty  Amount', 'Pos.  Bezeichnung  Menge  Betrag', 'Item: | Qty: | Subtotal:', 'Omschrijving  Aantal  Bedrag']) {
      assert.ok(ITEM_HEADING.test(t), t);
    }
    for (const t of ['Total HT', 'Montant TTC', 'Qtéx', 'Positionen gesamt', 'Itemised total', 'Nettobetrag']) {
      assert.ok(!ITEM_HEADING.test(t), t);
    }
  });
});
