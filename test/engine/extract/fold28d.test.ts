// Round 22 folded in (issue 14, fold28d): the misses of round 22's layouts that are not OCR losses, each as a
// generated page written before its rule and run against main 9d532bc's engine (docs/decisions.md, fold28d): the
// issuer's block of a Japanese invoice (a name over a 〒 postcode line), two unlabelled address blocks side by side
// (nothing tells which is the recipient's), and a due date after "Zahlung von <amount> bis spätestens".
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { run, v, type Lines } from './fixtures/run.js';

describe('the issuer of a Japanese invoice: a name over a 〒 line (fold28d)', () => {
  const page = (issuer: Lines): Lines => [
    [71, 60, 21, '請求書'],
    [71, 106, 10, '◯◯株式会社 御中'], [330, 106, 10, '日付:'], [438, 106, 10, '2025 年 12 月 05 日'],
    [71, 127, 10, '〒 123-4567'], [71, 142, 10, '◯◯県△△市□□町 1-2-3'],
    ...issuer,
    [86, 207, 10, '小計'], [159, 207, 10, '消費税'], [226, 207, 10, '合計金額'],
    [86, 224, 10, '10,000 円'], [159, 224, 10, '1,000 円'], [226, 224, 10, '11,000 円'],
  ];
  it('"田中 太郎" over "〒 321-6543" on the right is the sender; the recipient stays the one addressed "御中"', () => {
    const r = run(page([[330, 155, 12, '田中 太郎'], [330, 176, 10, '〒 321-6543'], [330, 191, 10, '△△県◯◯市□□町 3-2-1']]));
    assert.equal(v(r, 'sender_name'), '田中 太郎');
    assert.equal(v(r, 'recipient_name'), '◯◯株式会社');
  });
  it('a company "山田商事株式会社" over its 〒 line is the sender', () => {
    const r = run(page([[330, 155, 12, '山田商事株式会社'], [330, 176, 10, '〒 321-6543'], [330, 191, 10, '△△県◯◯市□□町 3-2-1']]));
    assert.equal(v(r, 'sender_name'), '山田商事株式会社');
  });
  it('guard: a line with digits or a label over the 〒 line is no name', () => {
    const r = run(page([[330, 155, 12, 'TEL: 03-1234-5678'], [330, 176, 10, '〒 321-6543'], [330, 191, 10, '△△県◯◯市□□町 3-2-1']]));
    assert.equal(v(r, 'sender_name'), null);
  });
});

describe('two unlabelled address blocks side by side (fold28d)', () => {
  const page = (right: Lines): Lines => [
    [476, 39, 10, 'Invoice #: 1234'], [38, 35, 28, 'House of'], [466, 55, 10, 'Date: 01.01.2019'], [38, 69, 28, 'Hoverboards'],
    [38, 136, 10, 'Sal E. S. Guru'], [38, 154, 10, '17 Guru Boulevard'], [38, 172, 10, '66666 Salesheaven'],
    ...right,
    [32, 229, 10, 'Article'], [310, 229, 10, 'Amount'], [430, 229, 10, 'Price'], [535, 229, 10, 'Total'],
    [32, 255, 10, 'Hoverboard'], [349, 255, 10, '1'], [416, 255, 10, '$199.99'], [519, 255, 10, '$199.99'],
    [466, 320, 10, 'Total $199.99'],
  ];
  it('the left block is not taken for the recipient when a second address block stands beside it on the same rows', () => {
    const r = run(page([[506, 136, 10, 'John Doe'], [478, 154, 10, '123 Fakestreet'], [468, 172, 10, '12345 Faketown']]));
    assert.notEqual(v(r, 'recipient_name'), 'Sal E. S. Guru');
  });
  it('guard: with no second block beside it, the left block is the address window (the recipient)', () => {
    const r = run(page([[466, 136, 10, 'Customer no. 4711']]));
    assert.equal(v(r, 'recipient_name'), 'Sal E. S. Guru');
  });
});

describe('"Zahlung von <amount> bis spätestens <date>" (fold28d)', () => {
  const page = (sentence: string): Lines => [
    [56, 40, 10, 'Alex Mueller, Musterstraße 1, 12345 Musterstadt'], [56, 80, 10, 'Erika Mustermann'], [56, 94, 10, 'Musterstraße 1'], [56, 108, 10, '12345 Musterstadt'],
    [56, 160, 12, 'Rechnung 12/25-001'], [400, 160, 10, 'Musterstadt, 15.11.2025'],
    [400, 300, 10, 'Netto: 120,00 €'], [380, 314, 10, 'USt. Gesamt: 22,80 €'], [400, 328, 10, 'Brutto: 142,80 €'],
    [56, 360, 10, 'Sie können hier weitere Hinweise ergänzen. Es wird um Leistung der'],
    [56, 374, 10, sentence],
    [56, 388, 10, 'Rechnungsnummer 12/25-001 gebeten.'],
  ];
  it('the date after "bis spätestens" is the due date', () => {
    assert.equal(v(run(page('Zahlung von 142,80 € bis spätestens 29.11.2025 auf das untenstehende Bankkonto unter Angabe der')), 'payment_due_date'), '2025-11-29');
  });
  it('guard: a period "Zahlung für den Zeitraum vom 01.11.2025 bis 30.11.2025" gives no due date', () => {
    assert.equal(v(run(page('Zahlung für den Zeitraum vom 01.11.2025 bis 30.11.2025 auf das untenstehende Bankkonto unter Angabe der')), 'payment_due_date'), null);
  });
});
