// Docdesk's active-content rules and the ClamAV provider on real files (issue 15 item 6).
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { strToU8, unzipSync, zipSync } from 'fflate';
import type { FileFormat } from '../../../engine/formats/detect.js';
import { checkActiveContent } from '../../../engine/scanner/rules.js';
import { clamavScan } from '../../../engine/scanner/clamav.js';
import { scanUpload } from '../../../engine/scanner/index.js';
import { buildDocx, buildMsg, buildPdf, buildRichEml } from '../../helpers/fixtures.js';
import { fakeWindowsProgram, hostilePdf, markZipEncrypted, pdfStream } from '../../helpers/hostile-fixtures.js';
import { removeDir, tempDataDir } from '../../helpers/server.js';
import { clamscanSkip, TEST_SIGNATURE_TEXT, writeTestSignatures } from '../../helpers/clamav.js';

const docx = (extra: Record<string, Uint8Array>, contentTypes?: string) => {
  const files = unzipSync(buildDocx({ heading: 'Rechnung', paragraphs: ['Betrag 12,00 EUR'] }));
  if (contentTypes) files['[Content_Types].xml'] = strToU8(contentTypes);
  return Buffer.from(zipSync({ ...files, ...extra }));
};

describe('upload scanner rules', () => {
  let dir: string;
  before(() => (dir = tempDataDir()));
  after(() => removeDir(dir));
  let n = 0;
  const check = (data: Buffer | Uint8Array, format: FileFormat, allowPdfJavaScript = false) => {
    const path = join(dir, `f${++n}`);
    writeFileSync(path, data);
    return checkActiveContent(path, format, { allowPdfJavaScript });
  };

  it('passes ordinary documents', async () => {
    assert.equal(await check(buildPdf({ pages: 2, text: 'Rechnung' }), 'pdf'), null);
    assert.equal(await check(hostilePdf('/OpenAction [3 0 R /Fit]'), 'pdf'), null, 'an OpenAction that only opens a page');
    assert.equal(await check(docx({}), 'docx'), null);
    assert.equal(await check(buildRichEml({ text: 'Anbei', attachments: [{ filename: 'rechnung.pdf', data: buildPdf({ text: 'x' }) }] }), 'eml'), null);
    const zip = zipSync({ 'rechnung.txt': strToU8('Betrag 12,00 EUR') });
    assert.equal(await check(buildMsg({ attachPdf: true, attachments: [{ filename: 'belege.zip', data: zip }] }), 'msg'), null, 'an Outlook message with a harmless ZIP attachment');
    assert.equal((await check(buildMsg({ attachments: [{ filename: 'tool.exe', data: fakeWindowsProgram() }] }), 'msg'))?.rule, 'email.executable_attachment');
  });

  it('rejects a PDF whose OpenAction launches cmd.exe, naming the target', async () => {
    const f = await check(hostilePdf('/OpenAction 6 0 R', ['<< /Type /Action /S /Launch /Win << /F (cmd.exe) /P (/c calc) >> >>']), 'pdf');
    assert.equal(f?.rule, 'pdf.launch_action');
    assert.match(f!.message, /cmd\.exe/);
  });

  it('rejects PDF JavaScript (plain, with #-escaped names, inside a compressed object stream) unless the account allows it', async () => {
    const plain = hostilePdf('/Names << /JavaScript 6 0 R >>', ['<< /Names [(init) 7 0 R] >>', '<< /S /JavaScript /JS (app.alert(1)) >>']);
    assert.equal((await check(plain, 'pdf'))?.rule, 'pdf.javascript');
    assert.equal(await check(plain, 'pdf', true), null);
    const escaped = hostilePdf('/OpenAction 6 0 R', ['<< /S /J#61vaScript /J#53 (app.alert(1)) >>']);
    assert.equal((await check(escaped, 'pdf'))?.rule, 'pdf.javascript');
    const inner = '7 0 << /S /JavaScript /JS (app.alert(1)) >>';
    const objstm = pdfStream(`/Type /ObjStm /N 1 /First 4 /Filter /FlateDecode`, deflateSync(Buffer.from(inner)));
    assert.equal((await check(hostilePdf('/OpenAction 7 0 R', [objstm]), 'pdf'))?.rule, 'pdf.javascript');
  });

  it('rejects a PDF with an embedded program (by content, compressed or not) or an embedded .exe name', async () => {
    const ef = (data: Buffer, filter = '') => hostilePdf('/Names << /EmbeddedFiles << /Names [(tool.dat) 6 0 R] >> >>', ['<< /Type /Filespec /F (tool.dat) /EF << /F 7 0 R >> >>', pdfStream(`/Type /EmbeddedFile ${filter}`, data)]);
    assert.equal((await check(ef(fakeWindowsProgram()), 'pdf'))?.rule, 'pdf.embedded_executable');
    assert.equal((await check(ef(deflateSync(fakeWindowsProgram()), '/Filter /FlateDecode'), 'pdf'))?.rule, 'pdf.embedded_executable');
    const named = hostilePdf('/Names << /EmbeddedFiles << /Names [(run.bat) 6 0 R] >> >>', ['<< /Type /Filespec /F (run.bat) /EF << /F 7 0 R >> >>', pdfStream('/Type /EmbeddedFile', Buffer.from('echo hi'))]);
    assert.equal((await check(named, 'pdf'))?.rule, 'pdf.embedded_executable');
  });

  it('rejects Word documents with macros, macro-enabled content types, ActiveX or an embedded program', async () => {
    assert.equal((await check(docx({ 'word/vbaProject.bin': new Uint8Array([1, 2, 3]) }), 'docx'))?.rule, 'office.macro');
    const macroTypes = '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/word/document.xml" ContentType="application/vnd.ms-word.document.macroEnabled.main+xml"/></Types>';
    assert.equal((await check(docx({}, macroTypes), 'docx'))?.rule, 'office.macro');
    assert.equal((await check(docx({ 'word/activeX/activeX1.xml': strToU8('<ax/>') }), 'docx'))?.rule, 'office.activex');
    assert.equal((await check(docx({ 'word/embeddings/oleObject1.bin': fakeWindowsProgram() }), 'docx'))?.rule, 'archive.executable');
    assert.equal((await check(markZipEncrypted(docx({})), 'docx'))?.rule, 'archive.encrypted');
  });

  it('rejects e-mails carrying programs or scripts, directly, in archives, in password-protected archives, or hidden in attached PDFs', async () => {
    const mail = (filename: string, data: Uint8Array) => buildRichEml({ text: 'Anbei die Rechnung', attachments: [{ filename, data }] });
    assert.equal((await check(mail('invoice.pdf.exe', Buffer.from('hello')), 'eml'))?.rule, 'email.executable_attachment');
    assert.equal((await check(mail('rechnung.dat', fakeWindowsProgram()), 'eml'))?.rule, 'email.executable_attachment');
    assert.equal((await check(mail('rechnung.zip', zipSync({ 'rechnung.js': strToU8('WScript.Echo(1)') })), 'eml'))?.rule, 'archive.executable');
    assert.equal((await check(mail('rechnung.zip', zipSync({ 'rechnung.txt': fakeWindowsProgram() })), 'eml'))?.rule, 'archive.executable');
    assert.equal((await check(mail('rechnung.zip', markZipEncrypted(zipSync({ 'rechnung.pdf': strToU8('x') }))), 'eml'))?.rule, 'archive.encrypted');
    assert.equal((await check(mail('rechnung.pdf', hostilePdf('/OpenAction 6 0 R', ['<< /S /Launch /F (evil.exe) >>'])), 'eml'))?.rule, 'pdf.launch_action');
  });

  it('rejects polyglots: a PDF with an appended ZIP, a program or web markup before %PDF, an image that is also a ZIP', async () => {
    const zip = Buffer.from(zipSync({ 'payload.txt': strToU8('x') }));
    assert.equal((await check(Buffer.concat([buildPdf({ text: 'x' }), zip]), 'pdf'))?.rule, 'polyglot');
    assert.equal((await check(Buffer.concat([fakeWindowsProgram(), buildPdf({ text: 'x' })]), 'pdf'))?.rule, 'polyglot');
    assert.equal((await check(Buffer.concat([Buffer.from('<html><script>alert(1)</script>'), buildPdf({ text: 'x' })]), 'pdf'))?.rule, 'polyglot');
    const png = Buffer.from('89504e470d0a1a0a', 'hex');
    assert.equal((await check(Buffer.concat([png, Buffer.alloc(64), zip]), 'png'))?.rule, 'polyglot');
  });

  it('uses ClamAV with a configurable signature file and names engine and signatures', { skip: clamscanSkip() }, async () => {
    const db = writeTestSignatures(dir);
    const cfg = { enabled: true, socket: null, clamscan: 'clamscan', database: db };
    const infected = join(dir, 'infected.pdf');
    writeFileSync(infected, buildPdf({ text: TEST_SIGNATURE_TEXT }));
    const hit = await clamavScan(infected, cfg);
    assert.ok(hit.available);
    assert.match(hit.signature ?? '', /Docdesk\.Test\.Marker/);
    assert.match(hit.provider, /^ClamAV \d+\.\d+\.\d+ \(signatures docdesk-test\.ndb sha256:[0-9a-f]{12}\)$/);
    const clean = join(dir, 'clean.pdf');
    writeFileSync(clean, buildPdf({ text: 'Rechnung' }));
    assert.equal(((await clamavScan(clean, cfg)) as { signature: string | null }).signature, null);
    const missing = await clamavScan(clean, { ...cfg, clamscan: join(dir, 'no-such-clamscan') });
    assert.equal(missing.available, false);
  });

  it('reports the provider and a reason in the scan outcome', async () => {
    const path = join(dir, 'launch.pdf');
    writeFileSync(path, hostilePdf('/OpenAction 6 0 R', ['<< /S /Launch /F (cmd.exe) >>']));
    const out = await scanUpload(path, { allowPdfJavaScript: false });
    assert.equal(out.status, 'rejected');
    assert.equal(out.format, 'pdf');
    assert.equal(out.rule, 'pdf.launch_action');
    assert.match(out.provider, /docdesk-content-check/);
  });
});
