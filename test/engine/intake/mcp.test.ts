// `docdesk mcp` driven by the official SDK client over stdio: initialize, the tool list, an
// upload by path (origin mcp), its fields once processed, a thumbnail resource, and a call
// refused for a missing ability with the API's own error.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { cli, createAccountWithToken, REPO_ROOT, removeDir, tempDataDir } from '../../helpers/server.js';
import { invoicePdf } from '../../helpers/invoice-fixtures.js';
import { readDb } from './support.js';
import { allRoutes } from '../../../engine/api/server.js';

const BIN = join(REPO_ROOT, 'bin', 'docdesk.js');

async function connect(dataDir: string, token: string): Promise<Client> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [BIN, 'mcp', '--data-dir', dataDir],
    env: { ...(process.env as Record<string, string>), DOCDESK_TOKEN: token, DOCDESK_WORKERS: '1' },
    stderr: 'pipe',
  });
  const client = new Client({ name: 'docdesk-test', version: '1.0.0' });
  await client.connect(transport);
  return client;
}

const parse = (result: any) => JSON.parse(result.content[0].text);

describe('docdesk mcp', () => {
  let dataDir: string;
  let files: string;
  let full: { accountId: number; token: string };
  let client: Client;
  before(async () => {
    dataDir = tempDataDir();
    files = tempDataDir('docdesk-mcp-files-');
    full = createAccountWithToken(dataDir, { name: 'Assistant desk', credits: 20, extra: ['--rate-profile', 'enterprise'] });
    client = await connect(dataDir, full.token);
  });
  after(async () => {
    await client?.close();
    removeDir(dataDir);
    removeDir(files);
  });

  it('initializes and lists the tools', async () => {
    assert.equal(client.getServerVersion()?.name, 'docdesk');
    const { tools } = await client.listTools();
    const names = tools.map((t) => t.name).sort();
    for (const t of ['get_document', 'get_document_text', 'get_einvoice_verdict', 'list_documents', 'search_documents', 'upload_document']) assert.ok(names.includes(t), `missing tool ${t}`);
    const upload = tools.find((t) => t.name === 'upload_document')!;
    assert.deepEqual(upload.inputSchema.required, ['path']);
  });

  it('uploads a file by path (origin mcp), processes it and reads its fields, text, verdict and thumbnail', async () => {
    const path = join(files, 'rechnung-mueller.pdf');
    writeFileSync(path, invoicePdf());
    const uploaded = parse(await client.callTool({ name: 'upload_document', arguments: { path } }));
    assert.equal(uploaded.replayed, false);
    assert.equal(uploaded.document.origin, 'mcp');
    const id = uploaded.document.id;
    const again = parse(await client.callTool({ name: 'upload_document', arguments: { path } }));
    assert.equal(again.replayed, true, 'the same content is one upload');
    assert.equal(again.document.id, id);

    let doc: any;
    for (let i = 0; i < 300; i++) {
      doc = parse(await client.callTool({ name: 'get_document', arguments: { document_id: id } }));
      if (doc.status !== 'pending') break;
      await new Promise((r) => setTimeout(r, 200));
    }
    assert.equal(doc.status, 'completed', JSON.stringify(doc));
    assert.equal(doc.fields.document_number, 'R-2024-0042');
    assert.match(String(doc.fields.sender_name), /Müller/);
    assert.equal(doc.einvoice.is_e_invoice, false);
    const run = readDb(dataDir, (db) => db.prepare('SELECT source FROM extraction_runs WHERE document_id = ?').get(id) as { source: string });
    assert.equal(run.source, 'mcp');

    const text = parse(await client.callTool({ name: 'get_document_text', arguments: { document_id: id } }));
    assert.match(text.text, /R-2024-0042/);
    const verdict = parse(await client.callTool({ name: 'get_einvoice_verdict', arguments: { document_id: id } }));
    assert.equal(verdict.is_e_invoice, false);
    const found = parse(await client.callTool({ name: 'search_documents', arguments: { query: 'r-2024-0042 müller' } }));
    assert.deepEqual(found.documents.map((d: any) => d.id), [id]);
    const listed = parse(await client.callTool({ name: 'list_documents', arguments: {} }));
    assert.equal(listed.documents[0].id, id);

    const thumb = await client.readResource({ uri: `docdesk://documents/${id}/thumbnail` });
    const content = thumb.contents[0] as { mimeType?: string; blob?: string };
    assert.equal(content.mimeType, 'image/jpeg');
    assert.deepEqual([...Buffer.from(content.blob!, 'base64').subarray(0, 2)], [0xff, 0xd8]);
  });

  it('answers with the API error for a missing file, an unknown document and a missing ability', async () => {
    const missing = await client.callTool({ name: 'upload_document', arguments: { path: join(files, 'nope.pdf') } });
    assert.equal(missing.isError, true);
    assert.equal(parse(missing).code, 'validation_failed');
    const unknown = await client.callTool({ name: 'get_document', arguments: { document_id: 999999 } });
    assert.equal(unknown.isError, true);
    assert.equal(parse(unknown).status, 404);

    const reader = cli(dataDir, ['token', 'create', '--account', String(full.accountId), '--mode', 'live', '--abilities', 'documents:read']);
    const readOnly = await connect(dataDir, reader.token);
    try {
      const path = join(files, 'other.pdf');
      writeFileSync(path, invoicePdf({ ...(await import('../../helpers/invoice-fixtures.js')).GERMAN_INVOICE, number: 'R-2024-0099' }));
      const refused = await readOnly.callTool({ name: 'upload_document', arguments: { path } });
      assert.equal(refused.isError, true);
      const body = parse(refused);
      assert.equal(body.status, 403);
      assert.equal(body.code, 'missing_ability');
      assert.ok(body.request_id, 'the API envelope');
      const list = parse(await readOnly.callTool({ name: 'list_documents', arguments: {} }));
      assert.ok(list.documents.length >= 1, 'reading is allowed');
      // The review tool is offered exactly when this build has the review API (spec 4.14).
      const reviewApi = allRoutes.some((r) => r.method === 'POST' && r.url === '/api/v1/documents/:document/extractions/reviews');
      const { tools } = await readOnly.listTools();
      assert.equal(tools.some((t) => t.name === 'review_extraction'), reviewApi);
      if (reviewApi) {
        const review = await readOnly.callTool({ name: 'review_extraction', arguments: { document_id: list.documents[0].id, action: 'reject', reason: 'wrong document', etag: '"x"' } });
        assert.equal(review.isError, true);
        assert.equal(parse(review).status, 403);
        assert.equal(parse(review).code, 'missing_ability');
      }
    } finally {
      await readOnly.close();
    }
  });

  it('writes nothing but JSON-RPC messages on stdout, and refuses to start without a token', async () => {
    const proc = spawn(process.execPath, [BIN, 'mcp', '--data-dir', dataDir], { env: { ...process.env, DOCDESK_TOKEN: full.token }, stdio: ['pipe', 'pipe', 'pipe'] });
    const lines: string[] = [];
    createInterface({ input: proc.stdout! }).on('line', (l) => lines.push(l));
    proc.stdin!.write(`${JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '0' } } })}\n`);
    proc.stdin!.write(`${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n`);
    proc.stdin!.write(`${JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' })}\n`);
    for (let i = 0; i < 200 && lines.length < 2; i++) await new Promise((r) => setTimeout(r, 50));
    proc.stdin!.end();
    await new Promise((r) => proc.once('exit', r));
    assert.equal(lines.length, 2, lines.join('\n'));
    for (const l of lines) assert.equal(JSON.parse(l).jsonrpc, '2.0');

    const res = await new Promise<{ code: number | null; stdout: string }>((resolve) => {
      const p = spawn(process.execPath, [BIN, 'mcp', '--data-dir', dataDir], { env: { ...process.env, DOCDESK_TOKEN: '' }, stdio: ['ignore', 'pipe', 'pipe'] });
      let stdout = '';
      p.stdout!.on('data', (d) => (stdout += d));
      p.once('exit', (code) => resolve({ code, stdout }));
    });
    assert.equal(res.code, 2);
  });
});
