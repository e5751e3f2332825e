// Numbers printed once (eighth pass): generated bills read by the real reading layer, one
// printing changed in what was read. A number whose printing contradicts it — cut short,
// read up to an amount's comma, another field's number, a postcode — is left to a reviewer;
// a number printed plainly stays accepted.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { generatedBills, judgeBill } from '../../../helpers/energy-bills/judge.js';
import { reword } from '../../../helpers/energy-bills/reprint.js';

const read = generatedBills('numbers');
const judge = judgeBill;

describe('energy numbers printed once', () => {
  it('a plainly printed bill keeps its numbers accepted; a number that is another field’s, a postcode or an amount goes to review', async () => {
    const { truth, doc } = await read(3101, { style: 'compact', kind: 'invoice' });
    const want = truth.invoices[0]!.data;
    const plain = judge(doc);
    assert.equal(plain.outcome, 'accepted', JSON.stringify(plain.failures));
    assert.equal(plain.data.identity.contract_number, want.identity.contract_number);
    const customer = want.identity.customer_number!;
    const contract = want.identity.contract_number!;

    // The contract number printed as the meter's number: one of the two labels is wrong.
    const twin = judge(reword(doc, (t) => t.includes(contract), contract, want.meters[0]!.meter_number!));
    assert.equal(twin.outcome, 'needs_review');
    assert.ok(twin.doubted.includes('identity.contract_number'), JSON.stringify(twin.failures));

    // A customer "number" that is the customer's postcode.
    const postcode = want.customer.billing_address!.postal_code!;
    const pc = judge(reword(doc, (t) => t.includes(customer), customer, postcode));
    assert.equal(pc.data.identity.customer_number, postcode);
    assert.ok(pc.doubted.includes('identity.customer_number'), JSON.stringify(pc.failures));

    // An amount under the label is read up to its comma: the token goes on.
    const amount = judge(reword(doc, (t) => t.includes(customer), customer, `${customer},50`));
    assert.ok(amount.doubted.includes('identity.customer_number'), JSON.stringify(amount.failures));

    // Label text swallowed into the value ("Nr 4711…").
    const swallowed = judge(reword(doc, (t) => t.includes(customer), customer, `Nr ${customer}`));
    if (swallowed.data.identity.customer_number) assert.ok(swallowed.doubted.includes('identity.customer_number'), JSON.stringify(swallowed.failures));
  });

  it('portal trap: a customer number wrapped in its header cell is read cut short and never accepted', async () => {
    let covered = 0;
    for (let seed = 1100; seed < 1140 && covered < 2; seed++) {
      const { truth, doc } = await read(seed, { style: 'portal', kind: 'invoice' });
      if (!truth.hard_cases![0]!.number_wrapped) continue;
      covered++;
      const got = judge(doc);
      const want = truth.invoices[0]!.data.identity.customer_number!;
      assert.notEqual(got.data.identity.customer_number, want, 'the first line of the cell is not the whole number');
      assert.equal(got.outcome, 'needs_review');
      assert.ok(got.doubted.includes('identity.customer_number'), `${seed}: ${JSON.stringify(got.failures)}`);
    }
    assert.ok(covered > 0, 'the seeds print the wrapped customer number');
  });
});
