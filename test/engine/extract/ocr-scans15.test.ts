// Generic extraction on scans, fifth pass (issue 14, scans15): what the openable scans (tuned corpus,
// tuned-only rounds, generated scans) showed of OCR text that holds a value the native twin reads —
// the "N°" of a French label read as "N?", "Ne" or "N®"; an apostrophe read twice ("d’'&mission");
// the "B" of a Dutch VAT id read as "8" — and one wrong date: a bare "Data" whose qualifying words
// OCR garbled, over the date of another label. Pages are OCR-like (`source: "ocr"`, the text as the
// reading returned it on the scans).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { PageText } from '../../../engine/formats/model.js';
import { repairOcrLabels, repairOcrVatIds } from '../../../engine/extract/normalize/ocr-repair.js';
import { pageFromLines } from '../../helpers/invoice-fixtures.js';
import { runPages, v, type Lines } from './fixtures/run.js';

const ocr = (lines: Lines, source: PageText['source'] = 'ocr'): PageText => ({ ...pageFromLines(lines), source });

// A French invoice as a scan reads it: the letterhead, the window, the totals; `meta` is its header block.
const french = (meta: Lines): Lines => [
  [56, 44, 16, 'Atelier Charpentier SARL'], [56, 60, 9, '12 rue des Tanneurs, 69002 Lyon'],
  [56, 156, 7, 'Atelier Charpentier SARL - 12 rue des Tanneurs - 69002 Lyon'],
  [56, 170, 10, 'Garage Dubois SARL'], [56, 183, 10, '3 route de Paris'], [56, 196, 10, '44000 Nantes'],
  ...meta,
  [56, 280, 16, 'Facture'],
  [330, 420, 10, 'Total HT'], [470, 420, 10, '1620,37 €'], [330, 434, 10, 'TVA 20 %'], [476, 434, 10, '324,07 €'], [330, 448, 10, 'Total TTC'], [470, 448, 10, '1.944,44 €'],
];

describe('"N°" read as "N?", "Ne" or "N®" before a label word', () => {
  it('repairs the label when the rest makes a longer label', () => {
    assert.equal(repairOcrLabels('N? de facture: INV-2024-00170'), 'N° de facture: INV-2024-00170');
    assert.equal(repairOcrLabels('Ne de facture: INV-2024-00422'), 'N° de facture: INV-2024-00422');
    assert.equal(repairOcrLabels('N® de facture:'), 'N° de facture:');
  });

  it('leaves a word, or a bare misread "N°" before a number, alone', () => {
    // "Ne" is a French word; a bare "N2 2023-6013" has no label word to confirm the reading (scans13).
    assert.equal(repairOcrLabels('Ne pas jeter sur la voie publique'), 'Ne pas jeter sur la voie publique');
    assert.equal(repairOcrLabels('Ne 2023-6013'), 'Ne 2023-6013');
    assert.equal(repairOcrLabels('N? 2023-6013'), 'N? 2023-6013');
  });

  it('reads the invoice number under the misread label', () => {
    for (const label of ['Ne de facture:', 'N? de facture:']) {
      const page = ocr(french([[360, 160, 9, `${label} INV-2024-00422`], [360, 173, 9, 'Date de facture: 17/03/2024']]));
      assert.equal(v(runPages([page]), 'document_number'), 'INV-2024-00422', label);
    }
  });
});

describe('an apostrophe read twice inside a label', () => {
  it("repairs \"Date d’'&mission\" and reads its date", () => {
    assert.equal(repairOcrLabels("Date d’'&mission: 19/01/2024"), "Date d'émission: 19/01/2024");
    const page = ocr(french([[360, 160, 9, 'Facture n°: INV-2024-00338'], [360, 173, 9, "Date d’'&mission: 19/01/2024"], [360, 186, 9, 'Date de livraison: 16/01/2024']]));
    assert.equal(v(runPages([page]), 'issue_date'), '2024-01-19');
  });
});

describe('the "B" of a Dutch VAT id read as "8"', () => {
  it('restores the B where the format fixes it, all other characters read as digits', () => {
    // A sample id (fails the RSIN 11-test and mod 97): the format alone fixes the letter.
    assert.equal(repairOcrVatIds('BTW-nummer NL001234567801 - IBAN'), 'BTW-nummer NL001234567B01 - IBAN');
  });

  it('reads an O for a digit as well, and guesses no digit in an id of another length', () => {
    // An O for the 0 has one reading (vatocr34; until then only a passing check confirmed it).
    assert.equal(repairOcrVatIds('BTW-nummer NL0O1234567801'), 'BTW-nummer NL001234567B01');
    // One digit too many or too few: no Dutch id.
    assert.equal(repairOcrVatIds('NL0012345678019'), 'NL0012345678019');
    assert.equal(repairOcrVatIds('NL00123456801'), 'NL00123456801');
  });

  it("reads the sender's id from the footer", () => {
    const lines: Lines = [
      [56, 44, 16, 'Smit Transport B.V.'], [56, 60, 9, 'Industrieweg 80, 5611 AA Eindhoven'],
      [56, 156, 7, 'Smit Transport B.V. - Industrieweg 80 - 5611 AA Eindhoven'],
      [56, 170, 10, 'Visser Architecten B.V.'], [56, 183, 10, 'Prinsengracht 300'], [56, 196, 10, '1016 HX Amsterdam'],
      [360, 160, 9, 'Factuur nr.: RE-2025-00121'], [360, 173, 9, 'Factuurdatum: 15-10-2024'],
      [56, 280, 16, 'Factuur'],
      [330, 420, 10, 'Subtotaal'], [470, 420, 10, '1.926,91'], [330, 434, 10, 'BTW 21%'], [476, 434, 10, '404,65'], [330, 448, 10, 'Totaal incl. btw'], [470, 448, 10, '2.331,56 €'],
      [56, 780, 7, 'Smit Transport B.V. - Industrieweg 80 - 5611 AA Eindhoven'],
      [56, 790, 7, 'BTW-nummer NL001234567801 - IBAN NL10 ABNA 0417 1643 03 - BIC ABNANL2A'],
    ];
    assert.equal(v(runPages([ocr(lines)]), 'sender_vat_number'), 'NL001234567B01');
  });
});

describe('a bare "Data" whose qualifying words OCR garbled', () => {
  // A Polish invoice's dates as the scan read them: the issue date's line garbled past reading, the
  // delivery date's label ("Data wykonania lub zakończenia dostawy …") garbled after its first word.
  const polish = (delivery: Lines): Lines => [
    [56, 44, 14, 'Krajowy System e-Faktur'], [360, 44, 9, 'Numer Faktury:'], [360, 56, 9, 'FA/YUCFO-4342344706/03/2026'],
    [56, 120, 9, 'Sprzedawca'], [56, 132, 9, 'NIP: 5265877635'], [56, 144, 9, 'Nazwa: Bartkowiak Sp. z o.o.'],
    [56, 388, 9, 'Data wy z zastrzez art. 106na ust. 1 ub ustawy: wykor 31. lau 10. 2025'],
    ...delivery, [56, 412, 9, '03.10.2025'],
  ];

  it('does not read the date under it as the issue date', () => {
    assert.equal(v(runPages([ocr(polish([[56, 400, 9, 'Data ıkonania Iuh zakarnr>7enin di y towardw I lub wy alu gi']]))]), 'issue_date'), null);
  });

  it('nor when "Data" is a cell of its own and the garbled words follow in the next cells', () => {
    // The scan's reading: "Data" a cell of its own, the garbled words the next cells of its row (the date under both).
    assert.equal(v(runPages([ocr(polish([[56, 400, 6, 'Data'], [80, 400, 9, 'ıkonania Iuh zakarnr>7enin di'], [230, 400, 9, 'y towardw I lub wy']]))]), 'issue_date'), null);
  });

  it('still reads the date under a bare "Data" that stands alone', () => {
    assert.equal(v(runPages([ocr(polish([[56, 400, 9, 'Data']]))]), 'issue_date'), '2025-10-03');
    // … or beside the heading of another column: a label, or words with a value under them.
    assert.equal(v(runPages([ocr(polish([[56, 400, 9, 'Data'], [200, 400, 9, 'Numer faktury'], [200, 412, 9, 'FA/7/2025']]))]), 'issue_date'), '2025-10-03');
    assert.equal(v(runPages([ocr(polish([[56, 400, 9, 'Data'], [200, 400, 9, 'Miejsce wystawienia'], [200, 412, 9, 'Czarnków']]))]), 'issue_date'), '2025-10-03');
  });
});
