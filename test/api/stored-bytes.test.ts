// What each stored content type is served as (engine/api/stored-bytes.ts): nothing a
// browser would run on the desk's origin.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ARTEFACT_CSP, contentDisposition, GENERATED_HTML_CSP, servedType } from '../../engine/api/stored-bytes.js';

describe('servedType', () => {
  it('serves every XML flavour as text', () => {
    for (const t of ['application/xml; charset=utf-8', 'text/xml', 'image/svg+xml', 'application/xhtml+xml', 'application/xslt+xml', 'text/xsl']) {
      assert.deepEqual(servedType(t), { contentType: 'text/plain; charset=utf-8', csp: ARTEFACT_CSP, inline: true }, t);
    }
  });

  it('serves HTML inline only when Docdesk generated it, and then still sandboxed', () => {
    assert.deepEqual(servedType('text/html; charset=utf-8', { generatedHtml: true }), { contentType: 'text/html; charset=utf-8', csp: GENERATED_HTML_CSP, inline: true });
    assert.match(GENERATED_HTML_CSP, /(^|; )sandbox($|;)/);
    assert.match(GENERATED_HTML_CSP, /default-src 'none'/);
    assert.deepEqual(servedType('text/html'), { contentType: 'application/octet-stream', csp: ARTEFACT_CSP, inline: false });
  });

  it('keeps images, text, CSV and JSON inline and makes everything else a download', () => {
    assert.equal(servedType('image/jpeg').contentType, 'image/jpeg');
    assert.equal(servedType('image/png').contentType, 'image/png');
    assert.equal(servedType('text/csv').contentType, 'text/csv; charset=utf-8');
    assert.equal(servedType('application/json').contentType, 'application/json; charset=utf-8');
    for (const t of ['application/pdf', 'application/javascript', 'text/javascript', 'application/x-msdownload', 'multipart/related', '']) {
      assert.deepEqual(servedType(t), { contentType: 'application/octet-stream', csp: ARTEFACT_CSP, inline: false }, t);
    }
  });

  it('writes file names into Content-Disposition without breaking the header', () => {
    assert.equal(contentDisposition('attachment', 'Rechnung "März";.pdf'), `attachment; filename="Rechnung _M_rz__.pdf"; filename*=UTF-8''Rechnung%20%22M%C3%A4rz%22%3B.pdf`);
    assert.equal(contentDisposition('inline', "it's (1).pdf"), `inline; filename="it's (1).pdf"; filename*=UTF-8''it%27s%20%281%29.pdf`);
  });
});
