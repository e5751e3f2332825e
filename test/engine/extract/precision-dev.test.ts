// The precision development set (issue 14, `prec13`): perturbed readings of openable documents
// (scripts/precision/perturb.js) found a page the extractor could not read at all, and the adopted
// abstentions (engine/extract/field-agreement.ts ABSTAIN_ON) each fire where their cue is missing.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { FOOTER, LETTERHEAD, META, run, TITLE, TOTALS, WINDOW, type Lines } from './fixtures/run.js';

describe('pages the perturbations found', () => {
  it('a sender line of legal-form words only ("GmbH" whose name was cut off) beside a web domain is read, not a crash', () => {
    const r = run([
      [56, 50, 15, 'GmbH'], [56, 150, 7, 'GmbH · Hafenweg 12 · 20457 Hamburg'],
      [56, 165, 10, 'Atelier Sonnenberg GmbH'], [56, 178, 10, 'Kade 4'], [56, 191, 10, '50667 Köln'],
      [360, 160, 9, 'Rechnungsnummer: NT-2025-7'], [56, 790, 7, 'GmbH · www.nordlicht-technik.de · info@nordlicht-technik.de'],
    ]);
    assert.equal(r.fields.document_number.value, 'NT-2025-7');
    assert.equal(r.fields.recipient_name.value, 'Atelier Sonnenberg GmbH');
    // The legal form alone names nobody: no sender rather than "GmbH".
    assert.notEqual(r.fields.sender_name.value, 'GmbH');
  });
});

describe('the adopted abstention: a gross total contradicted by a rival as strong', () => {
  const page = (totals: Lines) => run([...LETTERHEAD, ...WINDOW, ...META, ...TITLE, ...totals, ...FOOTER]);
  const rival: Lines = [[330, 760, 10, 'Gesamtbetrag'], [490, 760, 10, '1.290,00']];
  it('two labelled totals, nothing to reconcile them: no gross, the conflict noted', () => {
    const r = page([[330, 448, 10, 'Gesamtbetrag'], [490, 448, 10, '1.190,00'], ...rival]);
    assert.equal(r.fields.gross_amount.value, null);
    assert.ok(r.reasons.includes('gross_amount_conflict'));
    assert.ok(r.conflict_fields.includes('gross_amount'));
    // The emptied value stays among the candidates considered.
    assert.ok(r.fields.gross_amount.candidates?.some((c) => c.value === '1190.00'));
  });
  it('the same rival beside a totals block that reconciles: the gross is kept', () => {
    assert.equal(page([...TOTALS, ...rival]).fields.gross_amount.value, '1190.00');
  });
  it('one labelled total alone (a single cue, no rival): kept', () => {
    assert.equal(page([[330, 448, 10, 'Gesamtbetrag'], [490, 448, 10, '1.190,00']]).fields.gross_amount.value, '1190.00');
  });
});
