// The precision development set (issue 14, `prec13`): perturbed readings of openable documents
// (scripts/precision/perturb.js) found a page the extractor could not read at all, and the adopted
// abstentions (engine/extract/field-agreement.ts ABSTAIN_ON) each fire where their cue is missing.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { run } from './fixtures/run.js';

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
