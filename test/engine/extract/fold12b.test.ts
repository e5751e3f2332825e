// Traps round 12's fold left (issue 14, fold12b), each named from general knowledge and each on a
// generated page written before its rule (failing on main's engine 55d4f57): designed templates set
// titles and labels letter-spaced ("I N V O I C E #1", "G U T S C H R I F T", "T O T A L"), and head
// the sender's block with the payee's words ("Payable To", "Remit to", "Zahlungsempfänger").
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { joinLetterSpaced } from '../../../engine/extract/labels.js';
import { pageFromLines } from '../../helpers/invoice-fixtures.js';
import { run, runPages, v, type Lines } from './fixtures/run.js';

describe('fold12b: letter-spaced words are joined only when they form a known title or label', () => {
  it('joins titles and labels', () => {
    assert.equal(joinLetterSpaced('I N V O I C E #1'), 'INVOICE #1');
    assert.equal(joinLetterSpaced('R E C H N U N G'), 'RECHNUNG');
    assert.equal(joinLetterSpaced('F A C T U R E N° 12'), 'FACTURE N° 12');
    assert.equal(joinLetterSpaced('T O T A L D U E'), 'TOTAL DUE');
    assert.equal(joinLetterSpaced('C R E D I T  N O T E'), 'CREDIT NOTE');
    assert.equal(joinLetterSpaced('C R E D I T N O T E'), 'CREDIT NOTE');
  });
  it('joins a spaced title OCR read in uneven groups ("FAC TU R E", "RE CH N UNG"; spaced30)', () => {
    assert.equal(joinLetterSpaced('FAC TU R E'), 'FACTURE');
    assert.equal(joinLetterSpaced('RE CH N UNG'), 'RECHNUNG');
    assert.equal(joinLetterSpaced('IN VO I CE #12'), 'INVOICE #12');
  });
  it('guard: groups of capitals that spell no title or label, or have no lone letter, stay', () => {
    for (const t of ['ABC DE F Holding', 'TVA HT TTC', 'NET TO PAY', 'FAC TU RE']) assert.equal(joinLetterSpaced(t), t);
  });
  it('leaves initials, spaced names and prose alone', () => {
    for (const t of ['S T U D I O Nord', 'A B C Holzbau GmbH', 'J R R Tolkien', 'Invoice #1', 'Plan A B C', 'I N V O I C E S T U D I O']) assert.equal(joinLetterSpaced(t), t);
  });
});

/** A designed page: a letter-spaced title over the number, two blocks, items and totals. */
const designed = (title: string, blocks: [string, string], total = 'Total'): Lines => [
  [72, 64, 12, 'LARC'], [400, 64, 30, title],
  [450, 92, 12, 'May 7, 2020'],
  [86, 153, 12, blocks[0]], [328, 153, 12, blocks[1]],
  [120, 167, 12, 'Company Name'], [388, 167, 12, 'Company'],
  [120, 180, 12, '234 Client Address St, Suite X'], [388, 180, 12, '123 Anywhere St'],
  [120, 194, 12, 'Sometown, ST 12345'], [388, 194, 12, 'Othertown, ST 54321'],
  [60, 380, 11, 'Date'], [150, 380, 11, 'Description'], [420, 380, 11, 'Hours'], [470, 380, 11, 'Rate'], [520, 380, 11, 'Amount'],
  [60, 400, 11, '2020/04/01'], [150, 400, 11, 'Consulting on the data model'], [425, 400, 11, '4'], [470, 400, 11, '$100'], [515, 400, 11, '$400.00'],
  [60, 414, 11, '2020/04/04'], [150, 414, 11, 'Review of the reporting pipeline'], [425, 414, 11, '1'], [470, 414, 11, '$150'], [515, 414, 11, '$150.00'],
  [440, 470, 11, total], [515, 470, 11, '$550.00'],
];

describe('fold12b: a letter-spaced title names the type and carries the number', () => {
  it('"I N V O I C E #A-1042" over an unlabelled total', () => {
    const r = run(designed('I N V O I C E #A-1042', ['Client Northgate Books LLC', 'From Harbour Lights Studio Inc']));
    assert.equal(v(r, 'type'), 'invoice');
    assert.equal(v(r, 'document_number'), 'A-1042');
  });
  it('"G U T S C H R I F T" titles a credit note', () => {
    const r = run([
      [56, 50, 15, 'Nordlicht Technik GmbH'],
      [56, 150, 7, 'Nordlicht Technik GmbH · Hafenweg 12 · 20457 Hamburg'],
      [56, 165, 10, 'Atelier Sonnenberg GmbH'], [56, 178, 10, 'Kade 4'], [56, 191, 10, '50667 Köln'],
      [360, 160, 9, 'Belegnummer: GS-2025-7'], [360, 173, 9, 'Datum: 12.02.2025'],
      [56, 270, 18, 'G U T S C H R I F T'],
      [56, 300, 10, 'Wir schreiben Ihnen für die Rücksendung folgende Beträge gut.'],
      [330, 420, 10, 'Nettobetrag'], [490, 420, 10, '1.000,00'], [330, 434, 10, 'USt. 19 %'], [495, 434, 10, '190,00'], [330, 448, 10, 'Gesamtbetrag'], [490, 448, 10, '1.190,00'],
    ]);
    assert.equal(v(r, 'type'), 'credit-note');
  });
  it('a letter-spaced "T O T A L" labels the gross amount', () => {
    const r = run(designed('I N V O I C E #A-1042', ['Client Northgate Books LLC', 'From Harbour Lights Studio Inc'], 'T O T A L'));
    assert.equal(v(r, 'gross_amount'), '550.00');
  });
});

describe('fold12b: a payee heading heads the sender\'s block', () => {
  it('"Payable To:" beside "Client:": the payee is the sender', () => {
    const r = run([[86, 140, 12, 'Client:'], [388, 140, 12, 'Payable To:'], ...designed('INVOICE #A-1042', ['Northgate Books LLC', 'Harbour Lights Studio Inc'])]);
    assert.equal(v(r, 'sender_name'), 'Harbour Lights Studio Inc');
  });
  for (const heading of ['Payable To:', 'Remit To:', 'Make cheques payable to:']) {
    it(`"${heading}" under the totals heads the sender's block`, () => {
      const r = run([
        [60, 50, 24, 'INVOICE'], [400, 55, 11, 'Invoice No: HL-2024-031'], [400, 69, 11, 'Date: 2024-03-05'],
        [60, 120, 11, 'Bill To:'], [60, 134, 11, 'Northgate Books'], [60, 148, 11, '88 Elm Street'], [60, 162, 11, 'Springfield, IL 62701'],
        [60, 380, 11, 'Description'], [420, 380, 11, 'Qty'], [515, 380, 11, 'Amount'],
        [60, 400, 11, 'Photography, two days on site'], [425, 400, 11, '2'], [515, 400, 11, '$400.00'],
        [440, 470, 11, 'Total'], [515, 470, 11, '$800.00'],
        [60, 560, 11, heading], [60, 574, 11, 'Harbour Lights Studio'], [60, 588, 11, '12 Pier Road'], [60, 602, 11, 'Portland, ME 04101'],
      ]);
      assert.equal(v(r, 'sender_name'), 'Harbour Lights Studio');
    });
  }
  const remittance = (payee: string, note: string): Lines => [
    [60, 50, 24, 'INVOICE'], [400, 55, 11, 'Invoice No: HL-2024-031'], [400, 69, 11, 'Date: 2024-03-05'],
    [60, 120, 11, 'Bill To:'], [60, 134, 11, 'Northgate Books'], [60, 148, 11, '88 Elm Street'], [60, 162, 11, 'Springfield, IL 62701'],
    [60, 380, 11, 'Description'], [420, 380, 11, 'Qty'], [515, 380, 11, 'Amount'],
    [60, 400, 11, 'Photography, two days on site'], [425, 400, 11, '2'], [515, 400, 11, '$400.00'],
    [440, 470, 11, 'Total'], [515, 470, 11, '$800.00'],
    [60, 530, 10, note],
    [60, 560, 11, 'Payable To:'], [60, 574, 11, payee], [60, 588, 11, '12 Pier Road'], [60, 602, 11, 'Portland, ME 04101'],
  ];
  it('a payee the claim was assigned to (factoring) is not the sender', () => {
    const r = run(remittance('Nordlight Capital Partners', 'This receivable has been assigned to Nordlight Capital Partners under a factoring agreement.'));
    assert.notEqual(v(r, 'sender_name'), 'Nordlight Capital Partners');
  });
  it('a bank named payee is not the sender', () => {
    const r = run(remittance('First Harbour Bank', 'Thank you for your business.'));
    assert.notEqual(v(r, 'sender_name'), 'First Harbour Bank');
  });
  it('"Zahlungsempfänger:" over the sender\'s name', () => {
    const r = run([
      [56, 60, 18, 'Rechnung'],
      [56, 100, 10, 'Rechnungsempfänger:'], [330, 100, 10, 'Zahlungsempfänger:'],
      [56, 114, 10, 'Atelier Sonnenberg GmbH'], [330, 114, 10, 'Werkhof Lindner GmbH'],
      [56, 128, 10, 'Kade 4'], [330, 128, 10, 'Mühlweg 3'],
      [56, 142, 10, '50667 Köln'], [330, 142, 10, '80331 München'],
      [360, 190, 9, 'Rechnungsnummer: WL-2025-19'], [360, 203, 9, 'Rechnungsdatum: 12.02.2025'],
      [330, 420, 10, 'Nettobetrag'], [490, 420, 10, '1.000,00'], [330, 434, 10, 'USt. 19 %'], [495, 434, 10, '190,00'], [330, 448, 10, 'Gesamtbetrag'], [490, 448, 10, '1.190,00'],
    ]);
    assert.equal(v(r, 'sender_name'), 'Werkhof Lindner GmbH');
  });
});

/**
 * OCR lost the space before a legal form ("XYZLLC", "NordlichtGmbH"): the reading of the name is
 * damaged, and "XYZ LLC" cannot be told from a name printed glued. Precision first: on an OCR reading
 * such a name is left empty; a text layer prints it as it is.
 */
describe('fold12b: a name with a legal form glued to it by OCR is left empty', () => {
  const page = (recipient: string): Lines => [
    [60, 50, 24, 'INVOICE'], [400, 55, 11, 'Invoice No: HL-2024-031'], [400, 69, 11, 'Date: 2024-03-05'],
    [60, 100, 14, 'Harbour Lights Studio Inc.'], [60, 116, 10, '12 Pier Road, Portland, ME 04101'],
    [60, 160, 11, 'Bill To:'], [60, 174, 11, recipient], [60, 188, 11, '88 Elm Street'], [60, 202, 11, 'Springfield, IL 62701'],
    [60, 380, 11, 'Description'], [420, 380, 11, 'Qty'], [515, 380, 11, 'Amount'],
    [60, 400, 11, 'Photography, two days on site'], [425, 400, 11, '2'], [515, 400, 11, '$400.00'],
    [440, 470, 11, 'Total'], [515, 470, 11, '$800.00'],
  ];
  const scan = (lines: Lines) => {
    const p = pageFromLines(lines);
    return runPages([{ ...p, source: 'ocr' }]);
  };
  // scans26: where the lost space can only be the one before the form (one word with no capital
  // inside, or an initialism of two to five capitals), the name is read with it; otherwise empty.
  for (const glued of ['NorthgateBooksLtd.', 'AtelierSonnenbergGmbH']) {
    it(`"${glued}" read by OCR gives no recipient`, () => {
      const r = scan(page(glued));
      assert.equal(v(r, 'recipient_name') ?? null, null);
    });
  }
  for (const [glued, spaced] of [['XYZLLC', 'XYZ LLC'], ['QuillworksInc', 'Quillworks Inc']] as const) {
    it(`"${glued}" read by OCR gives "${spaced}" (scans26)`, () => {
      assert.equal(v(scan(page(glued)), 'recipient_name'), spaced);
    });
  }
  it('the same page with the space read gives the name', () => {
    assert.equal(v(scan(page('XYZ LLC')), 'recipient_name'), 'XYZ LLC');
  });
  it('a text layer keeps a glued name as printed', () => {
    assert.equal(v(run(page('XYZLLC')), 'recipient_name'), 'XYZLLC');
  });
});

/**
 * A small-print address line "Tokyo, Japan, 100-1234" under a letterhead is the sender's town line:
 * its first part is followed directly by a country, so it is a town, not a company's name opening a
 * return address ("Acme Ltd, 1 High Street, London"). Round 12's scans read such a line as a return
 * address and took "Tokyo" for the sender.
 */
describe('fold12b: a comma line "town, country, postcode" is no return address', () => {
  const page = (townLine: string): Lines => [
    [30, 30, 22, 'Invoice Sample'],
    [30, 90, 13, 'ABC Inc'],
    [30, 112, 8, 'Cocoro BG 404, Shinbashi 1-2-3'], [330, 112, 8, 'Invoice ID: 20240210-SAMPLE'],
    [30, 126, 8, townLine], [330, 126, 8, 'Tax ID: T1234567890000'],
    [30, 140, 8, 'hi@example.com'], [330, 140, 8, 'Invoice Issue Date: 2024/02/10'],
    [30, 190, 9, 'Bill To'],
    [30, 206, 16, 'XYZ LLC'],
    [30, 228, 9, 'Shinbashi 4-2-1, Tokyo, Japan, 100-0001'],
    [30, 280, 11, 'System Development and Design Service'],
    [30, 300, 9, 'Amount: 500000 USD'], [30, 314, 9, 'VAT: 50000 USD'], [30, 328, 9, 'Total (including tax): 550000 USD'],
    [30, 400, 11, 'Details'],
    [30, 420, 11, '2024/01/31'], [200, 420, 11, 'Implementation of the System'],
    [30, 440, 11, '2024/01/01'], [200, 440, 11, 'System Design Draft'],
  ];
  for (const source of ['native', 'ocr'] as const) {
    for (const town of ['Tokyo, Japan, 100-1234', 'Lyon, France, 69002']) {
      it(`"${town}" (${source}) is not the sender`, () => {
        const p = pageFromLines(page(town));
        const r = runPages([{ ...p, source }]);
        assert.notEqual(v(r, 'sender_name'), town.split(',')[0]);
      });
    }
  }
});
