// OCR values the page contradicts (issue 14, third pass): a generated French invoice drawn,
// degraded like the corpus scanner and read by the product's own OCR. Its print holds what the
// tuned scans showed: a name with a letter the German model has no glyph for ("Hôtel", which it
// reads "Hötel"; since french29 the page takes its accents from the French model), a due-date label misread in its fourth word ("röglement", printed so), and an item
// table whose headings OCR garbled ("scription", "tal HT") over a column of dates. The pure
// name rule is also tested on constructed names, and text layers are shown untouched.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { buildEvidence } from '../../../engine/extract/evidence.js';
import { ocrNameDoubt, ocrReturnLine } from '../../../engine/extract/ocr-agreement.js';
import { repairOcrCell, repairOcrGrave, repairOcrLabels } from '../../../engine/extract/normalize/ocr-repair.js';
import { dutchVatChecksumValid, frenchVatChecksumValid } from '../../../engine/extract/normalize/vat.js';
import type { PageText } from '../../../engine/formats/model.js';
import { terminateOcr } from '../../../engine/ocr/index.js';
import { processImagePage } from '../../../engine/pipeline/page-work.js';
import { pageFromLines } from '../../helpers/invoice-fixtures.js';
import { tempDirForTests } from '../../helpers/temp-dir.js';
import { run, v } from './fixtures/run.js';
import { extractScan, writeScan } from './fixtures/scan.js';

const LINES: Array<[number, number, number, string]> = [
  [60, 50, 15, 'Atelier Marchand SARL'], [420, 50, 15, 'FACTURE'],
  [60, 70, 9, '14, rue des Tanneurs, 69002 Lyon'], [440, 80, 10, '20/09/2023'],
  [440, 95, 10, 'N° 2023-6013'],
  [60, 150, 7, 'Atelier Marchand SARL · 14, rue des Tanneurs · 69002 Lyon'],
  [60, 165, 10, 'Hôtel des Arts SAS'], [60, 178, 10, '27, rue de Bassano'], [60, 191, 10, '75008 Paris'],
  // Item table: the date column's heading is a plain "Date"; the other headings are printed as
  // OCR misreads them, so no item-table heading is recognised.
  [60, 280, 9, 'Date'], [130, 280, 9, 'scription'], [330, 280, 9, 'Ote'], [400, 280, 9, 'unit.'], [480, 280, 9, 'tal HT'],
  [60, 300, 9, '09/08/2023'], [130, 300, 9, 'Chambre double'], [330, 300, 9, '6'], [400, 300, 9, '205,90'], [480, 300, 9, '1.235,40'],
  [60, 318, 9, '12/08/2023'], [130, 318, 9, 'Petit déjeuner'], [330, 318, 9, '6'], [400, 318, 9, '1,65'], [480, 318, 9, '9,90'],
  [330, 370, 10, 'Total HT'], [480, 370, 10, '1.245,30'],
  [330, 386, 10, 'TVA 10 %'], [480, 386, 10, '124,53'],
  [330, 402, 10, 'Total TTC'], [480, 402, 10, '1.369,83'],
  [60, 470, 9, 'Mode de paiement : virement bancaire en indiquant le numéro de facture'],
  [60, 484, 9, 'Conditions de paiement : 30 jours net'],
  [60, 498, 9, 'Date limite de röglement : 19/10/2023'],
  // The VAT id printed as OCR misreads it (B for 8); its SIREN key confirms the one reading.
  [60, 780, 7, 'Atelier Marchand SARL · SIRET 542 065 479 00012 · TVA intracommunautaire FRB2542065479'],
];

const value = (r: ReturnType<typeof extractScan>, f: string) => (r.fields as Record<string, { value: unknown } | undefined>)[f]?.value ?? null;
const dir = tempDirForTests('docdesk-ocr-agree-');
after(() => terminateOcr());

/** The lines drawn, degraded (seeded) and read by the product's OCR. */
async function scanned(lines: Array<[number, number, number, string]>, name: string, seed: number): Promise<PageText> {
  const path = await writeScan(pageFromLines(lines), dir, name, seed);
  return (await processImagePage({ kind: 'image.page', path, format: 'jpg', index: 0, physical_page: 1, component_ref: 'main', visual: true, preview_path: null })).page;
}

describe('OCR values the page contradicts (real OCR)', () => {
  let page: PageText;
  let cells: string[];
  let result: ReturnType<typeof extractScan>;

  before(async () => {
    page = await scanned(LINES, 'facture', 11);
    cells = buildEvidence([page]).lines.flatMap((l) => l.segments.map((s) => s.text));
    result = extractScan(page);
  });

  it('reads the French recipient with its "ô" (the French model\'s accents, french29), never as "Hötel"', () => {
    assert.equal(page.source, 'ocr');
    assert.ok(cells.some((c) => /Hôtel des Arts/.test(c)), `read: ${cells.join(' | ')}`);
    const recipient = value(result, 'recipient_name');
    assert.equal(recipient, 'Hôtel des Arts SAS');
  });

  it('repairs a label misread in its fourth word, so the printed due date wins over the term', () => {
    assert.equal(value(result, 'issue_date'), '2023-09-20');
    // 30 days after 20/09/2023 is 20/10; the printed date under the repaired label is 19/10.
    assert.equal(value(result, 'payment_due_date'), '2023-10-19');
  });

  it('repairs a French VAT id whose key confirms the reading', (t) => {
    t.diagnostic(cells.filter((c) => /TVA|SIRET/.test(c)).join(' | '));
    assert.equal(value(result, 'sender_vat_number'), 'FR82542065479');
  });

  it('does not read the first date of an item table’s date column as the issue date', () => {
    assert.ok(cells.some((c) => /09\/08\/2023/.test(c)), 'the item dates are read');
    assert.notEqual(value(result, 'issue_date'), '2023-08-09');
  });
});

// A British invoice whose return-address line OCR garbles in its postcode ("BS1 5TY" read
// "8S1 STY", printed so here); the address window's town line puts the postcode last, so the
// return line is the only way to the recipient.
const UK_LINES: Array<[number, number, number, string]> = [
  [60, 50, 15, 'Harbour Lane Supplies Ltd'], [60, 68, 9, '14 Harbour Lane, Bristol BS1 5TY'],
  [60, 150, 7, 'Harbour Lane Supplies Ltd · 14 Harbour Lane · Bristol 8S1 STY'],
  [60, 165, 10, 'Riverside Dental Practice'], [60, 178, 10, '7 Quay Street'], [60, 191, 10, 'Manchester M3 3JE'],
  [60, 270, 16, 'Invoice'], [60, 300, 10, 'Invoice No.: INV-2025-00135'], [60, 314, 10, 'Date: 21/07/2025'],
  [330, 400, 10, 'Net amount'], [480, 400, 10, '853.36'], [330, 414, 10, 'VAT 20%'], [480, 414, 10, '170.67'], [330, 428, 10, 'Total'], [480, 428, 10, '1,024.03'],
];

describe('a return-address line with a garbled postcode (real OCR)', () => {
  let result: ReturnType<typeof extractScan>;
  before(async () => {
    result = extractScan(await scanned(UK_LINES, 'invoice', 5));
  });

  it('reads the recipient below a small-print line shaped "Company Ltd · street no. · town"', () => {
    assert.equal(value(result, 'recipient_name'), 'Riverside Dental Practice');
    assert.equal(value(result, 'sender_name'), 'Harbour Lane Supplies Ltd');
  });
});

// A French invoice whose only due date is a term, printed as the reading model (which has no
// "à") returns it on the tuned generated scans: "Paiement ä 30 jours".
const TERM_LINES: Array<[number, number, number, string]> = [
  [60, 50, 15, 'Boulangerie Morel SAS'], [60, 68, 9, '5 place du Marché, 33000 Bordeaux'],
  [60, 165, 10, 'Garage Dubois SARL'], [60, 178, 10, '12 rue Nationale'], [60, 191, 10, '59000 Lille'],
  [60, 270, 16, 'Facture'], [360, 170, 10, 'Facture n° : FA-2024-0917'], [360, 184, 10, 'Date de facture : 02/09/2024'],
  [330, 400, 10, 'Total HT'], [480, 400, 10, '1.000,00'], [330, 414, 10, 'TVA 20 %'], [480, 414, 10, '200,00'], [330, 428, 10, 'Total TTC'], [480, 428, 10, '1.200,00'],
  [60, 500, 10, 'Paiement ä 30 jours.'],
];

describe('a French payment term read with "ä" for "à" (real OCR)', () => {
  let cells: string[];
  let result: ReturnType<typeof extractScan>;
  before(async () => {
    const page = await scanned(TERM_LINES, 'term', 3);
    cells = page.lines.map((l) => l.words.map((i) => page.words[i]!.text).join(' '));
    result = extractScan(page);
  });

  it('reads the term and derives the due date from the issue date', (t) => {
    t.diagnostic(cells.filter((c) => /jours/.test(c)).join(' | '));
    assert.equal(value(result, 'issue_date'), '2024-09-02');
    assert.equal(value(result, 'payment_due_date'), '2024-10-02');
  });
});

describe('OCR party names and labels (constructed input)', () => {
  it('doubts names holding OCR garbage, attention lines and umlauts on French pages only', () => {
    assert.equal(ocrNameDoubt('Schrauben ikg(1 kg', false), 'unbalanced-bracket');
    assert.equal(ocrNameDoubt('Schrauben 1 kg', false), 'quantity');
    assert.equal(ocrNameDoubt('Mu11er Bau GmbH', false), 'letters-and-digits');
    assert.equal(ocrNameDoubt('Nordlicht | Technik GmbH', false), 'stray-symbol');
    assert.equal(ocrNameDoubt('Einkauf ATTN Erika Mustermann', false), 'attention-line');
    assert.equal(ocrNameDoubt('Anna Vogt c/o Hausverwaltung Berg', false), 'attention-line');
    assert.equal(ocrNameDoubt('Hötel des Arts SAS', true), 'umlaut-on-french-page');
    for (const name of ['Müller Bau GmbH', 'Bäckerei Schön KG']) assert.equal(ocrNameDoubt(name, false), null, name);
    for (const name of ['3M Deutschland GmbH', '1&1 Internet AG', 'B2B Solutions Ltd', 'Hôtel des Arts SAS', 'Studio 54 (Paris) SARL', 'Atelier Sonnenberg GmbH']) assert.equal(ocrNameDoubt(name, true), null, name);
  });

  it('takes a return-address shape without a postcode on OCR lines only', () => {
    const line = (source: 'ocr' | 'native') => ({ source }) as Parameters<typeof ocrReturnLine>[0];
    const parts = ['Harbour Lane Supplies Ltd', '14 Harbour Lane', 'Bristol 8S1 STY'];
    assert.equal(ocrReturnLine(line('ocr'), parts), true);
    assert.equal(ocrReturnLine(line('native'), parts), false);
    assert.equal(ocrReturnLine(line('ocr'), ['Harbour Lane Supplies', '14 Harbour Lane', 'Bristol']), false, 'no legal form');
    assert.equal(ocrReturnLine(line('ocr'), ['Harbour Lane Supplies Ltd', 'Harbour Lane', 'Bristol']), false, 'no house number');
    assert.equal(ocrReturnLine(line('ocr'), ['Harbour Lane Supplies Ltd', '14 Harbour Lane']), false, 'two parts');
  });

  it('keeps a text layer’s names as printed', () => {
    const r = run([
      [60, 50, 15, 'Atelier Marchand SARL'], [60, 70, 9, '14, rue des Tanneurs, 69002 Lyon'], [420, 50, 15, 'FACTURE'],
      [320, 170, 10, 'Hötel des Arts SAS'], [320, 183, 10, '27, rue de Bassano'], [320, 196, 10, '75008 Paris'],
      [60, 260, 10, 'Facture N° 2023-6013 du 20/09/2023'],
      [330, 370, 10, 'Total HT'], [480, 370, 10, '1.245,30'], [330, 386, 10, 'TVA 10 %'], [480, 386, 10, '124,53'], [330, 402, 10, 'Total TTC'], [480, 402, 10, '1.369,83'],
      [60, 470, 9, 'Conditions de paiement : 30 jours net, par virement, en indiquant le numéro de la facture'],
    ]);
    assert.equal(v(r, 'recipient_name'), 'Hötel des Arts SAS');
  });

  it('repairs Dutch and French VAT ids only when their check confirms one reading', () => {
    assert.equal(dutchVatChecksumValid('NL810433941B01'), true);
    assert.equal(dutchVatChecksumValid('NL001234567B01'), false);
    assert.equal(frenchVatChecksumValid('FR40303265045'), true);
    assert.equal(frenchVatChecksumValid('FR41303265045'), false);
    assert.equal(repairOcrCell('BTW-nummer NL810433941801 - IBAN'), 'BTW-nummer NL810433941B01 - IBAN');
    assert.equal(repairOcrCell('TVA FR4O 303265045'), 'TVA FR40303265045');
    // No check passes: an O for a 0 and the Dutch 8 for the B are read so all the same (vatocr34); three
    // letters are not guessed.
    assert.equal(repairOcrCell('BTW-nummer NLO01234567801'), 'BTW-nummer NL001234567B01');
    assert.equal(repairOcrCell('TVA FR4O3O3265O45'), 'TVA FR4O3O3265O45');
  });

  it('reads a standalone "ä" as "à", and no "ä" inside a word', () => {
    assert.equal(repairOcrGrave('Paiement ä14 jours.'), 'Paiement à 14 jours.');
    assert.equal(repairOcrGrave('Reste ä payer'), 'Reste à payer');
    assert.equal(repairOcrGrave('Bär Äpfel ändern'), 'Bär Äpfel ändern');
  });

  it('repairs a misread fourth label word, and no word beyond it', () => {
    assert.equal(repairOcrLabels('Date limite de röglement : 19/10/2023'), 'Date limite de règlement : 19/10/2023');
    assert.equal(repairOcrLabels('Bitte zahlen Sie röglement'), 'Bitte zahlen Sie röglement');
  });
});
