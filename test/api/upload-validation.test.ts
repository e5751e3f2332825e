// Upload field rules of spec 4.3 and section 8: every rule is a 422 `validation_failed`
// whose `errors` names the field, and none of them creates a document or consumes the key.
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { after, before, describe, it } from 'node:test';
import {
  account,
  assertError,
  assertValidation,
  call,
  docxBytes,
  emlBytes,
  jpegBytes,
  mp4Bytes,
  newKey,
  pdfBytes,
  pngBytes,
  startApi,
  tiffBytes,
  toReply,
  upload,
  xmlBytes,
  type ApiServer,
  type Reply,
} from './support.js';

let server: ApiServer;
/** Receives only uploads that must be refused: its document list must stay empty. */
let refused: ReturnType<typeof account>;
/** Receives the uploads that must be accepted. */
let accepted: ReturnType<typeof account>;

before(async () => {
  server = await startApi();
  refused = account(server.dataDir, { credits: 1000, name: 'refused uploads' });
  accepted = account(server.dataDir, { credits: 1000, name: 'accepted uploads' });
});
after(async () => {
  await server?.close();
});

type File = { name: string; data: Buffer; type?: string };
const pdf = (): File => ({ name: 'doc.pdf', data: pdfBytes(), type: 'application/pdf' });

async function send(token: string, file: File | null, fields: Record<string, string | string[]> = {}, key?: string | null): Promise<Reply> {
  return toReply(await upload(server.url, { token, file, fields, ...(key !== undefined ? { key } : {}) }));
}

async function refuse(file: File | null, fields: Record<string, string | string[]>, field: string | RegExp, key?: string | null) {
  return assertValidation(await send(refused.token, file, fields, key), field);
}

async function accept(file: File, fields: Record<string, string | string[]> = {}, key?: string) {
  const r = await send(accepted.token, file, fields, key);
  assert.equal(r.status, 201, `expected 201, got ${r.status}: ${JSON.stringify(r.body)}`);
  return r.body.data;
}

describe('file', () => {
  it('a missing file is refused (errors.file)', async () => {
    await refuse(null, { processing_mode: 'thumbnail' }, 'file');
  });

  it('two files are refused (errors.file)', async () => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(pdfBytes(1, 'one'))]), 'one.pdf');
    form.append('file', new Blob([new Uint8Array(pdfBytes(1, 'two'))]), 'two.pdf');
    const res = await fetch(`${server.url}/api/v1/documents`, { method: 'POST', body: form, headers: { Authorization: `Bearer ${refused.token}`, 'Idempotency-Key': newKey() } });
    assertValidation(await toReply(res), 'file');
  });

  it('an empty file is refused (errors.file)', async () => {
    await refuse({ name: 'empty.pdf', data: Buffer.alloc(0) }, {}, 'file');
  });

  it('a file under another field name does not count as the file', async () => {
    const form = new FormData();
    form.append('document', new Blob([new Uint8Array(pdfBytes())]), 'a.pdf');
    const res = await fetch(`${server.url}/api/v1/documents`, { method: 'POST', body: form, headers: { Authorization: `Bearer ${refused.token}`, 'Idempotency-Key': newKey() } });
    assertValidation(await toReply(res), 'file');
  });

  it('a body that is not multipart is refused with the envelope', async () => {
    const r = await call(server.url, '/api/v1/documents', {
      method: 'POST',
      token: refused.token,
      headers: { 'Content-Type': 'application/json', 'Idempotency-Key': newKey() },
      body: JSON.stringify({ file: 'not a file' }),
    });
    assertValidation(r, 'file');
  });

  it('a malformed multipart body is a 422 on the file, not a server error', async () => {
    const raw = (contentType: string, body: string) =>
      call(server.url, '/api/v1/documents', { method: 'POST', token: refused.token, headers: { 'Content-Type': contentType, 'Idempotency-Key': newKey('malformed') }, body });
    // No boundary in the Content-Type.
    assertValidation(await raw('multipart/form-data', 'whatever'), 'file');
    // The file part ends without its closing boundary.
    assertValidation(await raw('multipart/form-data; boundary=XX', '--XX\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF-1.4 cut'), 'file');
    // Not multipart at all behind the boundary.
    assertValidation(await raw('multipart/form-data; boundary=XX', 'garbage'), 'file');
  });

  it('a file over 500 MB (500,000,001 bytes, streamed) is refused (errors.file)', { timeout: 300_000 }, async () => {
    const size = 500_000_001;
    const boundary = `----docdesk${Date.now()}`;
    const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="huge.pdf"\r\nContent-Type: application/pdf\r\n\r\n`);
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    const chunk = Buffer.alloc(4 * 1024 * 1024, 0x20);
    chunk.write('%PDF-1.4\n', 0, 'latin1');
    const reply = await new Promise<Reply>((resolve, reject) => {
      const req = request(`${server.url}/api/v1/documents`, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${refused.token}`,
          'Idempotency-Key': newKey('huge'),
          'Content-Type': `multipart/form-data; boundary=${boundary}`,
          'Content-Length': String(head.length + size + tail.length),
        },
      });
      req.on('response', (res) => {
        const parts: Buffer[] = [];
        res.on('data', (d: Buffer) => parts.push(d));
        res.on('end', () => {
          const bytes = Buffer.concat(parts);
          const headers = new Headers();
          for (const [k, v] of Object.entries(res.headers)) if (typeof v === 'string') headers.set(k, v);
          resolve({ status: res.statusCode!, headers, body: JSON.parse(bytes.toString('utf8')), bytes });
        });
      });
      req.on('error', reject);
      (async () => {
        req.write(head);
        let sent = 0;
        while (sent < size) {
          const n = Math.min(chunk.length, size - sent);
          const ok = req.write(n === chunk.length ? chunk : chunk.subarray(0, n));
          sent += n;
          if (!ok) await new Promise((r) => req.once('drain', r));
        }
        req.end(tail);
      })().catch(reject);
    });
    const body = assertValidation(reply, 'file');
    assert.match(body.errors.file.join(' '), /500/);
  });
});

describe('enumerated fields', () => {
  it('an unknown processing_mode is refused', async () => {
    await refuse(pdf(), { processing_mode: 'ocr' }, 'processing_mode');
  });

  it('an unknown processing_lane is refused', async () => {
    await refuse(pdf(), { processing_lane: 'express' }, 'processing_lane');
  });

  it('an unknown extraction_profile is refused', async () => {
    await refuse(pdf(), { extraction_profile: 'de.energy.water-invoice' }, 'extraction_profile');
  });

  it('the batch lane is refused for an account that is not eligible (errors.processing_lane)', async () => {
    await refuse(pdf(), { processing_lane: 'batch' }, 'processing_lane');
  });

  it('the batch lane is accepted for an eligible account', async () => {
    const eligible = account(server.dataDir, { credits: 10, extra: ['--batch-lane'], name: 'batch eligible' });
    const r = await send(eligible.token, pdf(), { processing_lane: 'batch' });
    assert.equal(r.status, 201, JSON.stringify(r.body));
    assert.equal(r.body.data.processing_lane, 'batch');
    assert.equal(r.body.data.latest_extraction_run.processing_lane, 'batch');
  });

  it('a bad allow_ai_processing value is refused; true/false/1/0 in any case are accepted', async () => {
    await refuse(pdf(), { allow_ai_processing: 'maybe' }, 'allow_ai_processing');
    await refuse(pdf(), { allow_ai_processing: 'yes' }, 'allow_ai_processing');
    await refuse(pdf(), { allow_ai_processing: '2' }, 'allow_ai_processing');
    for (const [value, ai] of [['TRUE', true], ['False', false], ['1', true], ['0', false], ['true', true], ['FALSE', false]] as const) {
      const doc = await accept({ name: 'a.pdf', data: pdfBytes(1, `ai ${value}`) }, { allow_ai_processing: value });
      assert.equal(doc.ai_processing, ai, `allow_ai_processing=${value}`);
    }
  });

  it('an unsupported locale is refused; en, de and de-DE are accepted', async () => {
    await refuse(pdf(), { locale: 'fr' }, 'locale');
    await refuse(pdf(), { locale: 'english' }, 'locale');
    for (const locale of ['en', 'de', 'de-DE']) {
      const doc = await accept({ name: 'a.pdf', data: pdfBytes(1, `locale ${locale}`) }, { locale });
      assert.equal(doc.locale, locale);
    }
  });
});

describe('text', () => {
  it('more than 262,144 UTF-8 bytes is refused even when it is fewer characters', async () => {
    const text = 'é'.repeat(131_073); // 131,073 characters, 262,146 bytes
    assert.equal(Buffer.byteLength(text), 262_146);
    await refuse(pdf(), { text }, 'text');
  });

  it('262,145 ASCII bytes are refused', async () => {
    await refuse(pdf(), { text: 'a'.repeat(262_145) }, 'text');
  });

  it('exactly 262,144 bytes of multi-byte text are accepted and stored unchanged', async () => {
    const text = 'é'.repeat(131_072);
    const doc = await accept(pdf(), { text });
    const got = await call(server.url, `/api/v1/documents/${doc.id}`, { token: accepted.token });
    assert.equal(got.body.data.additional_text, text);
  });

  it('text is refused in validation mode', async () => {
    await refuse(pdf(), { processing_mode: 'validation', text: 'context' }, 'text');
  });
});

describe('custom_types[], requester', () => {
  it('51 custom types are refused; 50 are accepted', async () => {
    const many = Array.from({ length: 51 }, (_, i) => `type-${i}`);
    await refuse(pdf(), { 'custom_types[]': many }, /^custom_types/);
    const doc = await accept(pdf(), { 'custom_types[]': many.slice(0, 50) });
    const got = await call(server.url, `/api/v1/documents/${doc.id}`, { token: accepted.token });
    assert.deepEqual(got.body.data.custom_types, many.slice(0, 50));
  });

  it('a custom type of 101 characters is refused; 100 are accepted', async () => {
    await refuse(pdf(), { 'custom_types[]': ['invoice', 'x'.repeat(101)] }, /^custom_types/);
    await accept(pdf(), { 'custom_types[]': ['invoice', 'ü'.repeat(100)] });
  });

  it('a requester of 256 characters is refused; 255 (multi-byte) are accepted', async () => {
    await refuse(pdf(), { requester: 'r'.repeat(256) }, 'requester');
    const requester = 'ß'.repeat(255);
    const doc = await accept(pdf(), { requester });
    const got = await call(server.url, `/api/v1/documents/${doc.id}`, { token: accepted.token });
    assert.equal(got.body.data.requester, requester);
  });
});

describe('pages', () => {
  it('more than 255 characters is refused', async () => {
    const pages = Array.from({ length: 100 }, (_, i) => String(i + 1)).join(','); // 291 characters
    assert.ok(pages.length > 255);
    await refuse(pdf(), { processing_mode: 'analysis', pages }, 'pages');
  });

  it('is refused outside analysis mode', async () => {
    for (const mode of ['extraction', 'validation', 'thumbnail']) {
      await refuse(pdf(), { processing_mode: mode, pages: '1' }, 'pages');
    }
    await refuse(pdf(), { pages: '1' }, 'pages'); // default mode is extraction
  });

  it('is refused for TIFF, Word, e-mail and video uploads', async () => {
    const files: File[] = [
      { name: 'scan.tiff', data: await tiffBytes() },
      { name: 'letter.docx', data: docxBytes() },
      { name: 'mail.eml', data: emlBytes() },
      { name: 'clip.mp4', data: mp4Bytes() },
    ];
    for (const file of files) await refuse(file, { processing_mode: 'analysis', pages: '1' }, 'pages');
  });

  it('invalid page tokens are refused', async () => {
    for (const pages of ['0', '-1', 'abc', '1-3', '1,,2', '1.5', '2 3', 'first;last']) {
      await refuse(pdf(), { processing_mode: 'analysis', pages }, 'pages');
    }
  });

  it('first, last, all and page numbers are accepted in analysis mode and echoed', async () => {
    const doc = await accept({ name: 'multi.pdf', data: pdfBytes(3) }, { processing_mode: 'analysis', pages: 'first,last,all,2' });
    assert.equal(doc.pages, 'first,last,all,2');
    assert.equal(doc.processing_mode, 'analysis');
    const single = await accept({ name: 'photo.png', data: await pngBytes() }, { processing_mode: 'analysis', pages: '3' });
    assert.equal(single.pages, '3');
  });
});

describe('validation mode and the energy profile', () => {
  it('validation mode refuses a file that is neither PDF nor XML', async () => {
    await refuse({ name: 'photo.png', data: await pngBytes() }, { processing_mode: 'validation' }, 'file');
    await refuse({ name: 'photo.jpg', data: await jpegBytes() }, { processing_mode: 'validation' }, 'file');
  });

  it('validation mode accepts PDF and XML', async () => {
    const a = await accept(pdf(), { processing_mode: 'validation' });
    assert.equal(a.processing_mode, 'validation');
    const b = await accept({ name: 'invoice.xml', data: xmlBytes() }, { processing_mode: 'validation' });
    assert.equal(b.file_format, 'xml');
  });

  it('validation mode refuses the energy profile', async () => {
    await refuse(pdf(), { processing_mode: 'validation', extraction_profile: 'de.energy.supply-invoice' }, 'extraction_profile');
  });

  it('the energy profile refuses a non-PDF file', async () => {
    await refuse({ name: 'photo.png', data: await pngBytes() }, { extraction_profile: 'de.energy.supply-invoice' }, 'extraction_profile');
  });

  it('the energy profile refuses non-extraction modes', async () => {
    for (const mode of ['analysis', 'thumbnail']) {
      await refuse(pdf(), { processing_mode: mode, extraction_profile: 'de.energy.supply-invoice' }, 'extraction_profile');
    }
  });

  it('the energy profile refuses allow_ai_processing=false', async () => {
    await refuse(pdf(), { extraction_profile: 'de.energy.supply-invoice', allow_ai_processing: 'false' }, 'allow_ai_processing');
  });

  it('the energy profile is accepted for a PDF in extraction mode with AI and charges 3 credits', async () => {
    const doc = await accept(pdf(), { extraction_profile: 'de.energy.supply-invoice' });
    assert.equal(doc.extraction_profile, 'de.energy.supply-invoice');
    assert.equal(doc.ai_processing, true);
    assert.equal(doc.latest_extraction_run.credit_cost, 3);
    assert.equal(doc.latest_extraction_run.credits_charged, 3);
  });
});

describe('Idempotency-Key header', () => {
  it('a missing key is refused (errors["Idempotency-Key"])', async () => {
    await refuse(pdf(), {}, 'Idempotency-Key', null);
  });

  it('a key of 256 characters is refused; 255 are accepted', async () => {
    await refuse(pdf(), {}, 'Idempotency-Key', 'k'.repeat(256));
    await accept(pdf(), {}, `${newKey('long')}-`.padEnd(255, 'k'));
  });
});

describe('refused uploads leave nothing behind', () => {
  it('none of the refused uploads created a document', async () => {
    const list = await call(server.url, '/api/v1/documents', { token: refused.token });
    assert.equal(list.status, 200);
    assert.equal(list.body.meta.total, 0, JSON.stringify(list.body.data.map((d: any) => [d.id, d.filename])));
  });

  it('a refused upload does not consume its key: the corrected retry is accepted', async () => {
    const key = newKey('retry-after-422');
    await refuse(pdf(), { processing_mode: 'bogus' }, 'processing_mode', key);
    const r = await send(refused.token, pdf(), {}, key);
    assert.equal(r.status, 201, JSON.stringify(r.body));
    assert.equal(r.headers.get('idempotent-replayed'), null);
  });

  it('422 bodies carry the envelope with request_id equal to the X-Request-ID sent', async () => {
    const res = await upload(server.url, { token: refused.token, file: pdf(), fields: { locale: 'xx' }, headers: { 'X-Request-ID': 'validation-trace-1' } });
    const body = assertError(await toReply(res), 422, 'validation_failed');
    assert.equal(body.request_id, 'validation-trace-1');
  });
});
