// Party facts read from the name's place on the page (issue 14, `abstain16`): the role heading over
// the name (or its own key), an address under it, the letterhead zone, a legal form, the same party
// in both roles, and the two place doubts built from them. Each present and absent, on positioned
// lines and on generated pages run through the extractor.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { addressUnder, headingRole, partyFacts, returnAddress, roleOver, type PartyFactLine } from '../../../engine/extract/party-evidence.js';
import { FOOTER, LETTERHEAD, META, TITLE, TOTALS, WINDOW, run, type Lines } from './fixtures/run.js';

const PAGE_H = 842;
/** A line prints the name (each test page prints one party per line). */
const PRINTS = (text: string) => /Nordlicht|Hafenbau|Sonnenberg|Grafeneder/.test(text);
/** A positioned line of one segment: x, y, text height. */
const ln = (x: number, y: number, h: number, text: string, page = 1): PartyFactLine => ({ text, page, x, y, h, pageHeight: PAGE_H, segments: [{ text, x, y, h }] });
const transformsOf = (r: ReturnType<typeof run>, f: string) => (r.fields as Record<string, { provenance: { transforms: string[] } | null }>)[f]?.provenance?.transforms ?? [];
const listed = (transforms: string[], kind: 'evidence' | 'doubts') => transforms.find((t) => t.startsWith(`${kind}:`))?.slice(kind.length + 1).split('+') ?? [];

describe('role headings', () => {
  it('names the role of sender and recipient headings in several languages, and nothing for other text', () => {
    for (const t of ['Bill From', 'Seller', 'Absender', 'Émetteur', 'Leverancier', 'Payable to', 'Rechnungssteller']) assert.equal(headingRole(t), 'sender_name', t);
    for (const t of ['Bill to', 'Invoice to', 'Client', 'Kunde', 'Rechnungsempfänger', 'Facturé à', 'Klant', 'Auftraggeber', 'Ship to']) assert.equal(headingRole(t), 'recipient_name', t);
    for (const t of ['Nordlicht Technik GmbH', 'Hafenweg 12', 'Rechnung', 'Kunde seit 2019 Nr 4711']) assert.equal(headingRole(t), null, t);
  });
  it('reads the heading over the name in its column, or the name\'s own key; not a heading of the other column or far above', () => {
    const lines = [ln(56, 150, 9, 'Bill to'), ln(56, 163, 10, 'Atelier Sonnenberg GmbH'), ln(320, 150, 9, 'From'), ln(320, 163, 10, 'Nordlicht Technik GmbH')];
    assert.equal(roleOver(lines, { page: 1, x: 56, y: 163 }), 'recipient_name');
    // "From" without its colon is no label of labels.ts, but a heading line (no digits, one word) over a block is not read either: only the known words.
    assert.equal(roleOver([ln(320, 150, 9, 'Seller'), ln(320, 163, 10, 'Nordlicht Technik GmbH')], { page: 1, x: 320, y: 163 }), 'sender_name');
    assert.equal(roleOver([ln(56, 163, 10, 'Customer: Atelier Sonnenberg GmbH')], { page: 1, x: 56, y: 163 }), 'recipient_name');
    // Far above (more than three line heights): no heading.
    assert.equal(roleOver([ln(56, 100, 9, 'Bill to'), ln(56, 163, 10, 'Atelier Sonnenberg GmbH')], { page: 1, x: 56, y: 163 }), null);
    // In the other column: no heading.
    assert.equal(roleOver([ln(320, 150, 9, 'Bill to'), ln(56, 163, 10, 'Atelier Sonnenberg GmbH')], { page: 1, x: 56, y: 163 }), null);
  });
});

describe('an address under the name', () => {
  it('a town line, a postcode and town, or a post-office box within five lines in the column', () => {
    const name = { page: 1, x: 56, y: 165 };
    assert.ok(addressUnder([ln(56, 165, 10, 'Atelier Sonnenberg GmbH'), ln(56, 178, 10, 'Kade 4'), ln(56, 191, 10, '50667 Köln')], name));
    assert.ok(addressUnder([ln(56, 165, 10, 'Acme Ltd'), ln(56, 178, 10, '1 High Street'), ln(56, 191, 10, 'Leeds LS1 4DY')], name));
    assert.ok(addressUnder([ln(56, 165, 10, 'Acme BV'), ln(56, 178, 10, 'Postbus 12')], name));
    // No town line; a town line in another column; one too far below.
    assert.ok(!addressUnder([ln(56, 165, 10, 'Atelier Sonnenberg GmbH'), ln(56, 178, 10, 'Kade 4')], name));
    assert.ok(!addressUnder([ln(56, 165, 10, 'Atelier Sonnenberg GmbH'), ln(360, 191, 10, '50667 Köln')], name));
    assert.ok(!addressUnder([ln(56, 165, 10, 'Atelier Sonnenberg GmbH'), ln(56, 300, 10, '50667 Köln')], name));
  });
});

describe('party facts and place doubts', () => {
  it('a sender in the letterhead zone, or under a sender heading, or supported, has a place; one in the body with none of these has not', () => {
    const head = [ln(56, 50, 15, 'Nordlicht Technik GmbH')];
    assert.deepEqual(partyFacts('sender_name', 'Nordlicht Technik GmbH', head, { page: 1, x: 56, y: 50 }, 1, null, false, PRINTS), { cues: ['letterhead-zone', 'legal-form'], doubts: [] });
    const body = [ln(56, 400, 10, 'Hafenbau KG')];
    assert.deepEqual(partyFacts('sender_name', 'Hafenbau KG', body, { page: 1, x: 56, y: 400 }, 1, null, false, PRINTS).doubts, ['sender-no-place']);
    assert.deepEqual(partyFacts('sender_name', 'Hafenbau KG', body, { page: 1, x: 56, y: 400 }, 1, null, true, PRINTS).doubts, []);
    const headed = [ln(56, 387, 9, 'Lieferant'), ln(56, 400, 10, 'Hafenbau KG')];
    assert.deepEqual(partyFacts('sender_name', 'Hafenbau KG', headed, { page: 1, x: 56, y: 400 }, 1, null, false, PRINTS), { cues: ['role-heading', 'legal-form'], doubts: [] });
    // Top of a later page is no letterhead zone of the document.
    assert.deepEqual(partyFacts('sender_name', 'Hafenbau KG', [ln(56, 50, 10, 'Hafenbau KG', 2)], { page: 2, x: 56, y: 50 }, 1, null, false, PRINTS).doubts, ['sender-no-place']);
  });
  it('a recipient with neither a recipient heading nor an address under it has no block; under the other role\'s heading it clashes', () => {
    assert.deepEqual(partyFacts('recipient_name', 'Atelier Sonnenberg GmbH', [ln(56, 165, 10, 'Atelier Sonnenberg GmbH'), ln(56, 191, 10, '50667 Köln')], { page: 1, x: 56, y: 165 }, 1, null, false, PRINTS), { cues: ['address-under', 'legal-form'], doubts: [] });
    assert.deepEqual(partyFacts('recipient_name', 'Mag. Elisabeth Grafeneder', [ln(56, 300, 10, 'Mag. Elisabeth Grafeneder')], { page: 1, x: 56, y: 300 }, 1, null, false, PRINTS), { cues: [], doubts: ['recipient-no-block'] });
    assert.deepEqual(partyFacts('recipient_name', 'Hafenbau KG', [ln(56, 287, 9, 'Seller'), ln(56, 300, 10, 'Hafenbau KG')], { page: 1, x: 56, y: 300 }, 1, null, false, PRINTS).doubts, ['role-clash', 'recipient-no-block']);
  });
  it('the same party in both roles is a doubt on either; a text page (no geometry) has no place doubts', () => {
    assert.ok(partyFacts('recipient_name', 'Nordlicht Technik GmbH', [ln(56, 165, 10, 'Nordlicht Technik GmbH')], { page: 1, x: 56, y: 165 }, 1, 'Nordlicht Technik', false, PRINTS).doubts.includes('same-party'));
    assert.ok(!partyFacts('recipient_name', 'Atelier Sonnenberg GmbH', [ln(56, 165, 10, 'Atelier Sonnenberg GmbH')], { page: 1, x: 56, y: 165 }, 1, 'Nordlicht Technik GmbH', false, PRINTS).doubts.includes('same-party'));
    assert.deepEqual(partyFacts('sender_name', 'Hafenbau KG', [{ text: 'Hafenbau KG', page: 1, x: 0, y: 400 }], { page: 1, x: 0, y: 400 }, 1, null, false, PRINTS).doubts, []);
  });
});

describe('party facts recorded by the extractor (generated pages)', () => {
  it('a letterhead sender and a window recipient with its address carry their place cues and no place doubt', () => {
    const r = run([...LETTERHEAD, ...WINDOW, ...META, ...TITLE, ...TOTALS, ...FOOTER]);
    assert.ok(listed(transformsOf(r, 'sender_name'), 'evidence').includes('letterhead-zone'));
    assert.ok(!listed(transformsOf(r, 'sender_name'), 'doubts').includes('sender-no-place'));
    assert.ok(listed(transformsOf(r, 'recipient_name'), 'evidence').includes('address-under'));
    assert.ok(!listed(transformsOf(r, 'recipient_name'), 'doubts').includes('recipient-no-block'));
  });
  it('a headed two-column block records the role heading on both names', () => {
    const page: Lines = [
      [56, 60, 16, 'Rechnung'],
      [56, 150, 9, 'Lieferant'], [56, 163, 10, 'Hafenbau KG'], [56, 176, 10, 'Dockstraße 3'], [56, 189, 10, '28195 Bremen'],
      [320, 150, 9, 'Rechnungsempfänger'], [320, 163, 10, 'Atelier Sonnenberg GmbH'], [320, 176, 10, 'Kade 4'], [320, 189, 10, '50667 Köln'],
      [360, 230, 9, 'Rechnungsnummer: HB-2025-3'], [360, 243, 9, 'Rechnungsdatum: 12.02.2025'],
      ...TOTALS,
    ];
    const r = run(page);
    assert.equal(r.fields.sender_name.value, 'Hafenbau KG');
    assert.equal(r.fields.recipient_name.value, 'Atelier Sonnenberg GmbH');
    assert.ok(listed(transformsOf(r, 'sender_name'), 'evidence').includes('role-heading'));
    assert.ok(listed(transformsOf(r, 'recipient_name'), 'evidence').includes('role-heading'));
  });
});

describe('a recipient printed in the letterhead zone', () => {
  it('is a doubt on the recipient only, and only when the top of the first page prints it', () => {
    const lines = [ln(56, 50, 15, 'Nordlicht Technik GmbH'), ln(56, 165, 10, 'Atelier Sonnenberg GmbH'), ln(56, 191, 10, '50667 Köln')];
    assert.ok(partyFacts('recipient_name', 'Nordlicht Technik GmbH', lines, { page: 1, x: 56, y: 50 }, 1, null, false, PRINTS).doubts.includes('recipient-in-letterhead'));
    const onlyWindow = (t: string) => t.includes('Sonnenberg');
    assert.ok(!partyFacts('recipient_name', 'Atelier Sonnenberg GmbH', lines, { page: 1, x: 56, y: 165 }, 1, null, false, onlyWindow).doubts.includes('recipient-in-letterhead'));
    assert.ok(!partyFacts('sender_name', 'Nordlicht Technik GmbH', lines, { page: 1, x: 56, y: 50 }, 1, null, false, PRINTS).doubts.includes('recipient-in-letterhead'));
  });
});

describe('sender places the engine\'s own rules define', () => {
  it('a key row naming the role, left of the name or heading its section of key rows', () => {
    const row = (key: string, name: string, y: number): PartyFactLine => ({ text: `${key}   ${name}`, page: 1, x: 62, y, h: 11, pageHeight: PAGE_H, segments: [{ text: key, x: 62, y, h: 11 }, { text: name, x: 180, y, h: 11 }] });
    assert.equal(roleOver([row('Nom du vendeur:', 'BOULANGERIE DES HALLES', 164)], { page: 1, x: 180, y: 164 }), 'sender_name');
    assert.equal(roleOver([row("Nom de l'acheteur:", 'LES ATELIERS DU PORT', 108)], { page: 1, x: 180, y: 108 }), 'recipient_name');
    assert.equal(roleOver([row('Name:', 'LES ATELIERS DU PORT', 108)], { page: 1, x: 180, y: 108 }), null);
    const section = [ln(60, 170, 11, 'Informationen zum Verkäufer'), { text: 'Firmenname:   Kabelbau Reinholt', page: 1, x: 60, y: 190, h: 9, pageHeight: PAGE_H, segments: [{ text: 'Firmenname:', x: 60, y: 190, h: 9 }, { text: 'Kabelbau Reinholt', x: 160, y: 190, h: 9 }] }];
    assert.equal(roleOver(section, { page: 1, x: 160, y: 190 }), 'sender_name');
    assert.equal(roleOver([ln(60, 80, 11, 'Informationen zum Käufer'), ...section.slice(1)], { page: 1, x: 160, y: 190 }), null);
  });
  it('a return-address line: the name, a separator, then a postcode on the line', () => {
    assert.ok(returnAddress([ln(56, 140, 7, 'Stadtwerke Beispiel GmbH · Am Hafen 1 · 28195 Bremen')], { page: 1, x: 56, y: 140 }));
    assert.ok(returnAddress([ln(122, 148, 7, 'Max MUSTERMANN * MUSTERSTRAßE 37 12345 MUSTERSTADT')], { page: 1, x: 122, y: 148 }));
    assert.ok(!returnAddress([ln(56, 140, 7, 'Stadtwerke Beispiel GmbH')], { page: 1, x: 56, y: 140 }));
    assert.ok(!returnAddress([ln(56, 140, 7, 'Hafenbau KG · Geschäftsführer Jan Brand')], { page: 1, x: 56, y: 140 }));
  });
});

describe('the place doubts are recorded, not applied (nothing adopted, abstain16)', () => {
  it('a sender printed once under the closing words carries sender-no-place and is still output', () => {
    const r = run([[56, 60, 16, 'Rechnung'], ...WINDOW, ...META, ...TOTALS, [56, 600, 10, 'Vielen Dank für Ihren Auftrag.'], [56, 640, 10, 'Mit freundlichen Grüßen'], [56, 653, 10, 'Hafenbau KG']]);
    assert.equal(r.fields.sender_name.value, 'Hafenbau KG');
    assert.ok(listed(transformsOf(r, 'sender_name'), 'doubts').includes('sender-no-place'));
    // With its address under it, the same name has a place.
    const placed = run([[56, 60, 16, 'Rechnung'], ...WINDOW, ...META, ...TOTALS, [56, 640, 10, 'Mit freundlichen Grüßen'], [56, 653, 10, 'Hafenbau KG'], [56, 666, 10, 'Dockstraße 3'], [56, 679, 10, '28195 Bremen']]);
    assert.ok(!listed(transformsOf(placed, 'sender_name'), 'doubts').includes('sender-no-place'));
  });
});

describe('a recipient in the letterhead zone with no recipient heading over it (letterhead16)', () => {
  const letterhead: Lines = [[56, 40, 15, 'Nordlicht Technik GmbH'], [56, 58, 10, 'Hafenweg 12'], [56, 71, 10, '20457 Hamburg']];
  it('is a doubt when no recipient heading or key stands over the name, not when one does', () => {
    const lines = [ln(56, 50, 15, 'Nordlicht Technik GmbH'), ln(56, 165, 10, 'Atelier Sonnenberg GmbH'), ln(56, 191, 10, '50667 Köln')];
    assert.ok(partyFacts('recipient_name', 'Nordlicht Technik GmbH', lines, { page: 1, x: 56, y: 50 }, 1, null, false, PRINTS).doubts.includes('recipient-letterhead-unheaded'));
    const headed = [ln(360, 40, 10, 'Bill To'), ln(360, 53, 10, 'Sonnenberg Atelier GmbH'), ln(360, 66, 10, '50667 Köln')];
    const facts = partyFacts('recipient_name', 'Sonnenberg Atelier GmbH', headed, { page: 1, x: 360, y: 53 }, 1, null, false, PRINTS);
    assert.ok(facts.doubts.includes('recipient-in-letterhead'));
    assert.ok(!facts.doubts.includes('recipient-letterhead-unheaded'));
  });
  it('holds on the sender\'s own letterhead block read as the addressee; a "Bill To" block high on the page keeps none', () => {
    // Its name in body type: a name set large opening the page is not read as a window at all (uktown30).
    const own = run([[56, 40, 10, 'Nordlicht Technik GmbH'], ...letterhead.slice(1), ...TITLE, ...META, ...TOTALS, ...FOOTER]);
    assert.ok(listed(transformsOf(own, 'recipient_name'), 'doubts').includes('recipient-letterhead-unheaded'));
    assert.notEqual(run([...letterhead, ...TITLE, ...META, ...TOTALS, ...FOOTER]).fields.recipient_name.value, 'Nordlicht Technik GmbH');
    const billTo = run([
      [56, 40, 15, 'Northwind Digital LLC'], [56, 58, 10, '12 Main Street'], [56, 71, 10, 'Springfield, IL 62701'],
      [360, 40, 10, 'Bill To'], [360, 53, 10, 'Blue Ridge Group Inc'], [360, 66, 10, '4 Elm Road'], [360, 79, 10, 'Asheville, NC 28801'],
      [56, 200, 16, 'INVOICE'], [360, 200, 10, 'Invoice No: 1001'],
      [330, 420, 10, 'Subtotal'], [490, 420, 10, '1,000.00'], [330, 434, 10, 'Tax 10%'], [495, 434, 10, '100.00'], [330, 448, 10, 'Total'], [490, 448, 10, '1,100.00'],
    ]);
    assert.equal(billTo.fields.recipient_name.value, 'Blue Ridge Group Inc');
    assert.ok(!listed(transformsOf(billTo, 'recipient_name'), 'doubts').includes('recipient-letterhead-unheaded'));
  });
});
