// Duplicate warnings (issue 18): a re-sent file and a re-issued invoice under another file
// name are flagged with `duplicate_of` and the reason; nothing is blocked or merged, and a
// different invoice of the same sender is not flagged.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { GERMAN_INVOICE, invoicePdf } from '../helpers/invoice-fixtures.js';
import { account, getJson, newKey, startApi, upload, waitTerminal, type ApiServer } from './support.js';

describe('duplicate warnings', () => {
  let api: ApiServer;
  let token: string;
  before(async () => {
    api = await startApi();
    token = account(api.dataDir, { credits: 50 }).token;
  });
  after(async () => {
    await api?.close();
  });

  const send = async (name: string, data: Buffer) => {
    const res = await upload(api.url, { token, file: { name, data }, key: newKey('dup') });
    assert.equal(res.status, 201);
    return ((await res.json()) as any).data;
  };

  it('flags a re-sent file at once (same content, new key), without blocking it', async () => {
    const first = await send('rechnung.pdf', invoicePdf());
    assert.equal(first.duplicate_of, null);
    assert.equal(first.duplicate_reason, null);
    const again = await send('rechnung (1).pdf', invoicePdf());
    assert.deepEqual(again.duplicate_of, [first.id]);
    assert.equal(again.duplicate_reason, 'same_file');
    assert.equal(again.status, 'pending', 'a duplicate is processed like any document');
    const done = await waitTerminal(api.url, token, again.id);
    assert.equal(done.status, 'completed');
    assert.deepEqual(done.duplicate_of, [first.id]);
    await waitTerminal(api.url, token, first.id);
    const original = await getJson(api.url, `/api/v1/documents/${first.id}`, token);
    assert.equal(original.body.data.duplicate_of, null, 'the earlier document is not marked');
  });

  it('flags a re-issued invoice (same sender, number and gross amount; other bytes and name) once extracted', async () => {
    const reissued = await send('Rechnung-Kopie-April.pdf', invoicePdf({ ...GERMAN_INVOICE, date: '02.04.2024', due: '16.04.2024' }));
    assert.equal(reissued.duplicate_of, null, 'not the same file');
    const done = await waitTerminal(api.url, token, reissued.id);
    assert.equal(done.status, 'completed');
    assert.equal(done.duplicate_reason, 'same_invoice');
    assert.ok(done.duplicate_of.length >= 1);
    const listed = await getJson(api.url, '/api/v1/documents?sort=-created_at', token);
    assert.deepEqual(listed.body.data.find((d: any) => d.id === reissued.id).duplicate_of, done.duplicate_of);
  });

  it('does not flag another invoice of the same sender', async () => {
    const other = await send('rechnung-43.pdf', invoicePdf({ ...GERMAN_INVOICE, number: 'R-2024-0043', gross: '2.380,00', net: '2.000,00', tax: '380,00' }));
    const done = await waitTerminal(api.url, token, other.id);
    assert.equal(done.status, 'completed');
    assert.equal(done.duplicate_of, null);
    assert.equal(done.duplicate_reason, null);
  });
});
