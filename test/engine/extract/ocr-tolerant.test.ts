// Generic extraction on scans: OCR-tolerant reading (issue 14, scanfields9). What the tuned scans
// showed: an address window whose lines OCR boxes by their ink (capitals, no line gap), so the
// printed gaps of a double-spaced window measure wider than the text layer's; a town line one
// blank line under the street; the sender's own VAT id garbled while the customer's, under its
// label, is read well; a Dutch IBAN read with two characters wrong that passes mod 97 by chance
// (generated scans). Pages are generated; the window is also drawn, degraded and read by the
// product's OCR (real pixels).
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { PageText } from '../../../engine/formats/model.js';
import { terminateOcr } from '../../../engine/ocr/index.js';
import { processImagePage } from '../../../engine/pipeline/page-work.js';
import { checkIban, ibanChecksumValid } from '../../../engine/extract/normalize/iban.js';
import { pageFromLines } from '../../helpers/invoice-fixtures.js';
import { tempDirForTests } from '../../helpers/temp-dir.js';
import { run, runPages, v, type Lines } from './fixtures/run.js';
import { extractScan, writeScan } from './fixtures/scan.js';

const totals = (y: number): Lines => [
  [300, y, 10, 'Nettobetrag'], [470, y, 10, '400,00 €'],
  [300, y + 16, 10, 'USt. 19 %'], [476, y + 16, 10, '76,00 €'],
  [300, y + 32, 10, 'Gesamtbetrag'], [470, y + 32, 10, '476,00 €'],
];
// A letterhead on the right (name, address, contact rows), the invoice's heading and totals.
const letterhead: Lines = [[380, 60, 12, 'Kranich Druck GmbH'], [380, 76, 9, 'Hafenstraße 8'], [380, 89, 9, '28217 Bremen'], [380, 102, 9, 'Tel. 0421 55 66 77']];
const body: Lines = [[60, 300, 14, 'Rechnung'], [60, 330, 10, 'Rechnungsnummer: RE-2024-0311'], [60, 346, 10, 'Rechnungsdatum: 12.03.2024'], [60, 390, 10, 'Druck Broschüren'], [470, 390, 10, '400,00 €'], ...totals(430)];

describe('the address window on scans and with a blank line before the town', () => {
  it('reads a window whose town line stands one blank line under the street (text layer)', () => {
    const r = run([...letterhead, [60, 160, 10, 'Gärtnerei Lindholm'], [60, 172, 10, 'Am Deich 14'], [60, 194, 10, '27568 Bremerhaven'], ...body]);
    assert.equal(v(r, 'recipient_name'), 'Gärtnerei Lindholm');
  });

  it('does not join a line two blank lines above the town to the window', () => {
    // "Am Deich 14" stands too far above the town to be its street: no window (no guess).
    const r = run([...letterhead, [60, 150, 10, 'Gärtnerei Lindholm'], [60, 162, 10, 'Am Deich 14'], [60, 200, 10, '27568 Bremerhaven'], ...body]);
    assert.equal(v(r, 'recipient_name'), null);
  });
});

describe('the address window read by OCR (real OCR)', () => {
  const dir = tempDirForTests('docdesk-ocr-tolerant-');
  let page: PageText;
  let result: ReturnType<typeof extractScan>;
  after(() => terminateOcr());

  before(async () => {
    // A double-spaced window (21 pt pitch for 10 pt type), the town a half line lower still: on the text
    // layer each gap is under the font's height; OCR boxes are the ink's and measure it wider.
    const lines: Lines = [...letterhead, [60, 160, 10, 'Theodor Brandt'], [60, 181, 10, 'Lindenallee 42'], [60, 211, 10, '88802 Spielkreis'], ...body];
    const path = await writeScan(pageFromLines(lines), dir, 'window', 5);
    page = (await processImagePage({ kind: 'image.page', path, format: 'jpg', index: 0, physical_page: 1, component_ref: 'main', visual: true, preview_path: null })).page;
    result = extractScan(page);
  });

  it('reads the recipient of a double-spaced window', (t) => {
    assert.equal(page.source, 'ocr');
    t.diagnostic(page.lines.map((l) => `${Math.round(l.bbox.y)}+${Math.round(l.bbox.h)} ${l.text}`).join(' | '));
    assert.equal(v(result, 'recipient_name'), 'Theodor Brandt');
  });
});

describe("the customer's VAT id is not the sender's", () => {
  // A French invoice with the customer's VAT id under its label; `senderIds` is the sender's id line.
  const moulinInvoice = (senderIds: string): Lines => [
    [60, 50, 14, 'Au bon moulin SARL'], [60, 68, 8, senderIds],
    [330, 150, 10, 'Ma jolie boutique'], [330, 162, 10, '35 rue de la République'], [330, 174, 10, '69001 Lyon'],
    [60, 240, 16, 'Facture FA-2017-0010'], [60, 270, 10, 'Date de facture'], [200, 270, 10, '16/11/2017'],
    [60, 286, 10, 'N° TVA client'], [200, 286, 10, 'FR19787878784'],
    [300, 360, 10, 'Total HT'], [470, 360, 10, '100,00 €'], [300, 376, 10, 'TVA 20 %'], [476, 376, 10, '20,00 €'], [300, 392, 10, 'Total TTC'], [470, 392, 10, '120,00 €'],
  ];

  it('leaves the sender VAT id empty when only the customer\'s labelled id is read', () => {
    // The sender's own id garbled as OCR returns it ("TVA: FR1 -SIRET"); the customer's read well.
    const r = run(moulinInvoice('TVA: FR1 -SIRET : 10 - APE : 4778C'));
    assert.equal(v(r, 'sender_vat_number'), null);
  });

  it("still reads the sender's id printed beside the customer's", () => {
    const r = run(moulinInvoice('TVA : FR11999999998 - SIRET : 999 999 999 00010'));
    assert.equal(v(r, 'sender_vat_number'), 'FR11999999998');
  });
});

describe('IBANs in their country\'s shape', () => {
  // Read so from a generated Dutch scan: check digits "19" read "15", "0" read "O", "5" read "S".
  const misread = 'NL15ABNAO41716433S';

  it('does not take a reading that passes mod 97 with letters where the account prints digits', () => {
    assert.ok(ibanChecksumValid(misread), 'the precondition: the misreading passes the checksum');
    assert.equal(checkIban(misread).status, 'invalid');
    assert.equal(checkIban('NL19ABNA0417164335').status, 'valid');
    assert.equal(checkIban('GB29NWBK60161331926819').status, 'valid');
    assert.equal(checkIban('FR7630006000011234567890189').status, 'valid');
  });

  it('leaves the IBAN empty on a page that prints the misreading', () => {
    const r = run([...letterhead, [60, 160, 10, 'Gärtnerei Lindholm'], [60, 172, 10, 'Am Deich 14'], [60, 184, 10, '27568 Bremerhaven'], ...body, [60, 780, 8, 'IBAN NL15 ABNA O417 1643 3S · BIC ABNANL2A']]);
    assert.equal(v(r, 'iban'), null);
  });
});

describe('a BIC read by OCR agrees with the IBAN', () => {
  // OCR-like text: the page as the reading returns it (source "ocr"), the BIC's bank code misread.
  const page = (bic: string, source: PageText['source']): PageText => ({ ...pageFromLines([...letterhead, [60, 160, 10, 'Larkspur Hotel'], [60, 172, 10, '1 Marine Parade'], [60, 184, 10, 'Brighton BN2 1TL'], ...body, [60, 770, 8, 'IBAN GB29 NWBK 6016 1331 9268 19'], [60, 782, 8, `BIC ${bic}`]]), source });
  const bicOf = (p: PageText) => v(runPages([p]), 'bic');

  it('leaves the BIC empty when its bank code is not the one the British IBAN carries', () => {
    assert.equal(bicOf(page('NWEKGB2L', 'ocr')), null);
    assert.equal(bicOf(page('NWBKGB2L', 'ocr')), 'NWBKGB2L');
  });

  it('keeps a text layer\'s BIC as printed', () => {
    assert.equal(bicOf(page('NWEKGB2L', 'native')), 'NWEKGB2L');
  });
});
