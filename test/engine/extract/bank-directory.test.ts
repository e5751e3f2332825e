// A BIC read by OCR, checked against the bank directory for the page's IBAN (issue 14, bic34).
// A Sparkasse prints "HELADEF1822" beside its IBAN; a scan returns "HELADEFIS22" or "HELADEFI822"
// (the shared energy samples 7-0004 and 7-0010). The IBAN is checked by mod 97, and its bank code
// names one BIC in the national bank directory: a reading that differs from that BIC only in
// characters OCR confuses is that BIC.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { PageText } from '../../../engine/formats/model.js';
import { bicFromBankDirectory, directoryBic } from '../../../engine/extract/normalize/bic.js';
import { pageFromLines } from '../../helpers/invoice-fixtures.js';
import { runPages, v, type Lines } from './fixtures/run.js';

const SPARKASSE_IBAN = 'DE68500502016060134736';

describe('the bank directory', () => {
  it('names the BIC of an IBAN\'s bank code', () => {
    assert.equal(directoryBic(SPARKASSE_IBAN), 'HELADEF1822');
    assert.equal(directoryBic('NL19ABNA0417164335'), 'ABNANL2A');
    assert.equal(directoryBic('GB29NWBK60161331926819'), null, 'no British directory');
    assert.equal(directoryBic('DE00999999990000000000'), null, 'a bank code it does not list');
  });

  it('reads a BIC whose characters OCR confused as the directory\'s', () => {
    assert.equal(bicFromBankDirectory('HELADEFIS22', SPARKASSE_IBAN), 'HELADEF1822');
    assert.equal(bicFromBankDirectory('HELADEFI822', SPARKASSE_IBAN), 'HELADEF1822');
    assert.equal(bicFromBankDirectory('HELADEFI', SPARKASSE_IBAN), 'HELADEF1', 'printed with 8 characters: 8 characters');
    assert.equal(bicFromBankDirectory('HELADEF1822', SPARKASSE_IBAN), 'HELADEF1822');
  });

  it('does not read another BIC, or more than two confusions, as the directory\'s', () => {
    assert.equal(bicFromBankDirectory('HELADEFFXXX', SPARKASSE_IBAN), null, 'F and X are not confusions of 1, 8 and 2');
    assert.equal(bicFromBankDirectory('HELADEFIS2Z', SPARKASSE_IBAN), null, 'three confusions');
    assert.equal(bicFromBankDirectory('COBADEFFXXX', SPARKASSE_IBAN), null);
    assert.equal(bicFromBankDirectory('NWBKGBZL', 'GB29NWBK60161331926819'), null, 'no directory');
  });
});

describe('a BIC read by OCR beside the IBAN', () => {
  const letterhead: Lines = [[380, 60, 12, 'Stadtwerke Mainufer GmbH'], [380, 76, 9, 'Uferweg 3'], [380, 89, 9, '60311 Frankfurt am Main']];
  const body: Lines = [
    [60, 160, 10, 'Helga Brandt'], [60, 172, 10, 'Lindenweg 4'], [60, 184, 10, '60320 Frankfurt am Main'],
    [60, 300, 14, 'Rechnung'], [60, 330, 10, 'Rechnungsnummer: SM-2024-118'], [60, 346, 10, 'Rechnungsdatum: 04.06.2024'],
    [300, 430, 10, 'Nettobetrag'], [470, 430, 10, '100,00 €'], [300, 446, 10, 'USt. 19 %'], [476, 446, 10, '19,00 €'], [300, 462, 10, 'Gesamtbetrag'], [470, 462, 10, '119,00 €'],
  ];
  const page = (bic: string, source: PageText['source'], iban = 'DE68 5005 0201 6060 1347 36'): PageText => ({ ...pageFromLines([...letterhead, ...body, [60, 780, 8, `Frankfurter Sparkasse: IBAN ${iban} - BIC ${bic}`]]), source });
  const bicOf = (p: PageText) => v(runPages([p]), 'bic');

  it('takes the directory\'s BIC for a misread one', () => {
    assert.equal(bicOf(page('HELADEFIS22', 'ocr')), 'HELADEF1822');
    assert.equal(bicOf(page('HELADEFI822', 'ocr')), 'HELADEF1822');
  });

  it('keeps a BIC that is no misreading of the directory\'s as read', () => {
    assert.equal(bicOf(page('HELADEFFXXX', 'ocr')), 'HELADEFFXXX');
  });

  it('keeps a text layer\'s BIC as printed', () => {
    assert.equal(bicOf(page('HELADEFIS22', 'native')), 'HELADEFIS22');
  });
});
