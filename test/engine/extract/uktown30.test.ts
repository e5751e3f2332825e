// An address window that ends in a town line of the UK or US shape ("Oxford OX1 4AA", "Springfield, IL 62704";
// uktown30): it is an address block as a "20457 Hamburg" line makes one, so a VAT id printed under it is the
// recipient's, not the sender's (the conflict family's English pages took the buyer's "VAT no." for the sender's).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { run, v, type Lines } from './fixtures/run.js';

const page = (town: string, footerVat: string | null): Lines => [
  [56, 50, 16, 'Northgate Consulting Ltd'],
  [56, 66, 9, '2 Northgate · York YO1 7HH'],
  [56, 125, 7, 'Northgate Consulting Ltd · 2 Northgate · York YO1 7HH'],
  [56, 140, 10, 'Greenway Cafe Ltd'], [360, 140, 9, 'Invoice date'], [460, 140, 9, '15/06/2025'],
  [56, 153, 10, '5 High Street'],
  [56, 166, 10, town],
  [56, 179, 9, 'VAT no. GB314159265'],
  [56, 230, 14, 'Invoice RE-2025-00443'],
  [56, 280, 9, 'Description'], [480, 280, 9, 'Amount'],
  [56, 296, 10, '1 Licence'], [480, 296, 10, '500.00'],
  [56, 310, 10, '2 Service'], [480, 310, 10, '386.74'],
  [330, 330, 10, 'Net amount'], [480, 330, 10, '886.74'],
  [330, 344, 10, 'VAT 20%'], [480, 344, 10, '177.35'],
  [330, 358, 10, 'Total'], [480, 358, 10, '1,064.09'],
  ...(footerVat ? ([[56, 780, 7, `Northgate Consulting Ltd · 2 Northgate · York YO1 7HH · VAT no. ${footerVat}`]] as Lines) : []),
];

describe('a UK or US town line closes the address window (uktown30)', () => {
  it('"Oxford OX1 4AA": the VAT id under the window is the recipient\'s, the footer\'s is the sender\'s', () => {
    const r = run(page('Oxford OX1 4AA', 'GB123456789'));
    assert.equal(v(r, 'sender_vat_number'), 'GB123456789');
    assert.equal(v(r, 'recipient_name'), 'Greenway Cafe Ltd');
  });
  it('without a footer id, the buyer\'s id is no sender VAT id', () => {
    assert.equal(v(run(page('Oxford OX1 4AA', null)), 'sender_vat_number'), null);
  });
  it('"Springfield, IL 62704" closes a window too', () => {
    assert.equal(v(run(page('Springfield, IL 62704', 'GB123456789')), 'sender_vat_number'), 'GB123456789');
  });
  const usPage = (billTo: string, size = 10): Lines => [
      [48, 32, 16, 'Your Company Inc.'], [48, 52, 10, '1234 Company St,'], [48, 66, 10, 'Company Town, ST 12345'],
      [382, 104, 36, 'INVOICE'],
      [48, 183, 10, 'Bill To'], [340, 199, 10, 'Invoice #'], [482, 199, 10, '0000007'],
      [48, 199, size, billTo], [340, 217, 10, 'Invoice date'], [469, 217, 10, '2023-10-02'],
      [48, 217, 10, '88 Pier Road,'], [48, 235, 10, 'Portland, OR 97201'],
      [52, 273, 10, 'QTY'], [98, 273, 10, 'Description'], [412, 273, 10, 'Price'], [499, 273, 10, 'Amount'],
      [52, 295, 10, '1'], [98, 295, 10, 'Replacement of spark plugs'], [411, 295, 10, '40.00'], [508, 295, 10, '$40.00'],
      [380, 349, 10, 'Subtotal'], [502, 349, 10, '$40.00'], [380, 369, 10, 'Sales Tax (5%)'], [514, 369, 10, '$2.00'], [380, 398, 11, 'Total ($)'], [493, 398, 11, '$42.00'],
  ];
  it('a letterhead town line in the US shape ("Company Town, ST 12345") beside a bill-to block: the bill-to names the recipient', () => {
    const r = run(usPage('Harbor Freight Lines LLC'));
    assert.equal(v(r, 'recipient_name'), 'Harbor Freight Lines LLC');
    assert.equal(v(r, 'sender_name'), 'Your Company Inc.');
  });
  it('guard: a letterhead whose name is set large at the top of the page is no address window, even when the bill-to name is unreadable', () => {
    const r = run(usPage('Customer Name', 20));
    assert.notEqual(v(r, 'recipient_name'), 'Your Company Inc.');
    assert.equal(v(r, 'sender_name'), 'Your Company Inc.');
  });
});
