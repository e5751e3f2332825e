// The upload scanner end to end (issue 15 item 6): rejected uploads end in `error` with the
// scanner fields, nothing read, credits returned; the per-account PDF JavaScript allowance.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { buildPdf } from '../helpers/fixtures.js';
import { clamscanSkip, TEST_SIGNATURE_TEXT, writeTestSignatures } from '../helpers/clamav.js';
import { hostilePdf } from '../helpers/hostile-fixtures.js';
import { cli, createAccountWithToken, serverForSuite, tempDataDir, upload, waitTerminal } from '../helpers/server.js';

const balance = (dataDir: string, accountId: number) => cli(dataDir, ['credits', 'show', '--account', String(accountId)]).balance as number;

describe('upload scanner', { skip: clamscanSkip() }, () => {
  const signatures = writeTestSignatures(tempDataDir('docdesk-sigs-'));
  const suite = serverForSuite({ env: { DOCDESK_CLAMAV_DATABASE: signatures } });

  const analyse = async (token: string, name: string, data: Buffer) => {
    const res = await upload(suite.server.url, { token, file: { name, data }, fields: { processing_mode: 'analysis' } });
    assert.equal(res.status, 201, await res.clone().text());
    return waitTerminal(suite.server.url, token, ((await res.json()) as any).data.id, 90_000);
  };

  it('rejects a PDF whose OpenAction launches cmd.exe: error, scanner fields, nothing read, credits returned', async () => {
    const { accountId, token } = createAccountWithToken(suite.dataDir, { credits: 10 });
    const doc = await analyse(token, 'rechnung.pdf', hostilePdf('/OpenAction 6 0 R', ['<< /Type /Action /S /Launch /Win << /F (cmd.exe) /P (/c calc) >> >>']));
    assert.equal(doc.status, 'error');
    assert.equal(doc.scanner_status, 'rejected');
    assert.match(doc.scanner_provider, /^ClamAV \d+\.\d+\.\d+ .*\+ docdesk-content-check$/);
    assert.match(doc.scanner_message, /Launch action .*cmd\.exe/);
    assert.equal(doc.processing_error, doc.scanner_message);
    assert.ok(doc.scanned_at);
    assert.equal(doc.thumbnail, null, 'nothing was read or rendered');
    assert.equal(doc.number_of_pages, null);
    assert.equal(doc.latest_extraction_run.error_code, 'upload_rejected_by_scanner');
    assert.equal(doc.latest_extraction_run.credits_charged, 0);
    assert.equal(balance(suite.dataDir, accountId), 10);
  });

  it('rejects what ClamAV finds, with the signature name in the message', async () => {
    const doc = await analyse(suite.server.appToken, 'marker.pdf', buildPdf({ text: TEST_SIGNATURE_TEXT }));
    assert.equal(doc.status, 'error');
    assert.equal(doc.scanner_status, 'rejected');
    assert.match(doc.scanner_message, /ClamAV found malware .*Docdesk\.Test\.Marker/);
  });

  it('rejects PDF JavaScript by default and accepts it once the account allows it (docdesk account set)', async () => {
    const { accountId, token } = createAccountWithToken(suite.dataDir, { credits: 10 });
    const pdf = hostilePdf('/Names << /JavaScript 6 0 R >>', ['<< /Names [(calc) 7 0 R] >>', '<< /S /JavaScript /JS (this.getField\\("sum"\\)) >>']);
    const refused = await analyse(token, 'form.pdf', pdf);
    assert.equal(refused.scanner_status, 'rejected');
    assert.match(refused.scanner_message, /JavaScript/);
    assert.equal(cli(suite.dataDir, ['account', 'set', String(accountId), '--allow-pdf-javascript', 'on']).allow_pdf_javascript, true);
    const accepted = await analyse(token, 'form.pdf', pdf);
    assert.equal(accepted.status, 'completed', accepted.processing_error);
    assert.equal(accepted.scanner_status, 'clean');
    assert.match(accepted.scanner_message, /ClamAV found nothing; no active content found/);
  });
});
