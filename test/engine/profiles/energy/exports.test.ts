// Export projections (contract "Exports"): RFC 4180 CSV with CRLF and a header row, batch
// ordering, and the canonical JSON with its versions.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { canonicalJson, CSV_COLUMNS, csvField, invoiceLinesCsv } from '../../../../engine/profiles/energy/exports.js';
import type { ProjectionItem } from '../../../../engine/profiles/types.js';
import type { EnergyPayload } from '../../../../engine/profiles/energy/payload.js';
import { truthResult } from '../../../helpers/energy-results.js';
import { skipUnlessSamples } from '../../../helpers/samples.js';

const source = (document_id: number, sample: string) => {
  const payload = truthResult(sample).payload;
  const item: ProjectionItem = { document_id, result: { profile: 'de.energy.supply-invoice', profile_version: '2.0.1', schema_version: '2.0.0', effective_payload: payload } };
  return Object.assign(item, { effective_payload: payload as EnergyPayload });
};

/** A minimal RFC 4180 reader: the test's own, so the writer is checked against the rules. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') (cell += '"'), i++;
      else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') row.push(cell), (cell = '');
    else if (ch === '\r' && text[i + 1] === '\n') row.push(cell), rows.push(row), (row = []), (cell = ''), i++;
    else if (ch === '\n') throw new Error(`bare LF at ${i}`);
    else cell += ch;
  }
  assert.equal(cell, '', 'the file ends with CRLF');
  return rows;
}

describe('csv fields (RFC 4180)', () => {
  it('quotes commas, quotes and line breaks and leaves the rest alone', () => {
    assert.equal(csvField('plain'), 'plain');
    assert.equal(csvField('a,b'), '"a,b"');
    assert.equal(csvField('say "hi"'), '"say ""hi"""');
    assert.equal(csvField('two\r\nlines'), '"two\r\nlines"');
    assert.equal(csvField(null), '');
    assert.equal(csvField(12), '12');
  });
});

describe('invoice_lines_csv', { skip: skipUnlessSamples('energy') }, () => {
  it('one row per charge line with the leading invoice columns, CRLF, header first', () => {
    const s = source(7, 'energy-7-0001');
    const csv = invoiceLinesCsv.project([s]);
    assert.ok(csv.endsWith('\r\n'));
    assert.doesNotMatch(csv.replace(/\r\n/g, ''), /\n/);
    const rows = parseCsv(csv);
    assert.deepEqual(rows[0], [...CSV_COLUMNS]);
    const charges = s.effective_payload.invoices.flatMap((inv) => inv.data.charges.map((c) => ({ inv, c })));
    assert.equal(rows.length - 1, charges.length);
    const first = rows[1]!;
    const { inv, c } = charges[0]!;
    assert.deepEqual(first, ['7', inv.invoice_ref, inv.data.identity.invoice_number!, inv.data.identity.invoice_date!, String(inv.page_range.first), String(inv.page_range.last), c.entity_ref, c.category!, c.description!, c.period!.start!, c.period!.end!, c.quantity!, c.unit!, c.unit_price!, c.net_amount!, c.vat_rate!]);
    // inv-1's lines come before inv-2's, each in charge order.
    assert.deepEqual(rows.slice(1).map((r) => `${r[1]}/${r[6]}`), charges.map(({ inv: i, c: ch }) => `${i.invoice_ref}/${ch.entity_ref}`));
  });

  it('quotes a description holding a comma, a quote and a line break', () => {
    const s = source(1, 'energy-7-0002');
    s.effective_payload.invoices[0]!.data.charges[0]!.description = 'Arbeitspreis, "HT"\nTeil 1';
    const rows = parseCsv(invoiceLinesCsv.project([s]));
    assert.equal(rows[1]![8], 'Arbeitspreis, "HT"\nTeil 1');
  });

  it('a batch is ordered by document id, then invoice, then charge, whatever the input order', () => {
    const sources = [source(30, 'energy-7-0003'), source(4, 'energy-7-0001'), source(12, 'energy-7-0002')];
    const rows = parseCsv(invoiceLinesCsv.project(sources)).slice(1);
    const ids = rows.map((r) => Number(r[0]));
    assert.deepEqual(ids, [...ids].sort((a, b) => a - b));
    assert.deepEqual([...new Set(ids)], [4, 12, 30]);
    const doc4 = rows.filter((r) => r[0] === '4').map((r) => `${r[1]}/${r[6]}`);
    assert.deepEqual(doc4, sources[1]!.effective_payload.invoices.flatMap((inv) => inv.data.charges.map((c) => `${inv.invoice_ref}/${c.entity_ref}`)));
  });
});

describe('canonical_json', { skip: skipUnlessSamples('energy') }, () => {
  it('is the effective payload, packet and every invoice, with profile, schema and contract versions', () => {
    const s = source(5, 'energy-7-0001');
    const body = JSON.parse(canonicalJson.project([s]));
    assert.equal(body.contract_version, canonicalJson.contract_version);
    assert.equal(body.profile, 'de.energy.supply-invoice');
    assert.equal(body.profile_version, '2.0.1');
    assert.equal(body.schema_version, '2.0.0');
    assert.equal(body.document_id, 5);
    assert.deepEqual(body.packet, s.effective_payload.packet);
    assert.deepEqual(body.invoices, s.effective_payload.invoices);
    assert.throws(() => canonicalJson.project([s, s]));
  });
});
