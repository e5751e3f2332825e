// E-mail reading: headers, body text, every attachment classified under the spec's limits,
// and the quality.email record.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { EmailReadError } from '../../../engine/formats/errors.js';
import { htmlToText, readEmail, type EmailAttachment, type EmailQuality } from '../../../engine/formats/email.js';
import * as fx from '../../helpers/fixtures.js';
import { tempDirForTests } from '../../helpers/temp-dir.js';

const dir = tempDirForTests('docdesk-email-');

const MiB = 1024 * 1024;
const png = (width: number, height: number, background = '#3366cc') => sharp({ create: { width, height, channels: 3, background } }).png().toBuffer();
const jpeg = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: '#f0f0f0' } }).jpeg().toBuffer();
const gif1x1 = () => sharp({ create: { width: 1, height: 1, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } }).gif().toBuffer();
/** A real PDF grown to `bytes` with trailing padding (readers ignore bytes after %%EOF). */
const pdfOfSize = (bytes: number, text: string) => {
  const pdf = fx.buildPdf({ pages: 1, text });
  return Buffer.concat([pdf, Buffer.alloc(Math.max(0, bytes - pdf.length), 0x20)]);
};

const summary = (atts: EmailAttachment[]) => atts.map((a) => [a.index, a.filename, a.status, a.reason, a.format, a.ref]);

describe('EML with documents, decoration and an archive', () => {
  it('classifies every attachment and records quality.email', async () => {
    const pdf = fx.buildPdf({ pages: 1, text: 'Rechnung 4711' });
    const photo = await jpeg(1200, 1600);
    const path = await fx.makeRichEml(dir, {
      text: 'Guten Tag,\nanbei Rechnung und Beleg.\nGruß',
      html: '<p>Guten Tag,</p><p>anbei Rechnung und Beleg.</p><img src="cid:logo-1@mail"><img src="cid:scan-2@mail"><p>Gruß</p>',
      attachments: [
        { filename: 'logo.png', data: await png(600, 200), contentType: 'image/png', cid: 'logo-1@mail' },
        { filename: 'scan-inline.jpg', data: await jpeg(1000, 1400), contentType: 'image/jpeg', cid: 'scan-2@mail' },
        { filename: 'rechnung.pdf', data: pdf }, // declared octet-stream: the content decides
        { filename: 'beleg.jpg', data: photo, contentType: 'image/jpeg' },
        { filename: 'archiv.zip', data: await readFile(await fx.makeZip(dir)), contentType: 'application/zip' },
        { filename: 'pixel.gif', data: await gif1x1(), contentType: 'image/gif' },
      ],
      name: 'mixed.eml',
    });
    const mail = await readEmail(path, 'eml');
    assert.deepEqual(summary(mail.attachments), [
      [1, 'logo.png', 'ignored_decoration', 'inline_body_image', 'png', null],
      [2, 'scan-inline.jpg', 'component', null, 'jpg', 'att-1'], // photo-sized: a document shown inline
      [3, 'rechnung.pdf', 'component', null, 'pdf', 'att-2'],
      [4, 'beleg.jpg', 'component', null, 'jpg', 'att-3'],
      [5, 'archiv.zip', 'unsupported', 'unsupported_format', null, null],
      [6, 'pixel.gif', 'ignored_decoration', 'tiny_image', 'gif', null],
    ]);
    assert.match(mail.attachments[4]!.detail ?? '', /ZIP archive/);
    assert.ok(mail.attachments[2]!.data!.equals(pdf), 'component bytes are the attachment');
    assert.ok(mail.attachments[3]!.data!.equals(photo));
    assert.equal(mail.attachments[0]!.data, undefined, 'no bytes for non-components');
    assert.equal(mail.attachments[4]!.data, undefined);
    const expected: EmailQuality = {
      container_format: 'eml',
      container_bytes: mail.quality.container_bytes,
      bounded: false,
      attachments_total: 6,
      attachments_considered: 4,
      components: [
        { ref: 'att-1', filename: 'scan-inline.jpg', format: 'jpg' },
        { ref: 'att-2', filename: 'rechnung.pdf', format: 'pdf' },
        { ref: 'att-3', filename: 'beleg.jpg', format: 'jpg' },
      ],
      ignored_decoration: ['logo.png', 'pixel.gif'],
      unsupported_attachments: [{ filename: 'archiv.zip', reason: 'unsupported_format' }],
      failed_attachments: [],
      over_limit_attachments: [],
      body_source: 'text',
      body_truncated: false,
      several_document_candidates: true,
    };
    assert.deepEqual(mail.quality, expected);
    assert.ok(mail.quality.container_bytes > pdf.length);
    assert.deepEqual(Object.keys(mail.quality).sort(), Object.keys(expected).sort(), 'exactly the documented keys');
    assert.equal(mail.body_text, 'Guten Tag,\nanbei Rechnung und Beleg.\nGruß');
    assert.deepEqual(mail.headers, {
      from: 'Buchhaltung <buchhaltung@mueller-soehne.example>',
      to: 'Eingangsrechnungen <rechnungen@kunde.example>',
      cc: 'Einkauf <einkauf@kunde.example>',
      date: '2024-03-05T09:14:58.000Z',
      date_raw: 'Tue, 05 Mar 2024 10:14:58 +0100',
      subject: 'Rechnungen März 2024',
    });
  });

  it('a ninth attachment is over the limit; decoration does not count', async () => {
    const attachments: fx.MailAttachment[] = [{ filename: 'logo.png', data: await png(400, 120), contentType: 'image/png', cid: 'logo@x' }];
    for (let i = 1; i <= 9; i++) attachments.push({ filename: `rechnung-${i}.pdf`, data: fx.buildPdf({ pages: 1, text: `Rechnung ${i}` }), contentType: 'application/pdf' });
    const mail = await readEmail(await fx.makeRichEml(dir, { html: '<p>Neun Rechnungen</p><img src="cid:logo@x">', attachments, name: 'nine.eml' }), 'eml');
    assert.equal(mail.attachments[0]!.status, 'ignored_decoration');
    const pdfs = mail.attachments.slice(1);
    assert.deepEqual(pdfs.slice(0, 8).map((a) => [a.status, a.ref]), Array.from({ length: 8 }, (_, i) => ['component', `att-${i + 1}`]));
    assert.deepEqual([pdfs[8]!.status, pdfs[8]!.reason, pdfs[8]!.data], ['over_limit', 'more_than_8_attachments', undefined]);
    assert.equal(mail.quality.attachments_total, 10);
    assert.equal(mail.quality.attachments_considered, 8);
    assert.equal(mail.quality.components.length, 8);
    assert.deepEqual(mail.quality.over_limit_attachments, [{ filename: 'rechnung-9.pdf', reason: 'more_than_8_attachments' }]);
    assert.equal(mail.quality.bounded, true);
    assert.equal(mail.quality.body_source, 'html');
  });

  it('an attachment over 20 MiB is too large; the others still count', async () => {
    const path = await fx.makeRichEml(dir, {
      text: 'Zwei Anhänge',
      attachments: [
        { filename: 'riesig.pdf', data: pdfOfSize(21 * MiB, 'Riesig'), contentType: 'application/pdf' },
        { filename: 'klein.pdf', data: fx.buildPdf({ pages: 1, text: 'Klein' }), contentType: 'application/pdf' },
      ],
      name: 'too-large.eml',
    });
    const mail = await readEmail(path, 'eml');
    assert.deepEqual(summary(mail.attachments), [
      [1, 'riesig.pdf', 'too_large', 'attachment_over_20_mib', null, null],
      [2, 'klein.pdf', 'component', null, 'pdf', 'att-1'],
    ]);
    assert.deepEqual(mail.quality.over_limit_attachments, [{ filename: 'riesig.pdf', reason: 'attachment_over_20_mib' }]);
    assert.equal(mail.quality.bounded, true);
    assert.equal(mail.quality.several_document_candidates, false);
  });

  it('refuses a container over 64 MiB with EmailReadError', async () => {
    await assert.rejects(readEmail(await fx.makeOversizedEml(dir), 'eml'), (err: unknown) => {
      assert.ok(err instanceof EmailReadError);
      assert.equal(err.message, 'The e-mail is larger than the 64 MiB limit.');
      return true;
    });
  });

  it('an invalid XML attachment failed, an e-invoice XML is a component, a forwarded mail is unsupported', async () => {
    const path = await fx.makeRichEml(dir, {
      text: 'XRechnung anbei',
      attachments: [
        { filename: 'xrechnung.xml', data: Buffer.from(fx.buildXml('ubl')), contentType: 'application/xml' },
        { filename: 'kaputt.xml', data: Buffer.from('<?xml version="1.0"?>\n<!DOCTYPE x [<!ENTITY a "b">]>\n<x>&a;</x>'), contentType: 'application/xml' },
        { filename: 'weitergeleitet.eml', data: fx.buildEml({ subject: 'Innen' }), contentType: 'message/rfc822' },
      ],
      name: 'xml.eml',
    });
    const mail = await readEmail(path, 'eml');
    assert.deepEqual(summary(mail.attachments), [
      [1, 'xrechnung.xml', 'component', null, 'xml', 'att-1'],
      [2, 'kaputt.xml', 'failed', 'unsafe_or_malformed_xml', 'xml', null],
      [3, 'weitergeleitet.eml', 'unsupported', 'embedded_message', null, null],
    ]);
    assert.match(mail.attachments[1]!.detail ?? '', /DTD/);
    assert.deepEqual(mail.quality.failed_attachments, [{ filename: 'kaputt.xml', reason: 'unsafe_or_malformed_xml' }]);
    assert.deepEqual(mail.quality.unsupported_attachments, [{ filename: 'weitergeleitet.eml', reason: 'embedded_message' }]);
  });
});

describe('HTML-only bodies', () => {
  it('become plain text: tags stripped, line breaks for <br>, <p> and <tr>, entities decoded', async () => {
    const html =
      '<html><head><style>p { color: red }</style><title>Mail</title></head><body>' +
      '<p>Sehr geehrte\n   Damen und Herren,</p><p>anbei die Rechnung&nbsp;Nr.&nbsp;42 &amp; der Lieferschein.<br>Betrag: 1.234,56&nbsp;&euro;</p>' +
      '<table><tr><td>Position</td> <td>Betrag</td></tr><tr><td>Beratung</td><td>1.234,56 &#8364;</td></tr></table>' +
      '<!-- versteckt --><script>alert(1)</script><ul><li>erstens</li><li>zweitens</li></ul>' +
      '<p>Mit freundlichen Gr&uuml;&szlig;en<br/>M&uuml;ller &amp; S&ouml;hne &lt;GmbH&gt; &constructor; &#x41;</p></body></html>';
    const mail = await readEmail(await fx.makeRichEml(dir, { html, name: 'html-only.eml' }), 'eml');
    assert.equal(mail.quality.body_source, 'html');
    assert.equal(
      mail.body_text,
      [
        'Sehr geehrte Damen und Herren,',
        '',
        'anbei die Rechnung Nr. 42 & der Lieferschein.',
        'Betrag: 1.234,56 €',
        '',
        'Position\tBetrag',
        'Beratung\t1.234,56 €',
        '• erstens',
        '• zweitens',
        '',
        'Mit freundlichen Grüßen',
        'Müller & Söhne <GmbH> &constructor; A',
      ].join('\n'),
    );
  });
  it('htmlToText decodes the Latin-1 entity set', () => {
    assert.equal(htmlToText('&Auml;&ouml;&szlig;&yuml;&iquest;&times;'), 'Äößÿ¿×');
  });
});

describe('Outlook .msg', () => {
  it('reads headers, body and the PDF attachment', async () => {
    const mail = await readEmail(await fx.makeMsg(dir, { attachPdf: true }), 'msg');
    assert.equal(mail.headers.subject, 'Rechnung RE-2024-0043 (Outlook)');
    assert.equal(mail.headers.from, 'Schäfer Büroservice <rechnung@schaefer-bueroservice.example>');
    assert.equal(mail.headers.to, 'Eingangsrechnungen <rechnungen@kunde.example>');
    assert.equal(mail.headers.cc, null);
    assert.equal(mail.headers.date, '2024-03-05T09:30:00.000Z');
    assert.match(mail.body_text, /im Anhang finden Sie die Rechnung\.\n\nViele Grüße/);
    assert.deepEqual(summary(mail.attachments), [[1, 'rechnung.pdf', 'component', null, 'pdf', 'att-1']]);
    assert.ok(mail.attachments[0]!.data!.equals(fx.buildPdf({ pages: 1, text: 'Outlook-Anhang' })));
    assert.equal(mail.quality.container_format, 'msg');
    assert.equal(mail.quality.body_source, 'text');
  });
  it('HTML-only body, hidden cid logo as decoration, an embedded message as unsupported', async () => {
    const path = await fx.makeMsg(dir, {
      body: '',
      html: '<html><body><p>Bitte beachten Sie die Anlage.</p><p><img src="cid:image001.png@01DA"></p></body></html>',
      attachPdf: true,
      attachments: [{ filename: 'image001.png', data: await png(600, 200), mime: 'image/png', cid: 'image001.png@01DA', hidden: true }],
      embeddedMessage: { subject: 'Ursprüngliche Nachricht', body: 'Innen' },
      name: 'outlook-html.msg',
    });
    const mail = await readEmail(path, 'msg');
    assert.equal(mail.body_text, 'Bitte beachten Sie die Anlage.');
    assert.equal(mail.quality.body_source, 'html');
    assert.deepEqual(summary(mail.attachments).map(([, , status, reason]) => [status, reason]), [
      ['component', null],
      ['ignored_decoration', 'inline_body_image'],
      ['unsupported', 'embedded_message'],
    ]);
    assert.deepEqual(mail.quality.ignored_decoration, ['image001.png']);
    assert.equal(mail.quality.unsupported_attachments.length, 1);
    assert.equal(mail.quality.attachments_considered, 2);
  });
  it('attachments beyond 32 MiB combined are over the limit', async () => {
    const path = await fx.makeMsg(dir, {
      attachments: [
        { filename: 'a.pdf', data: pdfOfSize(15 * MiB, 'A'), mime: 'application/pdf' },
        { filename: 'b.pdf', data: pdfOfSize(15 * MiB, 'B'), mime: 'application/pdf' },
        { filename: 'c.pdf', data: pdfOfSize(5 * MiB, 'C'), mime: 'application/pdf' },
        { filename: 'd.pdf', data: pdfOfSize(1 * MiB, 'D'), mime: 'application/pdf' },
      ],
      name: 'combined.msg',
    });
    const mail = await readEmail(path, 'msg');
    assert.deepEqual(summary(mail.attachments).map(([, name, status, reason]) => [name, status, reason]), [
      ['a.pdf', 'component', null],
      ['b.pdf', 'component', null],
      ['c.pdf', 'over_limit', 'combined_size_over_32_mib'],
      ['d.pdf', 'component', null], // 31 MiB in total: still within the limit
    ]);
    assert.equal(mail.quality.bounded, true);
  });
  it('a damaged .msg is refused with a sentence', async () => {
    const raw = fx.buildMsg();
    const path = join(dir, 'damaged.msg');
    await writeFile(path, Buffer.concat([raw.subarray(0, 512), fx.deterministicBytes(4096, 5)]));
    await assert.rejects(readEmail(path, 'msg'), (err: unknown) => err instanceof EmailReadError && /damaged/.test(err.message));
  });
});
