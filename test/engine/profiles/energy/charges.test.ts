// Charge descriptions (eighth pass): a description comes from its amount's row. A text line
// nearer the next amount row than the last one is the first line of that row's cell (or a
// heading), never more of the row above; a description that is only a unit or price, or that
// begins mid-phrase, is left to a reviewer. Generated bills read by the real reading layer.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { generatedBills, judgeBill } from '../../../helpers/energy-bills/judge.js';
import { reword } from '../../../helpers/energy-bills/reprint.js';

const read = generatedBills('charges');
const judge = judgeBill;

describe('energy charge descriptions', () => {
  it('portal trap: a name printed as a cell of two lines, the amount on its last, is read whole and left to a reviewer; the row above keeps its own name', async () => {
    let covered = 0;
    for (let seed = 1100; seed < 1140 && covered < 2; seed++) {
      const { truth, doc } = await read(seed, { style: 'portal', kind: 'invoice' });
      const at = truth.hard_cases![0]!.charge_two_line;
      if (at == null) continue;
      covered++;
      const got = judge(doc);
      const want = truth.invoices[0]!.data.charges;
      assert.deepEqual(got.data.charges.map((c) => c.description), want.map((c) => c.description), `${seed}`);
      assert.equal(got.outcome, 'needs_review');
      assert.ok(got.doubted.includes(`charge-${at + 1}.description`), `${seed}: ${JSON.stringify(got.failures)}`);
    }
    assert.ok(covered > 0, 'the seeds print a two-line charge name');
  });

  it('a description that is only a unit, or begins mid-phrase, is unconfirmed_value', async () => {
    const { truth, doc } = await read(3101, { style: 'compact', kind: 'invoice' });
    assert.equal(judge(doc).outcome, 'accepted');
    const name = truth.invoices[0]!.data.charges.find((c) => c.description === 'Stromsteuer' || c.description === 'Energiesteuer')!.description!;
    const row = (t: string) => t.startsWith(name) && /\d,\d{2}/.test(t);
    for (const [to, why] of [['Monate', 'a unit'], ['steuer', 'mid-phrase']] as const) {
      const r = judge(reword(doc, row, name, to));
      const c = r.data.charges.find((x) => x.description === to);
      assert.ok(c, `${why}: the row is read with "${to}"`);
      assert.ok(r.doubted.includes(`${c.entity_ref}.description`), `${why}: ${JSON.stringify(r.failures)}`);
    }
  });
});
