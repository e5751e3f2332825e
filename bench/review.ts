// BENCH_ONLY=review: review decisions and exports of energy profile results through the real
// server. Results are seeded from the sample truth payloads (test/api/energy-results.ts):
//  - decision latency p50/p99: a correction that settles a result (policy revalidation,
//    compare-and-set write, decision appended), and a chain of confirmations on one result;
//  - batch export of 100 accepted documents (invoice-lines.csv), and a single canonical.json.
import { performance } from 'node:perf_hooks';
import { seedEnergyResult } from '../test/api/energy-results.js';
import { createAccountWithToken, startServerProcess, removeDir } from '../test/helpers/server.js';
import { sampleSet } from '../test/helpers/samples.js';
import { median, printTable } from './table.js';

const p99 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil(xs.length * 0.99) - 1)]!;
const ms = (x: number) => x.toFixed(1);

export async function benchReview(): Promise<void> {
  if (!sampleSet('energy')) {
    console.log('\nReview bench skipped: the shared energy samples are not on this machine (DOCDESK_SAMPLES).');
    return;
  }
  const server = await startServerProcess({ env: { DOCDESK_RATE_LIMITS: 'off' } });
  try {
    const owner = createAccountWithToken(server.dataDir, { credits: 0, name: 'bench reviewer' });
    const post = (doc: number, etag: string, body: unknown, key: string) =>
      fetch(`${server.url}/api/v1/documents/${doc}/extractions/reviews`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${owner.token}`, 'Content-Type': 'application/json', 'Idempotency-Key': key, 'If-Match': etag },
        body: JSON.stringify(body),
      });

    const N = 100;
    const seeded = [];
    for (let i = 0; i < N; i++) {
      seeded.push(await seedEnergyResult(server, owner.token, { mutate: (p) => void (p.invoices[0]!.data.supply_points[0]!.malo_id = '68272826241') }));
    }

    // A correction that turns needs_review into accepted, once per document.
    const settle: number[] = [];
    for (const [i, s] of seeded.entries()) {
      const body = { action: 'correct', invoice_ref: 'inv-1', entity_ref: 'sp-1', field: 'malo_id', corrected_value: '68272826240', evidence_reference: { component_ref: 'src-1', physical_page: 1, text: 'MaLo-ID 68272826240', source: 'native_text' } };
      const t0 = performance.now();
      const r = await post(s.documentId, s.result.etag, body, `bench-settle-${i}`);
      await r.arrayBuffer();
      settle.push(performance.now() - t0);
      if (r.status !== 201) throw new Error(`settling review answered ${r.status}`);
    }

    // Confirmations chained on one result: each needs the ETag the previous one returned.
    const chain = await seedEnergyResult(server, owner.token, { mutate: (p) => void (p.invoices[0]!.data.supply_points[0]!.malo_id = '68272826241') });
    const fields = (chain.result.evidence as Array<{ invoice_ref: string; entity_ref: string; field: string }>).filter((e) => !(e.entity_ref === 'sp-1' && e.field === 'malo_id'));
    let etag = chain.result.etag;
    const confirm: number[] = [];
    for (const [i, e] of fields.entries()) {
      const t0 = performance.now();
      const r = await post(chain.documentId, etag, { action: 'confirm', invoice_ref: e.invoice_ref, entity_ref: e.entity_ref, field: e.field, review_duration_seconds: 5 }, `bench-confirm-${i}`);
      const body = (await r.json()) as any;
      confirm.push(performance.now() - t0);
      if (r.status !== 201) throw new Error(`confirmation answered ${r.status}: ${JSON.stringify(body)}`);
      etag = body.data.sector_extraction.etag;
    }

    printTable('Review decisions (POST …/extractions/reviews, sequential, sample 2-invoice packet)', ['decision', 'count', 'p50 ms', 'p99 ms'], [
      ['correct → accepted (revalidate + CAS write)', String(settle.length), ms(median(settle)), ms(p99(settle))],
      [`confirm, chained on one result (decisions 1-${confirm.length})`, String(confirm.length), ms(median(confirm)), ms(p99(confirm))],
    ]);

    const ids = seeded.map((s) => s.documentId).reverse();
    const query = ids.map((id) => `document_ids[]=${id}`).join('&');
    const batch: number[] = [];
    let bytes = 0;
    let rows = 0;
    for (let i = 0; i < 10; i++) {
      const t0 = performance.now();
      const r = await fetch(`${server.url}/api/v1/documents/exports/invoice_lines_csv?${query}`, { headers: { Authorization: `Bearer ${owner.token}` } });
      const text = await r.text();
      batch.push(performance.now() - t0);
      if (r.status !== 200) throw new Error(`batch export answered ${r.status}: ${text.slice(0, 300)}`);
      bytes = Buffer.byteLength(text);
      rows = text.split('\r\n').length - 2;
    }
    const single: number[] = [];
    for (let i = 0; i < 20; i++) {
      const t0 = performance.now();
      const r = await fetch(`${server.url}/api/v1/documents/${ids[0]}/exports/canonical_json`, { headers: { Authorization: `Bearer ${owner.token}` } });
      await r.arrayBuffer();
      single.push(performance.now() - t0);
    }
    printTable('Exports of accepted results', ['export', 'documents', 'rows', 'KiB', 'runs', 'p50 ms', 'max ms'], [
      ['batch invoice-lines.csv', String(N), String(rows), (bytes / 1024).toFixed(0), String(batch.length), ms(median(batch)), ms(Math.max(...batch))],
      ['single canonical.json', '1', '-', '-', String(single.length), ms(median(single)), ms(Math.max(...single))],
    ]);
  } finally {
    await server.stop();
    removeDir(server.dataDir);
  }
}
