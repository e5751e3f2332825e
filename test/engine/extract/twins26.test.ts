// The written-twice checks of engine/extract merged (issue 14, twins26; docs/decisions.md, twins26): where a merge
// changes what a check accepts, a generated page shows it, written before the merge and run against main 0f08810.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { extractGeneric } from '../../../engine/extract/index.js';
import { moneyWithoutCents, parseAmount } from '../../../engine/extract/normalize/amount.js';
import { documentTitles } from '../../../engine/extract/normalize/doctype.js';
import { amountReadings } from '../../../engine/extract/normalize/ocr-repair.js';
import { headingRole } from '../../../engine/extract/party-evidence.js';
import { pageFromLines } from '../../helpers/invoice-fixtures.js';
import { run, v, type Lines } from './fixtures/run.js';

const HEAD: Lines = [[400, 40, 16, 'Factura'], [330, 70, 9, 'Factura No: A-2291'], [330, 82, 9, 'Fecha: 02/04/2026']];

// a. The subtotal less its discount (fold19's netLessDiscount, now netAdjusted) reads the totals block's amount cell as the other
//    totals-block readers do (totals.ts amountCell): an ISO code after the amount, label and amount in one cell.
//    The tax is taken on the subtotal before the discount, so only the chain's net closes the block.
const block = (cells: string[][]): Lines => cells.flatMap(([label, amount], i): Lines => (amount === undefined ? [[380, 420 + i * 14, 10, label!]] : [[360, 420 + i * 14, 10, label!], [480, 420 + i * 14, 10, amount]]));
describe('the discount chain reads the totals block amount cell (twins26 a)', () => {
  it('amounts followed by "EUR": subtotal − discount is the net', () => {
    const r = run([...HEAD, ...block([['Subtotal', '1.200,00 EUR'], ['Descuento', '100,00 EUR'], ['IVA (10%)', '120,00 EUR'], ['Total a Pagar', '1.220,00 EUR']])]);
    assert.equal(v(r, 'gross_amount'), '1220.00');
    assert.equal(v(r, 'net_amount'), '1100.00');
  });

  it('label and amount printed as one cell', () => {
    const r = run([...HEAD, ...block([['Subtotal 1.200,00 €'], ['Descuento 100,00 €'], ['IVA (10%) 120,00 €'], ['Total a Pagar 1.220,00 €']])]);
    assert.equal(v(r, 'gross_amount'), '1220.00');
    assert.equal(v(r, 'net_amount'), '1100.00');
  });

  it('guard: a discount printed "-€ 100,00" still counts; a total the chain does not make stays empty', () => {
    const ok = run([...HEAD, ...block([['Subtotal', '1.200,00 €'], ['Descuento', '-€ 100,00'], ['IVA (10%)', '120,00 €'], ['Total a Pagar', '1.220,00 €']])]);
    assert.equal(v(ok, 'net_amount'), '1100.00');
    const off = run([...HEAD, ...block([['Subtotal', '1.200,00 EUR'], ['Descuento', '100,00 EUR'], ['IVA (10%)', '120,00 EUR'], ['Total a Pagar', '1.230,00 EUR']])]);
    assert.equal(v(off, 'gross_amount'), null);
  });
});

// b. The title over a bare header number (recall24's bareHeaderNumber) is any invoice title word the type reads
//    (normalize/doctype.ts): "Bill", "Fatura", "請求書" as well as "Invoice", "Rechnung".
const TOTALS_EN: Lines = [[330, 520, 10, 'Subtotal:'], [470, 520, 10, '$1,000.00'], [330, 534, 10, 'Tax 10%:'], [470, 534, 10, '$100.00'], [330, 548, 10, 'Total:'], [470, 548, 10, '$1,100.00']];
const SENDER: Lines = [[56, 44, 14, 'Harbour Lights Ltd'], [56, 62, 9, '12 Quay Street'], [56, 74, 9, 'Bristol BS1 4DJ']];
describe('the invoice title over a bare header number (twins26 b)', () => {
  for (const title of ['BILL', 'Fatura', '請求書', 'Invoice']) {
    it(`"${title}" over "INV-2026-0042" at the top right: the number`, () => {
      const r = run([...SENDER, [450, 40, 14, title], [450, 60, 11, 'INV-2026-0042'], [56, 162, 10, 'Mary Collins'], ...TOTALS_EN]);
      assert.equal(v(r, 'document_number'), 'INV-2026-0042');
    });
  }

  it('guard: a word that opens no invoice title ("Billing", "Order") over it: no number', () => {
    for (const over of ['Billing', 'Order']) {
      const r = run([...SENDER, [450, 40, 14, over], [450, 60, 11, 'INV-2026-0042'], [56, 162, 10, 'Mary Collins'], ...TOTALS_EN]);
      assert.equal(v(r, 'document_number'), null, over);
    }
  });
});

// c. The recipient before a Japanese honorific (recall22's honorificRecipients) is read on the first page as every
//    other first-page party rule reads it (candidates.ts firstPageOf): the upload's text field is no page, so a name
//    in it is no recipient, as a labelled one there is none.
describe('honorific recipients on the first page only, not in the text field (twins26 c)', () => {
  const withText = (lines: Lines, text: string) => extractGeneric({ components: [{ ref: 'main', kind: 'pdf', filename: 'x.pdf', format: 'pdf', pages: [1] }], pages: [pageFromLines(lines)], text, custom_types: [] });
  const TEXT = '請求書\n山田商事株式会社 御中\n請求書番号: INV-2026-0042\n合計 ¥110,000';

  it('a page that read no text and a text field naming "山田商事株式会社 御中": no recipient', () => {
    assert.equal(v(withText([], TEXT), 'recipient_name'), null);
  });

  it('guard: the labelled recipient in the text field is none either; on the page the honorific names it', () => {
    assert.equal(v(withText([], 'Rechnung\nRechnungsempfänger: Atelier Sonnenberg GmbH\nGesamtbetrag 1.190,00 €'), 'recipient_name'), null);
    const page = run([[56, 40, 22, '請求書'], [56, 110, 12, '山田商事株式会社 御中'], [360, 110, 10, '請求書番号: INV-2026-0042'], [330, 428, 10, '合計'], [480, 428, 10, '¥110,000']]);
    assert.equal(v(page, 'recipient_name'), '山田商事株式会社');
  });
});

// d. One list of the currency marks printed beside an amount (normalize/currency.ts CURRENCY_MARK): parseAmount strips
//    them, doctype's money cell of an item row reads them, the cents-free totals and the totals block's cells take
//    them; before, each kept its own (RON, Kč, zł were no currency to parseAmount; SEK, NOK, DKK, HUF, RON none to
//    the cents-free totals; CZK, PLN, ¥ none to the money cell).
describe('one list of the currency marks beside an amount (twins26 d)', () => {
  it('parseAmount strips every mark: "1 234,56 RON", "1.234,56 zł", "1 234,56 Kč", "EUR1.234,56"', () => {
    for (const t of ['1 234,56 RON', '1.234,56 zł', '1 234,56 Kč', 'EUR1.234,56', '1.234,56 SEK', '¥1,234.56']) assert.equal(parseAmount(t)?.value, '1234.56', t);
  });

  it('money without cents in crowns, forints, lei: "1 250 SEK", "12 000 HUF", "RON 43"', () => {
    for (const t of ['1 250 SEK', '12 000 HUF', 'RON 43', '250 NOK', '900 DKK']) assert.equal(moneyWithoutCents(t), true, t);
  });

  it('an item row priced in CZK, PLN or ¥ names a position, not the document', () => {
    for (const cell of ['-50,00 CZK', '50,00 PLN', '¥1,000.00', '-50,00 Kč']) {
      assert.deepEqual(documentTitles([{ segments: ['Gutschrift GS-12 vom 3.4.', '1', cell], scale: 1, top: 0.3 }]), [], cell);
    }
  });

  it('an OCR-misread amount beside any mark is a repair case, as one beside "€" or "EUR" was ("1.2O4,56 USD", "$1,2O4.56")', () => {
    for (const t of ['1.2O4,56 USD', '$1,2O4.56', 'CHF 1.2O4,56', '1 2O4,56 zł', '1.2O4,56 €']) assert.deepEqual(amountReadings(t)?.cents, [120456n], t);
    assert.equal(amountReadings('$1,204.56'), null, 'a clean amount');
  });

  it('guard: a code inside a word is no currency ("EURO 12,00", "HUFF 12", "12 RONS")', () => {
    assert.equal(parseAmount('EURO 12,00'), null);
    assert.equal(moneyWithoutCents('HUFF 12'), false);
    assert.equal(moneyWithoutCents('12 RONS'), false);
    assert.equal(documentTitles([{ segments: ['Gutschrift GS-12 vom 3.4.', '1', '50,00 EUROS'], scale: 1, top: 0.3 }]).length, 1);
  });
});

// d. The payee headings of the party evidence (party-evidence.ts headingRole) are the payee phrases of labels.ts
//    (PAYEE_PHRASE), as the candidate rules read them: "À l'ordre de", "Remit payment to", "Zahlbar an" head the
//    sender's block there too.
describe('one list of payee phrases for the party evidence (twins26 d)', () => {
  it('"À l\'ordre de", "Remit payment to", "Zahlbar an", "Make checks payable" name the sender', () => {
    for (const t of ["À l'ordre de", 'Remit payment to', 'Zahlbar an', 'Make checks payable', 'Payable to', 'Pay to']) assert.equal(headingRole(t), 'sender_name', t);
  });

  it('guard: payment terms and due words name no party', () => {
    for (const t of ['Zahlbar bis', 'Payable within 30 days', 'Payment terms', 'Remittance advice']) assert.equal(headingRole(t), null, t);
  });
});
