// The pure assembly of analysis results: markers, plain text and quality.pdf semantics.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { buildExtractedText, buildPlainText, buildQuality, type Assembled, type PagePlan } from '../../../engine/pipeline/analysis-results.js';
import type { PageWorkResult } from '../../../engine/pipeline/page-work.js';
import type { Component } from '../../../engine/formats/model.js';

const main: Component = { ref: 'main', kind: 'pdf', filename: 'scan.pdf', format: 'pdf', pages: [] };

function plan(n: number): PagePlan[] {
  return Array.from({ length: n }, (_, i) => ({ physical: i + 1, component: main, local: i + 1, sourcePath: '/x.pdf', format: 'pdf' as const, selected: true }));
}

function result(page: number, over: Partial<PageWorkResult> = {}, text = ''): PageWorkResult {
  return {
    page: { page, component_ref: 'main', source: 'native', width: 595, height: 842, words: [], lines: [], text },
    ocr_reason: null, ocr_attempted: false, ocr_succeeded: false, ocr_confidence: null, conflict: false, limited: false, blank: false, preview: null, rendered_bytes: 0, failed: null, truncated: false,
    ...over,
  };
}

const assembled = (pages: PagePlan[]): Assembled => ({ pages, components: [main], emailQuality: null, pdfInfo: { pageCount: pages.length, attachments: [] }, xml: null, structuredPages: new Map() });

describe('analysis results', () => {
  it('reports pages beyond the 200-page visual limit that needed OCR as skipped, degraded', () => {
    const plans = plan(201);
    const results = plans.map((p) =>
      p.physical <= 200
        ? result(p.physical, { ocr_reason: 'no_text_layer', ocr_attempted: true, ocr_succeeded: true, ocr_confidence: 90, page: { page: p.physical, component_ref: 'main', source: 'ocr', width: 595, height: 842, words: [], lines: [], text: 'Seite' } })
        : result(p.physical, { ocr_reason: 'no_text_layer' }),
    );
    const q = buildQuality(assembled(plans), results);
    assert.equal(q.pdf!.ocr_attempted_pages, 200);
    assert.equal(q.pdf!.pages_beyond_ocr_limit, 1);
    assert.equal(q.pdf!.ocr_page_limit_reached, true);
    assert.deepEqual(q.pdf!.skipped_pages, [201]);
    assert.equal(q.status, 'degraded');
    assert.ok(q.reasons.includes('ocr_page_limit_reached'));
    assert.match(buildExtractedText(plans, results).split('\f')[200]!, /needs OCR, not performed \(no_text_layer\)/);
  });

  it('classifies failed, blank, empty, unreliable, conflict and limited pages', () => {
    const plans = plan(6);
    const results = [
      result(1, { failed: 'worker crashed' }),
      result(2, { blank: true }),
      result(3, { ocr_reason: 'no_text_layer', ocr_attempted: true }),
      result(4, { ocr_reason: 'no_text_layer', ocr_attempted: true, ocr_succeeded: true, ocr_confidence: 41 }, 'blurry'),
      result(5, { ocr_reason: 'hidden_text_layer', ocr_attempted: true, ocr_succeeded: true, ocr_confidence: 88, conflict: true }, 'text'),
      result(6, { limited: true }, 'huge page'),
    ];
    const q = buildQuality(assembled(plans), results);
    assert.deepEqual(q.pdf!.failed_pages, [1]);
    assert.deepEqual(q.pdf!.blank_pages, [2]);
    assert.deepEqual(q.pdf!.empty_pages, [3]);
    assert.deepEqual(q.pdf!.unreliable_pages, [4]);
    assert.deepEqual(q.pdf!.conflict_pages, [5]);
    assert.deepEqual(q.pdf!.limited_pages, [6]);
    assert.deepEqual(q.reasons.sort(), ['pages_failed', 'text_layer_conflict', 'unreliable_ocr']);
  });

  it('drops every marker from the plain text and keeps the page breaks', () => {
    const plans = plan(2);
    const text = buildExtractedText(plans, [result(1, {}, 'Rechnung   Nr.\n 42'), result(2, {}, 'Summe')]);
    assert.equal(text, '[page 1: native text]\nRechnung   Nr.\n 42\f[page 2: native text]\nSumme');
    assert.equal(buildPlainText(text), 'Rechnung Nr. 42\fSumme');
  });
});
