// Parsing untrusted XML without the classic traps: no DTD loading, no external entities,
// no entity expansion, no network, libxml2's default size limits. Documents that declare a
// DTD at all are refused before parsing: libxmljs2's text() expands declared internal
// entities even with `noent: false`, so refusing them is the only safe reading.
import libxml from 'libxmljs2';
import { decodeTextStart } from './text.js';

export type XmlDocument = libxml.Document;
export type XmlElement = libxml.Element;

export class XmlSafetyError extends Error {
  constructor(readonly kind: 'dtd' | 'malformed', message: string, readonly line: number | null = null) {
    super(message);
  }
}

const PARSE_OPTIONS = {
  dtdload: false,
  dtdvalid: false,
  dtdattr: false,
  noent: false,
  nonet: true,
  xinclude: false,
  huge: false,
  recover: false,
};

/** True when the prolog (before the root element) holds a DOCTYPE. ENTITY needs one. */
export function declaresDtd(data: Uint8Array): boolean {
  let s = decodeTextStart(data, 64 * 1024);
  for (;;) {
    s = s.replace(/^\s+/, '');
    if (s.startsWith('<?')) {
      const end = s.indexOf('?>');
      if (end < 0) return false;
      s = s.slice(end + 2);
    } else if (s.startsWith('<!--')) {
      const end = s.indexOf('-->');
      if (end < 0) return false;
      s = s.slice(end + 3);
    } else {
      return /^<!DOCTYPE/i.test(s);
    }
  }
}

export function parseXmlSafely(data: Uint8Array): XmlDocument {
  if (declaresDtd(data)) throw new XmlSafetyError('dtd', 'document declares a DTD');
  let doc: XmlDocument;
  try {
    // A Buffer, not a string, so libxml2 honours the declared encoding itself.
    doc = libxml.parseXml(Buffer.from(data.buffer, data.byteOffset, data.byteLength) as unknown as string, PARSE_OPTIONS);
  } catch (err) {
    const e = err as { message?: string; line?: number };
    throw new XmlSafetyError('malformed', (e.message ?? 'not well-formed').trim(), typeof e.line === 'number' ? e.line : null);
  }
  // Defence in depth: a DTD that slipped past the prolog scan (odd encodings) is still refused.
  if (doc.getDtd()) throw new XmlSafetyError('dtd', 'document declares a DTD');
  if (!doc.root()) throw new XmlSafetyError('malformed', 'document has no root element');
  return doc;
}
