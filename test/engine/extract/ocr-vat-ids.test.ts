// VAT ids misread by OCR (issue 14, vatocr34). Generated scans return the Dutch sample id
// "NL001234567B01" as "NLO01234567801" (an O for the 0 and an 8 for the B) and the British
// "GB987654321" as "GB9B7654321": letters where the id's shape has digits. A letter whose digit is
// beyond doubt is read as that digit; a doubtful one (S: 5 or 8) only where the country's check
// digit confirms the reading.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { PageText } from '../../../engine/formats/model.js';
import { repairOcrCell, repairOcrVatIds } from '../../../engine/extract/normalize/ocr-repair.js';
import { pageFromLines } from '../../helpers/invoice-fixtures.js';
import { runPages, v, type Lines } from './fixtures/run.js';

describe('a VAT id read with letters where its shape has digits', () => {
  it('reads O, I, l, B, Z and G as their digits, and the Dutch 8 as B', () => {
    assert.equal(repairOcrCell('BTW-nummer NLO01234567801 - IBAN NL96 ABNA 0417 1643 07'), 'BTW-nummer NL001234567B01 - IBAN NL96 ABNA 0417 1643 07');
    assert.equal(repairOcrVatIds('VAT no. GB9B7654321 - IBAN'), 'VAT no. GB987654321 - IBAN');
    assert.equal(repairOcrVatIds('UID: ATU6543Z1O9'), 'UID: ATU65432109');
    assert.equal(repairOcrVatIds('P.IVA IT0l234567890'), 'P.IVA IT01234567890');
    assert.equal(repairOcrVatIds('USt-IdNr. DE 123 456 78G'), 'USt-IdNr. DE123456786', 'printed in groups');
  });

  it('reads a doubtful letter only where the check digit confirms it', () => {
    assert.equal(repairOcrVatIds('VAT no. GB9S7654321'), 'VAT no. GB9S7654321', 'S is 5 or 8, and a British id has no check here');
    assert.equal(repairOcrVatIds('USt-IdNr. DES11907981'), 'USt-IdNr. DES11907981', 'neither reading passes the German check');
    assert.equal(repairOcrVatIds('USt-IdNr. DET11907980'), 'USt-IdNr. DET11907980');
  });

  it('leaves words, longer numbers and ids in another shape alone', () => {
    assert.equal(repairOcrVatIds('DEBIT 123456'), 'DEBIT 123456');
    assert.equal(repairOcrVatIds('GB9B76S4Z21'), 'GB9B76S4Z21', 'three letters');
    assert.equal(repairOcrVatIds('IBAN BE68 539O 0754 7034'), 'IBAN BE68 539O 0754 7034', 'an IBAN goes on after ten characters');
    assert.equal(repairOcrVatIds('NLO012345678019'), 'NLO012345678019', 'one character too many');
    assert.equal(repairOcrVatIds('ATX1234567B'), 'ATX1234567B');
    assert.equal(repairOcrVatIds('GB987654321'), 'GB987654321', 'read right: nothing to do');
    // A word that starts like a country code ("SI") does not hide the id after it.
    assert.equal(repairOcrVatIds('SIRET 542 065 479 00012 TVA intracommunautaire FRB2542065479'), 'SIRET 542 065 479 00012 TVA intracommunautaire FR82542065479');
  });
});

describe("the sender's VAT id on a scanned page", () => {
  const lines: Lines = [
    [56, 44, 16, 'Northgate Consulting Ltd'], [56, 60, 9, '2 Northgate, York YO1 7HH'],
    [56, 170, 10, 'Harbour Books Ltd'], [56, 183, 10, '14 Quay Street'], [56, 196, 10, 'Bristol BS1 4DJ'],
    [360, 160, 9, 'Invoice no.: INV-2025-00353'], [360, 173, 9, 'Invoice date: 02/04/2025'],
    [56, 300, 14, 'Invoice'], [300, 430, 10, 'Subtotal'], [470, 430, 10, '£400.00'], [300, 446, 10, 'VAT 20%'], [476, 446, 10, '£80.00'], [300, 462, 10, 'Total'], [470, 462, 10, '£480.00'],
    [56, 780, 7, 'VAT no. GB9B7654321 - IBAN GB29 NWBK 6016 1331 9268 19 - BIC NWBKGB2L'],
  ];
  const page = (source: PageText['source']): PageText => ({ ...pageFromLines(lines), source });

  it('reads the id whose 8 came back as B', () => {
    assert.equal(v(runPages([page('ocr')]), 'sender_vat_number'), 'GB987654321');
  });

  it('keeps a text layer as printed (no id there)', () => {
    assert.equal(v(runPages([page('native')]), 'sender_vat_number'), null);
  });
});
