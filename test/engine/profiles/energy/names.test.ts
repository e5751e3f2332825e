// Names printed once (eighth pass): generated bills read by the real reading layer, one
// printing changed in what was read. A c/o on the name's line, a legal line naming another
// company than the one read, an operator named like the supplier without the bill saying so,
// and customer "names" that name no one are left to a reviewer.
import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { ReadDocument } from '../../../../engine/profiles/energy/extract/index.js';
import type { InvoiceData } from '../../../../engine/profiles/energy/payload.js';
import { generatedBills, judgeBill } from '../../../helpers/energy-bills/judge.js';
import { rephrase } from '../../../helpers/energy-bills/reprint.js';

const read = generatedBills('names');
const judge = judgeBill;
let doc: ReadDocument;
let truth: Awaited<ReturnType<typeof read>>['truth'];
before(async () => {
  ({ doc, truth } = await read(3101, { style: 'compact', kind: 'invoice' }));
});

describe('energy names printed once', () => {
  it('the plain bill is accepted with its names', () => {
    const r = judge(doc);
    assert.equal(r.outcome, 'accepted', JSON.stringify(r.failures));
    assert.equal(r.data.customer.name, truth.invoices[0]!.data.customer.name);
  });

  it('a c/o on the name line: the name before it is read and a reviewer confirms it', () => {
    const name = truth.invoices[0]!.data.customer.name!;
    const r = judge(rephrase(doc, (t) => t.includes(name), name, `${name} c/o Hausverwaltung Berg`));
    assert.equal(r.data.customer.name, name);
    assert.equal(r.outcome, 'needs_review');
    assert.ok(r.doubted.includes('customer.name'), JSON.stringify(r.failures));
  });

  it('a legal line naming another company than the one read leaves the supplier name to a reviewer', () => {
    const name = truth.invoices[0]!.data.supplier.name!;
    const r = judge(rephrase(doc, (t) => /Amtsgericht/.test(t), name, `Neue ${name}`));
    assert.ok(r.doubted.includes('supplier.name'), JSON.stringify(r.failures));
  });

  it('a grid operator named like the supplier goes to review unless the bill says the supplier operates the grid', () => {
    const supplier = truth.invoices[0]!.data.supplier.name!;
    const operator = truth.invoices[0]!.data.supply_points[0]!.network_operator_name!;
    const same = rephrase(doc, (t) => /^Netzbetreiber/.test(t), operator, supplier);
    const r = judge(same);
    assert.equal(r.data.supply_points[0]!.network_operator_name, supplier);
    assert.ok(r.doubted.includes('sp-1.network_operator_name'), JSON.stringify(r.failures));
    const said = judge(rephrase(same, (t) => /^Codenummer Netzbetreiber/.test(t), 'Codenummer Netzbetreiber', 'Wir sind zugleich Ihr Netzbetreiber. Codenummer Netzbetreiber'));
    assert.ok(!said.doubted.includes('sp-1.network_operator_name'), JSON.stringify(said.failures));
  });

  it('a customer "name" that is a salutation, a department, a c/o line or a street is unconfirmed_value', () => {
    for (const name of ['Herrn', 'Abteilung Rechnungseingang', 'Kreditorenbuchhaltung', 'c/o Hausverwaltung Berg', 'Lindenstraße']) {
      const r = judge(doc, (x) => {
        x.payload.invoices[0]!.data.customer.name = name;
      });
      assert.ok(r.doubted.includes('customer.name'), `${name}: ${JSON.stringify(r.failures)}`);
    }
  });

  it('fields the bill’s other fields contradict: a direct debit without mandate or creditor id, a transfer with a mandate, a tariff or supply point of the other commodity', () => {
    const cases: Array<[string, (d: InvoiceData) => void]> = [
      ['payment.payment_method', (d) => {
        d.payment.payment_method = d.payment.payment_method === 'transfer' ? 'sepa_direct_debit' : 'transfer';
        d.payment.mandate_reference = d.payment.payment_method === 'transfer' ? 'M123456789' : null;
        d.payment.creditor_id = null;
      }],
      ['tariff-1.commodity', (d) => {
        d.tariffs[0]!.commodity = d.supply_points[0]!.commodity === 'gas' ? 'electricity' : 'gas';
      }],
      ['sp-1.commodity', (d) => {
        d.supply_points[0]!.commodity = d.supply_points[0]!.commodity === 'gas' ? 'electricity' : 'gas';
        d.charges.push({ ...d.charges[0]!, entity_ref: 'charge-99', category: d.supply_points[0]!.commodity === 'gas' ? 'electricity_tax' : 'energy_tax' });
      }],
    ];
    for (const [field, edit] of cases) {
      const r = judge(doc, (x) => edit(x.payload.invoices[0]!.data));
      assert.ok(r.doubted.includes(field), `${field}: ${JSON.stringify(r.failures)}`);
    }
  });
});
