// Generic extraction on scanned pages (issue 14): a page drawn, degraded like the corpus
// scanner and read by the product's own OCR, then extracted. Each OCR rule is shown on these
// real OCR results — rows joined across tesseract's blocks, noisy boxes, a misread label, a
// misread amount confirmed by its column, an IBAN and a VAT id confirmed by their checksums —
// and where nothing confirms a reading, nothing is repaired. The pure rules are also tested
// on constructed inputs (no OCR) for their limits.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildEvidence, type Evidence } from '../../../engine/extract/evidence.js';
import { LABELS } from '../../../engine/extract/labels.js';
import { ocrRows, tidyOcrLine } from '../../../engine/extract/ocr-lines.js';
import { amountReadings, ibanReading, nearestLabelWord, repairOcrAmounts, repairOcrCell, repairOcrDots, repairOcrLabels, repairOcrVatIds } from '../../../engine/extract/normalize/ocr-repair.js';
import type { PageText } from '../../../engine/formats/model.js';
import { terminateOcr } from '../../../engine/ocr/index.js';
import { processImagePage } from '../../../engine/pipeline/page-work.js';
import { pageFromLines } from '../../helpers/invoice-fixtures.js';
import { extractScan, writeScan } from './fixtures/scan.js';

/**
 * An invoice whose print already holds what OCR typically gets wrong, so that the real OCR
 * reads it so: "Rechnungsdaturn" (rn for m), an amount with its last decimal lost ("321,4"),
 * an IBAN and a VAT id with B for 8. The totals table is set with narrow column gaps, which
 * tesseract reads as several blocks.
 */
const LINES: Array<[number, number, number, string]> = [
  [60, 50, 15, 'Nordlicht Technik GmbH'], [60, 68, 9, 'Hafenweg 12, 20457 Hamburg'],
  [60, 150, 7, 'Nordlicht Technik GmbH · Hafenweg 12 · 20457 Hamburg'],
  [60, 165, 10, 'Atelier Sonnenberg KG'], [60, 178, 10, 'Kaistraße 4'], [60, 191, 10, '40221 Düsseldorf'],
  [60, 260, 16, 'Rechnung'],
  [60, 290, 10, 'Rechnungsnummer: NT-2026-7'], [60, 304, 10, 'Rechnungsdaturn: 14.03.2026'],
  [60, 350, 9, 'Warenwert'], [130, 350, 9, 'Rabatt'], [190, 350, 9, 'Nettobetrag'], [260, 350, 9, 'MwSt-Betrag'], [330, 350, 9, 'MwSt-%'], [380, 350, 9, 'Endbetrag'],
  [60, 364, 9, '325,00'], [130, 364, 9, '-3,60'], [190, 364, 9, '321,4'], [260, 364, 9, '61,07'], [330, 364, 9, '19,0'], [380, 364, 9, '382,47'],
  [60, 378, 9, '130,00'], [130, 378, 9, '-2,41'], [190, 378, 9, '127,59'], [260, 378, 9, '8,93'], [330, 378, 9, '7,0'], [380, 378, 9, '136,52'],
  [60, 392, 9, '455,00'], [130, 392, 9, '-6,01'], [190, 392, 9, '448,99'], [260, 392, 9, '70,00'], [330, 392, 9, 'EUR'], [380, 392, 9, '518,99'],
  [60, 440, 9, 'Zahlbar innerhalb von 14 Tagen ohne Abzug.'],
  // An amount-like cell nothing adds up with: it must stay as read.
  [60, 480, 9, 'Pfand'], [380, 480, 9, '12,5'],
  [60, 780, 7, 'Nordlicht Technik GmbH · Hafenweg 12 · 20457 Hamburg · USt-IdNr. DEB11907980'],
  [60, 790, 7, 'IBAN DEB4 3704 0044 5320 1300 00 · BIC COBADEFFXXX'],
];

const cells = (ev: Evidence) => ev.lines.flatMap((l) => l.segments.map((s) => s.text));

describe('generic extraction on a scanned page (real OCR)', () => {
  let dir: string;
  let scanned: PageText;
  let ev: Evidence;
  let result: ReturnType<typeof extractScan>;

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'docdesk-ocr-scan-'));
    const path = await writeScan(pageFromLines(LINES), dir, 'invoice', 7);
    const r = await processImagePage({ kind: 'image.page', path, format: 'jpg', index: 0, physical_page: 1, component_ref: 'main', visual: true, preview_path: null });
    scanned = r.page;
    ev = buildEvidence([scanned]);
    result = extractScan(scanned);
  });
  after(async () => {
    await terminateOcr();
    rmSync(dir, { recursive: true, force: true });
  });

  it('reads the page by OCR', (t) => {
    assert.equal(scanned.source, 'ocr');
    const raw = scanned.lines.map((l) => l.words.map((i) => scanned.words[i]!.text).join(' '));
    // The premise of the row rule (with this build of tesseract): no tesseract line holds both
    // ends of the heading row. Reported, not asserted: another build may read it otherwise.
    t.diagnostic(`heading row split by tesseract: ${!raw.some((x) => /Nettobetrag/.test(x) && /Endbetrag/.test(x))}`);
  });

  it('joins the blocks of one printed row into one line, one cell per column', () => {
    const heading = ev.lines.find((l) => l.segments.some((s) => s.text === 'Nettobetrag'));
    assert.ok(heading, cells(ev).join(' | '));
    const texts = heading.segments.map((s) => s.text);
    for (const h of ['Nettobetrag', 'MwSt-Betrag', 'MwSt-%', 'Endbetrag']) assert.ok(texts.includes(h), texts.join(' | '));
    const totals = ev.lines.find((l) => l.segments.some((s) => s.text === '518,99'));
    assert.ok(totals?.segments.some((s) => s.text === '448,99') && totals.segments.some((s) => s.text === '70,00'), totals?.text);
    // Rows stay in page order.
    assert.ok(heading.bbox.y < totals!.bbox.y);
  });

  it('repairs a misread label on OCR pages only, and marks the value as read from a repaired cell', () => {
    assert.ok(cells(ev).includes('Rechnungsdatum: 14.03.2026'), cells(ev).join(' | '));
    assert.equal(result.fields.issue_date.value, '2026-03-14');
    assert.equal(result.fields.issue_date.provenance?.method, 'label_value');
    assert.ok(result.fields.issue_date.provenance?.transforms.includes('ocr:repaired'));
    // The same print as a text layer stays as printed: text layers are exact.
    assert.ok(cells(buildEvidence([pageFromLines(LINES)])).some((t) => t.startsWith('Rechnungsdaturn')));
  });

  it('repairs an amount whose column adds up with exactly one reading, and leaves one nothing confirms', () => {
    const all = cells(ev);
    assert.ok(all.includes('321,40') && !all.includes('321,4'), all.join(' | '));
    assert.ok(all.includes('12,5'), 'an amount no sum confirms stays as read');
    assert.equal(result.fields.net_amount.value, '448.99');
    assert.equal(result.fields.tax_amount.value, '70.00');
    assert.equal(result.fields.gross_amount.value, '518.99');
    const rows = (result.fields.tax_breakdowns.value as Array<{ taxable_amount: string; tax_amount: string; tax_rate: string }>).map((r) => `${r.tax_rate} ${r.taxable_amount} ${r.tax_amount}`).sort();
    assert.deepEqual(rows, ['19.00 321.40 61.07', '7.00 127.59 8.93']);
  });

  it('repairs an IBAN and a German VAT id that their checksums confirm', () => {
    assert.equal(result.fields.iban.value, 'DE84370400445320130000');
    assert.ok(result.fields.iban.provenance?.transforms.includes('ocr:repaired'));
    assert.equal(result.fields.sender_vat_number.value, 'DE811907980');
    assert.equal(result.fields.bic.value, 'COBADEFFXXX');
  });

  it('reads the rest of the page as a text layer would', () => {
    assert.equal(result.fields.document_number.value, 'NT-2026-7');
    assert.equal(result.fields.sender_name.value, 'Nordlicht Technik GmbH');
    assert.equal(result.fields.recipient_name.value, 'Atelier Sonnenberg KG');
    assert.equal(result.fields.payment_due_date.value, '2026-03-28');
  });
});

describe('OCR repair rules and their limits (constructed input)', () => {
  it('reads a spaced guillemet between words as the middle dot of a return-address line, nothing else', () => {
    assert.equal(repairOcrDots('Nordlicht Technik GmbH « Hafenweg 12 20457 Hamburg'), 'Nordlicht Technik GmbH · Hafenweg 12 20457 Hamburg');
    assert.equal(repairOcrDots('Acme » 1 High Street'), 'Acme · 1 High Street');
    assert.equal(repairOcrDots('«Zitat» und «mehr»'), '«Zitat» und «mehr»');
    assert.equal(repairOcrDots('Seite 1 »'), 'Seite 1 »');
  });
  it('matches label words within an edit distance that grows with the word, folding OCR confusions', () => {
    assert.equal(nearestLabelWord('Kettobetrag'), 'nettobetrag');
    assert.equal(nearestLabelWord('Rechnungsdaturn'), 'rechnungsdatum');
    assert.equal(nearestLabelWord('Gesarntbetrag'), 'gesamtbetrag');
    assert.equal(nearestLabelWord('Nettobetrag'), null, 'an exact word needs no repair');
    assert.equal(nearestLabelWord('Hamburg'), null);
    assert.equal(nearestLabelWord('Datun'), null, 'short words: only folded confusions, no free edit');
  });

  it('keeps a repair only when it makes a label at the start of the cell', () => {
    assert.equal(repairOcrLabels('Rechnunqsnummer 123'), 'Rechnungsnummer 123');
    assert.equal(repairOcrLabels('Involce:date: 04/02/2025'), 'Invoice date: 04/02/2025', 'a space read as a colon');
    assert.equal(repairOcrLabels('Tel:Fax: 1234'), 'Tel:Fax: 1234');
    assert.equal(repairOcrLabels("Date d'Emission: 04/06/2024"), "Date d'émission: 04/06/2024", 'an accent lost');
    assert.equal(repairOcrLabels('Supplies Ltd'), 'Supplies Ltd', 'a name is not rewritten into "Supplier"');
    assert.equal(repairOcrLabels('Muster GmbH'), 'Muster GmbH');
    assert.equal(repairOcrLabels('Bitte überweisen Sie'), 'Bitte überweisen Sie');
  });

  it('offers amount readings only for the typical misreadings', () => {
    assert.equal(amountReadings('12,50'), null, 'a clean amount');
    assert.equal(amountReadings('Hamburg'), null);
    assert.deepEqual(amountReadings('1.234.56')?.cents, [123456n]);
    assert.deepEqual(amountReadings('1O4,5O')?.cents, [10450n]);
    assert.equal(amountReadings('321,4')?.cents.length, 10);
    assert.equal(amountReadings('1.2O4.5'), null, 'two misreadings at once');
  });

  const cell = (text: string, x: number, y: number) => ({ text, bbox: { x, y, w: 40, h: 10 } });
  it('repairs an amount only when exactly one reading makes its column or row add up', () => {
    const column = [[cell('100,00', 100, 10)], [cell('2O,50', 100, 24)], [cell('120,50', 100, 38)]];
    assert.deepEqual(repairOcrAmounts(column).map((f) => f.text), ['20,50']);
    const unconfirmed = [[cell('100,00', 100, 10)], [cell('2O,50', 100, 24)], [cell('130,00', 100, 38)]];
    assert.deepEqual(repairOcrAmounts(unconfirmed), []);
    // Row: base + tax = gross, the gross misread with the group dot for the decimal comma.
    const row = [[cell('1.000,00', 100, 10), cell('190,00', 200, 10), cell('1.190.00', 300, 10)]];
    assert.deepEqual(repairOcrAmounts(row).map((f) => f.text), ['1190.00']);
    // A lost last decimal with only a rate to go by: four readings fit 19 % of it, none is chosen.
    assert.deepEqual(repairOcrAmounts([[cell('321,4', 100, 10), cell('61,07', 200, 10), cell('19 %', 300, 10)]]), []);
  });

  it('repairs IBANs, and German VAT ids with a doubtful letter, only when the checksum confirms one reading', () => {
    assert.equal(ibanReading('DEB4 3704 0044 5320 1300 00'), 'DE84370400445320130000');
    assert.equal(ibanReading('NL9I ABNA O417 1643 00'), 'NL91ABNA0417164300');
    assert.equal(ibanReading('DE84 3704 0044 5320 1300 00'), null, 'already valid');
    assert.equal(ibanReading('DE84 3704 0044 5320 1300 09'), null, 'a wrong digit is no OCR confusion');
    assert.equal(repairOcrCell('IBAN DEB4 3704 0044 5320 1300 00 BIC X'), 'IBAN DE84 3704 0044 5320 1300 00 BIC X');
    assert.equal(repairOcrVatIds('USt-IdNr. DEB11907980'), 'USt-IdNr. DE811907980');
    // S may be 5 or 8: a doubtful letter needs the check digit (a B is 8 beyond doubt: vatocr34).
    assert.equal(repairOcrVatIds('USt-IdNr. DES11907981'), 'USt-IdNr. DES11907981', 'check digit fails');
    assert.equal(repairOcrVatIds('DEBIT 123456'), 'DEBIT 123456');
  });

  it('measures cell gaps by the confident glyphs and trims noisy boxes', () => {
    const w = (text: string, x: number, h: number, confidence: number, y = 100) => ({ text, bbox: { x, y, w: 60, h }, confidence });
    const line = [w('Skonto', 0, 12, 90), w('Kettobetrag', 100, 43, 9), w('MwSt-Betrag', 200, 19, 86), w('Endbetrag', 300, 14, 80)];
    const { words, gapHeight } = tidyOcrLine(line, 14);
    assert.ok(gapHeight <= 19, `gap height ${gapHeight}`);
    assert.ok(words[1]!.bbox.h < 25, 'the speck-inflated box takes the line band');
    assert.equal(words[2]!.bbox.h, 19, 'a confident word keeps its box');
  });

  it('reads a typographic apostrophe and "&" for "é" in a label (a tuned French scan: "Date d’&cheance")', () => {
    assert.equal(nearestLabelWord('d’&cheance'), "d'échéance");
    assert.equal(repairOcrLabels('Date d’&cheance 16/11/2017'), "Date d'échéance 16/11/2017");
    assert.ok(LABELS.payment_due_date.test('Date d’échéance 16/11/2017'), 'the label itself with a typographic apostrophe');
    assert.equal(repairOcrLabels('Ma jolie boutique'), 'Ma jolie boutique');
  });

  it('leaves ink tesseract read twice on two lines once, on its own row, with the better reading (a tuned ZUGFeRD scan)', () => {
    // Word boxes as tesseract returned them (150 dpi scan): an over-tall line merged two rows
    // and took the date of the row below, which that row's own line read again, less well.
    const w = (text: string, x: number, y: number, width: number, h: number, confidence: number) => ({ text, bbox: { x, y, w: width, h }, confidence });
    const words = [
      w('MUSTERLIEFERANT', 107, 169, 148, 24, 91), w('GMBH', 267, 176, 39, 11, 92), w('MUSTER-KUNDE', 461, 178, 119, 13, 91), w('GMBH', 591, 180, 39, 12, 96),
      w('Beleg-Nr', 782, 180, 82, 29, 89), w('R87654321012345', 996, 193, 148, 14, 90), w('06.08.2013', 996, 212, 98, 13, 95),
      w('Beleg-Datum', 785, 209, 110, 15, 92), w('06.08.201', 996, 212, 87, 13, 91),
    ];
    const lines = [{ words: [0, 1, 2, 3, 4, 5, 6] }, { words: [7, 8] }];
    const rows = ocrRows(words, lines).map((r) => r.map((i) => words[i]!.text).join(' '));
    assert.ok(rows.includes('Beleg-Datum 06.08.2013'), rows.join(' | '));
    assert.equal(rows.filter((r) => r.includes('06.08.201')).length, 1, 'one reading of the date');
    // Different words at one place are not readings of one ink.
    const other = [w('Summe', 100, 100, 60, 14, 90), w('EUR', 100, 102, 58, 13, 80)];
    assert.equal(ocrRows(other, [{ words: [0] }, { words: [1] }]).flat().length, 2);
  });

  it('joins tesseract lines of one visual row, taking out the skew, and keeps a lower sidebar apart', () => {
    const w = (text: string, x: number, y: number) => ({ text, bbox: { x, y, w: 80, h: 18 }, confidence: 90 });
    // The page is turned: 0.014 px down per px to the right (a long line shows it).
    const words = [
      w('Leistungszeitraum', 100, 300), w('vom', 500, 305.6), w('01.01.2024', 900, 311.2),
      w('Bakkerij', 100, 100), w('Jansen', 190, 100),
      // A sidebar cell set 12 px below the address line's row.
      w('Totaal', 800, 121.2),
      w('Dorpsstraat', 100, 130), w('14', 190, 130),
      // The same printed row as "Dorpsstraat 14", read as two more blocks further right.
      w('BTW', 800, 139.2), w('21%', 880, 140.3), w('1.523,72', 1100, 143.4),
    ];
    const lines = [{ words: [0, 1, 2] }, { words: [3, 4] }, { words: [5] }, { words: [6, 7] }, { words: [8, 9] }, { words: [10] }];
    const rows = ocrRows(words, lines).map((r) => r.map((i) => words[i]!.text).join(' '));
    assert.deepEqual(rows, ['Bakkerij Jansen', 'Totaal', 'Dorpsstraat 14 BTW 21% 1.523,72', 'Leistungszeitraum vom 01.01.2024']);
  });
});
