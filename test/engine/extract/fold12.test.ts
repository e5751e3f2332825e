// Rules from round 12's party-name misses (issue 14, fold12), each on a generated page that fails
// without it (written before the rules, failing on main's engine 6fb5487): Spanish company forms
// ("S.L.L.", "S.A.T.", "S.C.P", "S.L.U.") end a company name; party blocks headed "Datos del Emisor" /
// "Datos del Receptor" and "Issuer Details" / "Recipient Details" name their roles; and an invoice
// "issued by A on behalf of B" is B's invoice — A, the platform or agent that prints it, is not the
// sender.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { run, v, type Lines } from './fixtures/run.js';

/** A Spanish-style page: title, number, dates, two party blocks side by side under their headings, items and totals. */
const twoBlockPage = (headings: [string, string], sender: string, recipient: string, english = false): Lines => [
  [18, 55, 26, english ? 'Invoice 40817' : 'Factura'],
  ...(english ? [] : ([[15, 82, 26, '#40817']] as Lines)),
  [15, 217, 13, english ? 'Issue Date: 2024-05-08' : 'Fecha de emisión: 2024-05-08'],
  [15, 231, 13, english ? 'Due Date: 2024-06-07' : 'Fecha de vencimiento: 2024-06-07'],
  [15, 286, 13, headings[0]], [300, 286, 13, headings[1]],
  [15, 300, 13, sender], [300, 300, 13, recipient],
  [15, 313, 13, 'Avenida del Puerto 12, Valencia, 46021'], [300, 313, 13, 'Calle Mayor 5 Piso 2, Burgos, 09003'],
  [15, 327, 13, '+34 961 22 33 44'], [300, 327, 13, '+34 947 55 66 77'],
  [15, 340, 13, 'admin@puerto-taller.es'], [300, 340, 13, 'lucia.prieto@correo.es'],
  [210, 433, 13, english ? 'Description' : 'Descripción'], [330, 433, 13, english ? 'Quantity' : 'Cantidad'], [420, 433, 13, 'Total'],
  [90, 465, 13, 'revisión de maquinaria'], [340, 465, 13, '2'], [420, 465, 13, '250.00'],
  [470, 684, 13, 'Subtotal: 500.00'],
  [470, 697, 13, 'VAT (16%): 80.00'],
  [470, 711, 13, 'Total: 580.00'],
];

describe('fold12: Spanish company forms end the sender\'s name', () => {
  for (const name of ['Talleres Ibarra y Sáez S.L.L.', 'Cooperativa Hortofrutícola del Júcar S.A.T.', 'Bernal & Asociados S.C.P', 'Distribuciones Lérida S.L.U.']) {
    it(`"${name}" under "Datos del Emisor:"`, () => {
      const r = run(twoBlockPage(['Datos del Emisor:', 'Datos del Receptor:'], name, 'Lucía Prieto Gómez'));
      assert.equal(v(r, 'sender_name'), name);
    });
  }
});

describe('fold12: "Datos del Emisor" / "Datos del Receptor" and "Issuer Details" / "Recipient Details" head the party blocks', () => {
  it('a person under "Datos del Receptor:" is the recipient', () => {
    const r = run(twoBlockPage(['Datos del Emisor:', 'Datos del Receptor:'], 'Talleres Ibarra y Sáez S.L.', 'Lucía Prieto Gómez'));
    assert.equal(v(r, 'sender_name'), 'Talleres Ibarra y Sáez S.L.');
    assert.equal(v(r, 'recipient_name'), 'Lucía Prieto Gómez');
  });
  it('a person under "Issuer Details:" is the sender', () => {
    const r = run(twoBlockPage(['Issuer Details:', 'Recipient Details:'], 'Martín Gil Ferrer', 'Lucía Prieto Gómez', true));
    assert.equal(v(r, 'sender_name'), 'Martín Gil Ferrer');
    assert.equal(v(r, 'recipient_name'), 'Lucía Prieto Gómez');
  });
});

describe('fold12: an invoice issued by a platform on behalf of the seller', () => {
  it('names the seller, not the platform that printed it', () => {
    const r = run([
      [28, 30, 22, 'Invoice'],
      [28, 58, 10, 'Issued by Billingo Services Ltd. on behalf of Harbour Lights Studio Inc.'],
      [28, 92, 15, 'Harbour Lights Studio Inc'],
      [28, 114, 10, '12 Pier Road, Portland, ME 04101'], [380, 114, 10, 'Invoice No: HL-2024-031'],
      [28, 131, 10, "office@pier-mail.example"], [380, 131, 10, 'Invoice Date: 2024/03/05'],
      [28, 199, 11, 'Bill To'],
      [28, 222, 11, 'Northgate Books LLC'],
      [28, 245, 10, '400 Elm Street, Boston, MA 02110'],
      [330, 420, 10, 'Subtotal'], [480, 420, 10, '1,200.00 USD'],
      [330, 434, 10, 'Tax'], [480, 434, 10, '96.00 USD'],
      [330, 448, 10, 'Total'], [480, 448, 10, '1,296.00 USD'],
    ]);
    assert.notEqual(v(r, 'sender_name'), 'Issued by Billingo Services Ltd.');
    assert.match(String(v(r, 'sender_name')), /^Harbour Lights Studio Inc\.?$/);
    assert.equal(v(r, 'recipient_name'), 'Northgate Books LLC');
  });
});

describe('fold12: a section heading on the party label\'s row is not the name', () => {
  it('"Bill To" beside a "Summary" heading: the name is the line under "Bill To"', () => {
    const r = run([
      [28, 30, 22, 'Invoice'],
      [28, 92, 15, 'Kestrel Analytics Inc'],
      [28, 114, 10, '88 Harbor Street, Seattle, WA 98101'], [380, 114, 10, 'Invoice ID: KA-2024-0210'],
      [28, 131, 10, 'billing@kestrel-mail.example'], [380, 131, 10, 'Invoice Date: 2024/02/10'],
      [28, 199, 11, 'Bill To'], [300, 199, 11, 'Summary'],
      [28, 222, 11, 'Ridgeway Outfitters'], [460, 222, 20, '1,650.00 USD'],
      [28, 245, 10, '17 Canyon Road, Denver, CO 80202'],
      [330, 420, 10, 'Subtotal'], [480, 420, 10, '1,500.00 USD'],
      [330, 434, 10, 'Tax'], [480, 434, 10, '150.00 USD'],
      [330, 448, 10, 'Total'], [480, 448, 10, '1,650.00 USD'],
    ]);
    assert.notEqual(v(r, 'recipient_name'), 'Summary');
    assert.equal(v(r, 'recipient_name'), 'Ridgeway Outfitters');
  });
});

describe('fold12: under a recipient label, a line after the street is the town, not the name', () => {
  it('"Invoice To:" over a street, a town and an "Attention:" line: the town is never the recipient', () => {
    const r = run([
      [490, 75, 9, 'Morrow Design'],
      [490, 87, 9, '4 Quay Lane'],
      [490, 99, 9, 'Bristol BS1 4DJ'],
      [270, 158, 13, 'INVOICE'],
      [72, 193, 11, 'Invoice To:'], [420, 193, 11, 'INV#'], [480, 193, 11, 'INV0042'],
      [72, 205, 11, '12 Orchard Avenue,'], [420, 205, 11, 'INV DATE'], [480, 205, 11, '2024/04/02'],
      [72, 219, 9, 'Brightwater'],
      [72, 231, 9, 'England'],
      [72, 243, 9, 'Attention: Laura Finch'],
      [78, 330, 10, 'ITEM'], [150, 330, 10, 'DESCRIPTION'], [330, 330, 10, 'HRS'], [400, 330, 10, 'RATE'], [470, 330, 10, 'SUB TOTAL'],
      [90, 365, 9, '1'], [150, 365, 9, 'Website redesign'], [330, 365, 9, '12'], [400, 365, 9, '25.00'], [470, 365, 9, '300.00'],
      [350, 475, 12, 'Total'], [470, 475, 12, '£300.00'],
    ]);
    assert.notEqual(v(r, 'recipient_name'), 'Brightwater');
  });
});
