// Second printings (sixth pass): a generated bill read by the real reading layer, then one word
// of one printing changed in what was read — the salutation, the footer, the payment reference —
// as a bill would print it had its second printing disagreed. A disagreeing printing leaves the
// field to a reviewer; an agreeing or absent one changes nothing.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { extractEnergy, type ReadDocument } from '../../../../engine/profiles/energy/extract/index.js';
import { readingKind } from '../../../../engine/profiles/energy/extract/invoice.js';
import { addressDifference, streetKey } from '../../../../engine/profiles/energy/extract/printings.js';
import { evaluateEnergyPayload } from '../../../../engine/profiles/energy/policy.js';
import { generateDocument } from '../../../helpers/energy-bills/index.js';
import { generatedBills } from '../../../helpers/energy-bills/judge.js';
import { reprint, reword } from '../../../helpers/energy-bills/reprint.js';

const read = generatedBills('printings');

function judge(doc: ReadDocument) {
  const x = extractEnergy(doc);
  const ev = evaluateEnergyPayload(x.payload, x.evidence, x.packet_reasons);
  const inv = ev.validation_summary.invoices[0]!;
  const doubted = inv.failures.filter((f) => f.code === 'unconfirmed_value').flatMap((f) => f.fields);
  return { data: x.payload.invoices[0]!.data, doubted, outcome: ev.payload.invoices[0]!.outcome };
}

describe('energy extractor: values printed twice', () => {
  it('customer name: a salutation naming someone else leaves the name to review; the agreeing one does not', async () => {
    const { truth, doc } = await read(1201, { style: 'prose', kind: 'invoice' });
    const want = truth.invoices[0]!.data.customer.name!;
    const base = judge(doc);
    assert.equal(base.data.customer.name, want);
    assert.ok(!base.doubted.includes('customer.name'), 'the salutation names the customer');
    const surname = want.split(' ').at(-1)!;
    const other = judge(reprint(doc, (t) => /sehr geehrte/i.test(t), surname, 'Quandtmeyer'));
    assert.equal(other.data.customer.name, want);
    assert.ok(other.doubted.includes('customer.name'), `a salutation to "Quandtmeyer": ${JSON.stringify(other.doubted)}`);
    assert.equal(other.outcome, 'needs_review');
  });

  it('customer name: a "Kunde:" line that reads another name leaves it to review', async () => {
    const { truth, doc } = await read(1201, { style: 'prose', kind: 'invoice' });
    const want = truth.invoices[0]!.data.customer.name!;
    const surname = want.split(' ').at(-1)!;
    // The salutation line becomes "Kunde: Anna Quandtmeyer <surname>,", word by word.
    const greeting = (t: string) => /geehrte/i.test(t) || t.startsWith('Kunde:');
    let asLine = reprint(doc, greeting, 'Sehr', 'Kunde:');
    asLine = reprint(asLine, greeting, /geehrter/.test(JSON.stringify(asLine.pages.map((p) => p.text))) ? 'geehrter' : 'geehrte', 'Anna');
    const other = judge(reprint(asLine, (t) => t.startsWith('Kunde:'), / Frau /.test(asLine.pages.map((p) => p.text).join('\n')) ? 'Frau' : 'Herr', 'Quandtmeyer'));
    assert.ok(surname.length > 0);
    assert.ok(other.doubted.includes('customer.name'), JSON.stringify(other.doubted));
  });

  it('supplier name: a footer naming another company leaves the name to review', async () => {
    const { truth, doc } = await read(1202, { style: 'compact', kind: 'invoice' });
    const want = truth.invoices[0]!.data.supplier.name!;
    const base = judge(doc);
    assert.equal(base.data.supplier.name, want);
    assert.ok(!base.doubted.includes('supplier.name'));
    const first = want.split(' ')[0]!;
    const footer = (t: string) => t.includes(want) && /USt-IdNr/i.test(t);
    // The footer's legal block or the sender line may be the printing the name is read from:
    // whichever disagrees, the name goes to a reviewer.
    const inFooter = judge(reprint(doc, footer, first, 'Ostwind'));
    assert.ok(inFooter.doubted.includes('supplier.name'), JSON.stringify(inFooter.doubted));
    const sender = (t: string) => t.includes(want) && !/USt-IdNr/i.test(t);
    const inSender = judge(reprint(doc, sender, first, 'Ostwind'));
    assert.ok(inSender.doubted.includes('supplier.name'), JSON.stringify(inSender.doubted));
  });

  it('customer number: a payment reference with another number of its shape leaves it to review; the number itself confirms', async () => {
    // A bill paid by transfer prints "Verwendungszweck: <invoice number>".
    let found: { truth: Awaited<ReturnType<typeof read>>['truth']; doc: ReadDocument } | null = null;
    for (let seed = 1210; seed < 1240 && !found; seed++) {
      const r = await read(seed, { style: 'compact', kind: 'invoice' });
      if (r.doc.pages.some((p) => /Verwendungszweck/.test(p.text))) found = { truth: r.truth, doc: r.doc };
    }
    assert.ok(found, 'a seed pays by transfer');
    const id = found.truth.invoices[0]!.data.identity;
    const cn = id.customer_number!;
    const base = judge(found.doc);
    assert.equal(base.data.identity.customer_number, cn);
    assert.ok(!base.doubted.includes('identity.customer_number'));
    const ref = (t: string) => /Verwendungszweck/.test(t);
    const same = judge(reprint(found.doc, ref, id.invoice_number!, cn));
    assert.ok(!same.doubted.includes('identity.customer_number'), 'the customer number printed again agrees');
    const wrong = `${cn.slice(0, -1)}${(Number(cn.at(-1)) + 1) % 10}`;
    const other = judge(reprint(found.doc, ref, id.invoice_number!, wrong));
    assert.equal(other.data.identity.customer_number, cn);
    assert.ok(other.doubted.includes('identity.customer_number'), JSON.stringify(other.doubted));
  });
});

// Seventh pass: addresses and the commercial register printed twice.
describe('energy extractor: addresses printed twice', () => {
  const at = (street: string, house_number: string, postal_code: string, city: string) => ({ street, house_number, postal_code, city });

  it('compares streets across print forms: "Str." and "Straße", umlauts spelt out, hyphens and spaces', () => {
    assert.equal(streetKey('Bahnhofstraße'), streetKey('Bahnhofstr.'));
    assert.equal(streetKey('Bahnhofstrasse'), streetKey('Bahnhofstr'));
    assert.equal(streetKey('Mühlenweg'), streetKey('Muehlenweg'));
    assert.equal(streetKey('Karl-Marx-Straße'), streetKey('Karl Marx Str.'));
    assert.notEqual(streetKey('Bahnhofstraße'), streetKey('Bahnhofplatz'));
    assert.equal(addressDifference(at('Bahnhofstraße', '12 a', '79117', 'Freiburg im Breisgau'), at('Bahnhofstr.', '12a', '79117', 'Freiburg')), null);
    assert.equal(addressDifference(at('Bahnhofstraße', '12', '79117', 'Freiburg'), at('Bahnhofstraße', '14', '79117', 'Freiburg')), 'house number');
    assert.equal(addressDifference(at('Bahnhofstraße', '12', '79117', 'Freiburg'), at('Bahnhofstraße', '12', '79111', 'Freiburg')), 'postcode');
    assert.equal(addressDifference(at('Bahnhofstraße', '12', '79117', 'Freiburg'), at('Bahnhofstraße', '12', '79117', 'Emmendingen')), 'city');
  });

  /** A compact bill whose supply point is the customer's own address ("Lieferstelle" under the window). */
  async function sameAddressBill() {
    const spec = { style: 'compact', kind: 'invoice' } as const;
    for (let seed = 1252; seed < 1280; seed++) {
      const d = generateDocument(seed, spec).truth.invoices[0]!.data;
      if (/straße$/.test(d.customer.billing_address!.street!) && JSON.stringify(d.customer.billing_address) === JSON.stringify(d.supply_points[0]!.service_address)) return read(seed, spec);
    }
    throw new Error('no seed prints the customer address as the supply address');
  }

  it('window and supply address: another house number on the same street leaves both to review; "Str." for "Straße" agrees', async () => {
    const { truth, doc } = await sameAddressBill();
    const want = truth.invoices[0]!.data.customer.billing_address!;
    const base = judge(doc);
    assert.deepEqual(base.data.supply_points[0]!.service_address, want);
    assert.ok(!base.doubted.some((f) => /address/.test(f)), JSON.stringify(base.doubted));
    const misprint = judge(reword(doc, (t) => /Lieferstelle/.test(t), `${want.house_number},`, `${Number.parseInt(want.house_number!, 10) + 1},`));
    assert.ok(misprint.doubted.includes('sp-1.service_address') && misprint.doubted.includes('customer.billing_address'), JSON.stringify(misprint.doubted));
    assert.equal(misprint.outcome, 'needs_review');
    const abbreviated = judge(reword(doc, (t) => /Lieferstelle/.test(t), want.street!, want.street!.replace(/straße$/, 'str.')));
    assert.ok(!abbreviated.doubted.some((f) => /address/.test(f)), JSON.stringify(abbreviated.doubted));
  });

  it('a bill that says the supply address is the billing address, with another supply address read, leaves it to review', async () => {
    const { truth, doc } = await read(1253, { style: 'compact', kind: 'invoice' });
    const want = truth.invoices[0]!.data;
    assert.notDeepEqual(want.supply_points[0]!.service_address, want.customer.billing_address, 'the seed supplies another address');
    const base = judge(doc);
    assert.deepEqual(base.data.supply_points[0]!.service_address, want.supply_points[0]!.service_address);
    assert.ok(!base.doubted.includes('sp-1.service_address'), JSON.stringify(base.doubted));
    const said = judge(reword(doc, (t) => t.startsWith('Vertragsnummer'), 'Vertragsnummer', 'Verbrauchsstelle: wie Rechnungsanschrift'));
    assert.ok(said.doubted.includes('sp-1.service_address'), JSON.stringify(said.doubted));
  });

  it('supplier address: the footer column printing another house number or another city for the postcode leaves it to review', async () => {
    const { truth, doc } = await read(1203, { style: 'longtable', kind: 'invoice' });
    const want = truth.invoices[0]!.data.supplier;
    const base = judge(doc);
    assert.deepEqual(base.data.supplier.address, want.address);
    assert.ok(!base.doubted.includes('supplier.address'), JSON.stringify(base.doubted));
    // The footer column stacks name, street and city; the sender line names the company on one line.
    const footerStreet = (t: string) => t.startsWith(`${want.address!.street} ${want.address!.house_number}`) && !t.includes(want.name!);
    const house = judge(reword(doc, footerStreet, want.address!.house_number!, String(Number.parseInt(want.address!.house_number!, 10) + 3)));
    assert.deepEqual(house.data.supplier.address, want.address);
    assert.ok(house.doubted.includes('supplier.address'), JSON.stringify(house.doubted));
    const footerCity = (t: string) => t.startsWith(`${want.address!.postal_code} ${want.address!.city}`);
    const city = judge(reword(doc, footerCity, want.address!.city!, 'Baunatal'));
    assert.ok(city.doubted.includes('supplier.address'), JSON.stringify(city.doubted));
  });
});

describe('energy extractor: commercial register printed twice', () => {
  it('the register on every page agrees; one page printing another number, or an unreadable court, leaves it to review', async () => {
    const { truth, doc } = await read(1204, { style: 'compact', kind: 'invoice' });
    const want = truth.invoices[0]!.data.supplier.commercial_register!;
    assert.ok(doc.pages.length > 1, 'the footer is printed on two pages');
    const base = judge(doc);
    assert.equal(base.data.supplier.commercial_register, want);
    assert.ok(!base.doubted.includes('supplier.commercial_register'));
    const number = want.split(' ').at(-1)!;
    const secondPage = (doc2: ReadDocument, from: string, to: string): ReadDocument => {
      const pages = doc2.pages.map((p, i) => (i === 0 ? p : reprint({ ...doc2, pages: [p] }, (t) => t.includes(from), from, to).pages[0]!));
      return { ...doc2, pages };
    };
    const other = judge(secondPage(doc, number, `${number.slice(0, -1)}${(Number(number.at(-1)) + 1) % 10}`));
    assert.equal(other.data.supplier.commercial_register, want, 'the first page is read');
    assert.ok(other.doubted.includes('supplier.commercial_register'), JSON.stringify(other.doubted));
    const garbled = judge(secondPage(doc, 'Amtsgericht', 'Amtsgerlcht'));
    assert.ok(garbled.doubted.includes('supplier.commercial_register'), JSON.stringify(garbled.doubted));
  });

  it("a grid operator's register printed above the supplier's is not the supplier's", async () => {
    for (let seed = 1100; seed < 1112; seed++) {
      const { truth, doc } = await read(seed, { style: 'portal', kind: 'invoice' });
      if (!truth.hard_cases![0]!.grid_register || truth.hard_cases![0]!.company_customer) continue;
      const got = judge(doc);
      assert.equal(got.data.supplier.commercial_register, truth.invoices[0]!.data.supplier.commercial_register);
      assert.ok(!got.doubted.includes('supplier.commercial_register'), JSON.stringify(got.doubted));
      return;
    }
    assert.fail('a seed prints the grid operator\'s register');
  });

  it('the policy doubts a register whose court or type is unreadable', async () => {
    const { truth, doc } = await read(1204, { style: 'compact', kind: 'invoice' });
    const want = truth.invoices[0]!.data.supplier.commercial_register!;
    for (const [value, ok] of [[want, true], [want.toUpperCase().replace('GNR', 'GnR'), true], [want.replace(/HRB|GnR/, 'HR8'), false], [want.replace('Amtsgericht ', 'Amtsgericht 1'), false], [want.toLowerCase(), false]] as const) {
      const x = extractEnergy(doc);
      x.payload.invoices[0]!.data.supplier.commercial_register = value;
      const ev = evaluateEnergyPayload(x.payload, x.evidence, x.packet_reasons);
      const doubted = ev.validation_summary.invoices[0]!.failures.filter((f) => f.code === 'unconfirmed_value').flatMap((f) => f.fields);
      assert.equal(!doubted.includes('supplier.commercial_register'), ok, `${value}: ${JSON.stringify(doubted)}`);
    }
  });
});

describe('energy extractor: reading kinds named by an operator', () => {
  it('a substitute value or forecast is an estimate, an own reading the customer\'s, whoever the legend names', () => {
    assert.equal(readingKind('Ersatzwert des Netzbetreibers'), 'estimated');
    assert.equal(readingKind('Hochrechnung durch den Messstellenbetreiber'), 'estimated');
    assert.equal(readingKind('Eigenablesung'), 'customer');
    assert.equal(readingKind('Ablesung durch den Netzbetreiber'), 'actual');
    assert.equal(readingKind('Kundenablesung'), 'customer');
  });
});
