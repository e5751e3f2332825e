// raterows26, part 2 (issue 14): recipient cues with general vocabulary, from recall24's class "a cue we do
// not read". An attention line ("Attn:", "Attention:", "z. Hd.") names a person in the addressee's block: the
// name line straight above it is the party even without a legal form, and a block under a recipient heading
// that opens with its street has no other name than the attention line's person. "Auftraggeber" (the client
// who commissioned the work) heads the recipient's block; as a heading it takes only the value below it, never
// the next column's heading on its row.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { run, type Lines } from './fixtures/run.js';

const EN_SENDER: Lines = [[360, 50, 15, 'Northwind Traders Ltd'], [360, 66, 9, '4 Harbour Road'], [360, 78, 9, 'Bristol BS1 4QA'], [360, 90, 9, 'VAT GB 812 4471 02']];
const EN_META: Lines = [[360, 160, 9, 'Invoice No: 23423'], [360, 173, 9, 'Invoice Date: 07 Apr 2023'], [56, 270, 16, 'INVOICE']];
const EN_BODY: Lines = [
  [60, 320, 9, 'Qty'], [100, 320, 9, 'Item'], [490, 320, 9, 'Amount'], [60, 336, 9, '3'], [100, 336, 9, 'Accounting Package'], [490, 336, 9, '1,350.00'],
  [330, 380, 10, 'Subtotal'], [490, 380, 10, '1,350.00'], [330, 395, 10, 'VAT 20%'], [490, 395, 10, '270.00'], [330, 410, 10, 'Total'], [490, 410, 10, '1,620.00'],
  [56, 790, 7, 'Northwind Traders Ltd · Registered in England 04471902 · VAT GB 812 4471 02'],
];
const en = (block: Lines) => run([...EN_SENDER, ...block, ...EN_META, ...EN_BODY]);

const DE_SENDER: Lines = [[56, 50, 15, 'Nordlicht Technik GmbH'], [56, 66, 9, 'Hafenweg 12 · 20457 Hamburg']];
const DE_META: Lines = [[360, 160, 9, 'Rechnungsnummer: NT-2025-7'], [360, 173, 9, 'Rechnungsdatum: 12.02.2025'], [56, 230, 16, 'Rechnung']];
const DE_BODY: Lines = [
  [330, 420, 10, 'Nettobetrag'], [490, 420, 10, '1.000,00'], [330, 434, 10, 'USt. 19 %'], [495, 434, 10, '190,00'], [330, 448, 10, 'Gesamtbetrag'], [490, 448, 10, '1.190,00'],
  [56, 790, 7, 'Nordlicht Technik GmbH · USt-IdNr. DE811907980 · IBAN DE02120300000000202051 · BIC BYLADEM1001'],
];
const de = (block: Lines) => run([...DE_SENDER, ...DE_META, ...block, ...DE_BODY]);
const recipient = (r: ReturnType<typeof run>) => r.fields.recipient_name.value;
const sender = (r: ReturnType<typeof run>) => r.fields.sender_name.value;

describe('recipients26: an attention line in the addressee\'s block', () => {
  it('the company over "Attn:" is the recipient, without a legal form and without a heading', () => {
    const r = en([[56, 160, 10, 'Brightline Analytics'], [56, 173, 10, 'Attn: Josh Martinez'], [56, 186, 10, '123 Market Street'], [56, 199, 10, 'Redding CA 96002']]);
    assert.equal(recipient(r), 'Brightline Analytics');
    assert.equal(sender(r), 'Northwind Traders Ltd');
  });

  it('the same with "Attention:"', () => {
    const r = en([[56, 160, 10, 'Brightline Analytics'], [56, 173, 10, 'Attention: Josh Martinez'], [56, 186, 10, '123 Market Street'], [56, 199, 10, 'Redding CA 96002']]);
    assert.equal(recipient(r), 'Brightline Analytics');
  });

  it('the same with "z. Hd." in German', () => {
    const r = de([[56, 280, 10, 'Kanzlei am Markt'], [56, 293, 10, 'z. Hd. Herrn Dr. Weber'], [56, 306, 10, 'Marktplatz 3'], [56, 319, 10, '80331 München']]);
    assert.equal(recipient(r), 'Kanzlei am Markt');
  });

  it('"Invoice To:" over a block that opens with its street: the person named by "Attention:" is the recipient', () => {
    const r = en([[56, 147, 10, 'Invoice To:'], [56, 160, 10, '1 Makebelieve Avenue,'], [56, 173, 10, 'Sim City'], [56, 186, 10, 'America'], [56, 199, 10, 'Attention: John Doe'], [56, 212, 10, 'Email: johndoe@example.com']]);
    assert.equal(recipient(r), 'John Doe');
  });

  it('"Bill To:" over a street and "Attn: Sarah Whitfield": she is the recipient', () => {
    const r = en([[56, 147, 10, 'Bill To:'], [56, 160, 10, '14 Pinnacle Way'], [56, 173, 10, 'Harlow CM19 5QT'], [56, 186, 10, 'Attn: Sarah Whitfield']]);
    assert.equal(recipient(r), 'Sarah Whitfield');
  });
});

describe('recipients26: attention guards (the sender side, departments)', () => {
  it('a payee block with an attention line is the sender\'s: its company is not the recipient', () => {
    const r = run([[56, 50, 15, 'Brightline Analytics'], [56, 66, 9, '123 Market Street, Redding CA 96002'], [56, 147, 10, 'Remit payment to:'], [56, 160, 10, 'Northwind Traders'], [56, 173, 10, 'Attn: Collections'], [56, 186, 10, 'PO Box 55, Bristol BS1 4QA'], ...EN_META, ...EN_BODY]);
    assert.notEqual(recipient(r), 'Northwind Traders');
  });

  it('a "From:" block with an attention line is the sender\'s', () => {
    const r = run([[56, 120, 10, 'From:'], [56, 133, 10, 'Northwind Traders'], [56, 146, 10, 'Attn: Billing Team'], [56, 159, 10, '4 Harbour Road'], [56, 172, 10, 'Bristol BS1 4QA'], ...EN_META, ...EN_BODY]);
    assert.notEqual(recipient(r), 'Northwind Traders');
  });

  it('an attention line naming a department is no recipient', () => {
    const r = en([[56, 147, 10, 'Bill To:'], [56, 160, 10, '14 Pinnacle Way'], [56, 173, 10, 'Harlow CM19 5QT'], [56, 186, 10, 'Attn: Accounts Payable']]);
    assert.notEqual(recipient(r), 'Accounts Payable');
  });

  it('an attention line low on the page (a return address for the remittance slip) gives no recipient', () => {
    const r = run([...EN_SENDER, ...EN_META, ...EN_BODY, [56, 680, 10, 'Northwind Collections'], [56, 693, 10, 'Attention: Maria Lopez'], [56, 706, 10, '4 Harbour Road']]);
    assert.notEqual(recipient(r), 'Northwind Collections');
    assert.notEqual(recipient(r), 'Maria Lopez');
  });
});

describe('recipients26: "Auftraggeber" heads the recipient\'s block', () => {
  it('takes the name under the heading, not the next column\'s heading on its row', () => {
    // Set low on the page, under the project's title, as a two-column section ("Auftraggeber | Projektdetails").
    const r = run([...DE_SENDER, ...DE_META, [56, 400, 12, 'Corporate Identity Redesign'], [56, 470, 11, 'Auftraggeber'], [310, 470, 11, 'Projektdetails'], [56, 502, 10, 'Hafenlogistik Nord GmbH'], [310, 502, 10, 'Projekt: Markenrelaunch 2025'], [56, 519, 10, 'Dr. Martin Steininger'], [310, 519, 10, 'Projekttyp: Brand Identity'], [56, 539, 10, 'Wirtschaftspark 15'], [56, 559, 10, '1220 Wien'],
      ...DE_BODY.map(([x, y, size, text]): Lines[number] => [x, y < 700 ? y + 200 : y, size, text])]);
    assert.equal(recipient(r), 'Hafenlogistik Nord GmbH');
    assert.equal(sender(r), 'Nordlicht Technik GmbH');
  });

  it('takes the name under the heading, never the heading itself', () => {
    const r = de([[56, 300, 10, 'Auftraggeber'], [56, 316, 10, 'Hafenlogistik Nord GmbH'], [56, 329, 10, 'Dr. Martin Steininger'], [56, 342, 10, 'Wirtschaftspark 15'], [56, 355, 10, '1220 Wien']]);
    assert.equal(recipient(r), 'Hafenlogistik Nord GmbH');
  });

  it('guard: "Auftraggeber-Nr." is a number\'s label, and "Auftragnehmer" heads the sender\'s block', () => {
    const r = de([[56, 300, 10, 'Auftragnehmer'], [56, 316, 10, 'Nordlicht Technik GmbH'], [56, 329, 10, 'Hafenweg 12'], [56, 342, 10, '20457 Hamburg'], [330, 300, 10, 'Auftraggeber-Nr.: 40711']]);
    assert.notEqual(recipient(r), 'Nordlicht Technik GmbH');
    assert.notEqual(recipient(r), '40711');
    assert.notEqual(recipient(r), 'Auftraggeber-Nr.');
  });
});
