// Precision by agreement (issue 14, `abstain9`): each chosen field's verdict from its agreeing cues
// (engine/extract/field-agreement.ts), the abstention of adopted fields, and how the verdict and an
// emptied field show in the result (provenance transforms, candidates, notes, conflict_fields).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { applyAgreement, doubtsOf, judgeField, type TypeCues } from '../../../engine/extract/field-agreement.js';
import type { Selection } from '../../../engine/extract/select.js';
import type { Candidate, GenericField } from '../../../engine/extract/types.js';
import { CONFLICT_FAMILIES, generateConflictFamilyInvoice } from './fixtures/conflictfamily.js';
import { runPages } from './fixtures/run.js';

const cand = (field: GenericField, value: unknown, score: number, method: Candidate['method'] = 'label_value', label = 'Gesamtbetrag', y = 400): Candidate => ({
  field, value, raw: String(value), score, method, label, transforms: [],
  source: { component_ref: 'main', page: 1, bbox: { x: 300, y, w: 60, h: 10 }, page_size: { width: 595, height: 842 }, text: String(value) },
});
const selection = (): Selection => ({ chosen: {}, conflict_fields: new Set(), rejected_fields: new Set(), recovered_fields: new Set(), reasons: new Set(), considered: {} });
const NO_TYPE: TypeCues = { title: false, otherType: false, reconciled: false, labelledNumber: false, negativeTotal: false };

describe('field agreement verdicts', () => {
  it('an amount closed by arithmetic agrees even beside an equally strong rival', () => {
    const w = cand('gross_amount', '1190.00', 4);
    const rival = cand('gross_amount', '1000.00', 4, 'label_value', 'Summe');
    const a = judgeField('gross_amount', { value: '1190.00', winner: w, transforms: ['confirm:sum'] }, [w, rival], false);
    assert.deepEqual(a, { verdict: 'agreed', cues: ['label', 'arithmetic'] });
  });

  it('an amount with only its label beside an equally strong rival is a conflict; without the rival a single cue', () => {
    const w = cand('gross_amount', '1190.00', 4);
    const rival = cand('gross_amount', '1000.00', 3.8, 'label_value', 'Summe');
    assert.equal(judgeField('gross_amount', { value: '1190.00', winner: w, transforms: ['confirm:none'] }, [w, rival], false)?.verdict, 'conflict');
    assert.equal(judgeField('gross_amount', { value: '1190.00', winner: w, transforms: ['confirm:none'] }, [w], false)?.verdict, 'single');
    // A weak rival (below the strong reading) does not make a conflict.
    assert.equal(judgeField('gross_amount', { value: '1190.00', winner: w, transforms: ['confirm:none'] }, [w, cand('gross_amount', '5.00', 1.5)], false)?.verdict, 'single');
  });

  it('a VAT id: label, checksum and party zone agree; a checksum closes a rival', () => {
    const w = cand('sender_vat_number', 'DE811907980', 3, 'label_value', 'USt-IdNr.', 790);
    const rival = cand('sender_vat_number', 'DE300007331', 3, 'label_value', 'Bestellung', 250);
    assert.deepEqual(judgeField('sender_vat_number', { value: 'DE811907980', winner: w }, [w, rival], false), { verdict: 'agreed', cues: ['label', 'checksum', 'party-zone'] });
    // One printed token read by two rules (its label's value, its VAT-id shape) is one reading, not a repeat.
    const gbWindow = cand('sender_vat_number', 'GB314159265', 3, 'label_value', 'VAT no.', 179);
    assert.deepEqual(judgeField('sender_vat_number', { value: 'GB314159265', winner: gbWindow }, [gbWindow, { ...gbWindow, method: 'pattern', score: 2 }], false)?.cues, ['label', 'party-zone']);
    // Mid-page, checksum unknown (GB), a rival as strong: conflict.
    const gb = cand('sender_vat_number', 'GB123456789', 3, 'label_value', 'VAT no.', 400);
    assert.equal(judgeField('sender_vat_number', { value: 'GB123456789', winner: gb }, [gb, cand('sender_vat_number', 'GB500009127', 3, 'label_value', 'Order', 250)], false)?.verdict, 'conflict');
  });

  it('two methods reading one party agree; a clash selection flagged is a conflict', () => {
    const a = cand('sender_name', 'Nordlicht Technik GmbH', 3, 'sender_line', undefined, 150);
    const b = cand('sender_name', 'Nordlicht Technik GmbH', 2, 'legal_footer', undefined, 790);
    assert.equal(judgeField('sender_name', { value: a.value, winner: a }, [a, b], false)?.verdict, 'agreed');
    assert.equal(judgeField('sender_name', { value: a.value, winner: a }, [a, b], true)?.verdict, 'conflict');
  });

  it('the type: title word plus reconciled totals agree; titles naming two types conflict', () => {
    assert.deepEqual(judgeField('type', { value: 'invoice', winner: null }, [], false, { ...NO_TYPE, title: true, reconciled: true }), { verdict: 'agreed', cues: ['title', 'arithmetic'] });
    assert.equal(judgeField('type', { value: 'invoice', winner: null }, [], false, { ...NO_TYPE, title: true })?.verdict, 'single');
    assert.equal(judgeField('type', { value: 'invoice', winner: null }, [], false, { ...NO_TYPE, title: true, reconciled: true, otherType: true })?.verdict, 'conflict');
  });
});

describe('doubts (prec13): each holds where its cue is missing and not where it is present', () => {
  const doubts = (field: GenericField, w: Candidate, readings: Candidate[], transforms: string[] = []) => {
    const chosen = { value: w.value, winner: w, transforms };
    return doubtsOf(field, chosen, readings, judgeField(field, chosen, readings, false)!);
  };
  it('a labelled amount alone: not agreed and unclosed; closed by arithmetic: neither', () => {
    const w = cand('gross_amount', '1190.00', 4);
    assert.deepEqual(doubts('gross_amount', w, [w], ['confirm:none']), ['not-agreed', 'unclosed']);
    assert.deepEqual(doubts('gross_amount', w, [w, { ...w, source: { ...w.source!, bbox: { x: 300, y: 700, w: 60, h: 10 } } }], ['confirm:sum']), []);
  });
  it('close-rival: another value within 0.5 of the winner; a rival far below is no doubt', () => {
    const w = cand('document_number', 'R-2025-17', 3);
    assert.ok(doubts('document_number', w, [w, cand('document_number', 'A-77', 2.6, 'label_value', 'Auftrag')]).includes('close-rival'));
    assert.ok(!doubts('document_number', w, [w, cand('document_number', 'A-77', 1, 'label_value', 'Auftrag')]).includes('close-rival'));
  });
  it('weak: a best reading under 2; unlabelled(-rival): found by position only, with a rival read too', () => {
    const pos = cand('recipient_name', 'Hafenbau KG', 1.5, 'pattern', undefined);
    const d = doubts('recipient_name', pos, [pos, cand('recipient_name', 'Ostwerk AG', 1, 'pattern', undefined)]);
    assert.ok(d.includes('weak') && d.includes('unlabelled') && d.includes('unlabelled-rival'));
    const block = cand('recipient_name', 'Hafenbau KG', 3, 'address_block', undefined);
    const k = doubts('recipient_name', block, [block]);
    assert.ok(!k.includes('weak') && !k.includes('unlabelled') && !k.includes('unlabelled-rival'));
  });
  it('ocr-low: the winner read from low-confidence OCR words; the scan doubts need an OCR reading', () => {
    const w = { ...cand('bic', 'COBADEFFXXX', 1.5, 'label_value', 'BIC'), transforms: ['ocr:low-confidence'] };
    const d = doubts('bic', w, [w]);
    assert.ok(d.includes('ocr-low') && d.includes('weak'));
    // A text-layer reading (no OCR confidence on its box) is never a scan doubt.
    assert.ok(!d.includes('weak-scan') && !d.includes('not-agreed-scan'));
    assert.ok(!doubts('bic', cand('bic', 'COBADEFFXXX', 3, 'label_value', 'BIC'), []).includes('ocr-low'));
  });
});

describe('abstention of adopted fields', () => {
  it('records the verdict on kept fields and empties an adopted conflicting one (notes, conflict_fields)', () => {
    const sel = selection();
    const w = cand('gross_amount', '1190.00', 4);
    const rival = cand('gross_amount', '1000.00', 3.9, 'label_value', 'Summe');
    const net = cand('net_amount', '1000.00', 4, 'label_value', 'Nettobetrag');
    sel.chosen.gross_amount = { value: '1190.00', winner: w, transforms: ['confirm:none'] };
    sel.chosen.net_amount = { value: '1000.00', winner: net, transforms: ['confirm:none'] };
    const verdicts = applyAgreement(sel, [w, rival, net], NO_TYPE, { gross_amount: 'conflict' });
    assert.equal(verdicts.get('gross_amount')?.verdict, 'conflict');
    assert.equal(sel.chosen.gross_amount, undefined);
    assert.ok(sel.reasons.has('gross_amount_conflict'));
    assert.ok(sel.conflict_fields.has('gross_amount'));
    // Not adopted: kept, its verdict recorded in the transforms.
    assert.deepEqual(sel.chosen.net_amount?.transforms, ['confirm:none', 'agreement:single', 'cues:label', 'doubts:not-agreed+unclosed']);
  });

  it('"not-agreed" also empties a field read by one cue only, and leaves an agreed one', () => {
    const sel = selection();
    const d = cand('payment_due_date', '2025-03-01', 3, 'label_value', 'Fällig am');
    sel.chosen.payment_due_date = { value: '2025-03-01', winner: d };
    applyAgreement(sel, [d], NO_TYPE, { payment_due_date: 'not-agreed' });
    assert.equal(sel.chosen.payment_due_date, undefined);
    assert.ok(sel.reasons.has('payment_due_date_not_agreed'));
    assert.ok(!sel.conflict_fields.has('payment_due_date'));
    const sel2 = selection();
    const term = { ...cand('payment_due_date', '2025-03-01', 2, 'sentence', 'zahlbar'), derived_from: ['issue_date'] };
    sel2.chosen.payment_due_date = { value: '2025-03-01', winner: d };
    applyAgreement(sel2, [d, term], NO_TYPE, { payment_due_date: 'not-agreed' });
    assert.equal(sel2.chosen.payment_due_date?.value, '2025-03-01');
  });
});

describe('agreement in the extraction result', () => {
  it('every kept field of a generated page carries its verdict and cues in provenance.transforms', () => {
    const g = generateConflictFamilyInvoice(0);
    const r = runPages(g.pages);
    for (const f of ['gross_amount', 'net_amount', 'sender_name', 'issue_date'] as const) {
      const t = r.fields[f].provenance?.transforms ?? [];
      assert.ok(t.some((x) => /^agreement:(agreed|single|conflict)$/.test(x)), `${f}: ${t.join(',')}`);
    }
    // The subtotal page: net, tax and gross are closed by arithmetic (net + tax = gross).
    assert.ok(r.fields.gross_amount.provenance?.transforms.includes('agreement:agreed'));
    assert.equal(r.fields.gross_amount.value, g.truth.gross_amount);
  });

  it('the conflict family names its traps and says which outputs must stay empty', () => {
    const fams = new Set(Array.from({ length: 32 }, (_, i) => generateConflictFamilyInvoice(i).family));
    assert.deepEqual([...fams].sort(), [...CONFLICT_FAMILIES].sort());
    const vatless = Array.from({ length: 32 }, (_, i) => generateConflictFamilyInvoice(i)).filter((g) => 'sender_vat_number' in g.truth && g.truth.sender_vat_number === null);
    assert.ok(vatless.length > 0);
    // A page without the sender's VAT id prints none in its footer.
    for (const g of vatless) assert.ok(!g.pages[0]!.text.split('\n').at(-1)!.match(/(USt-IdNr|VAT no|N° TVA|BTW-nummer)/));
  });
});
