// The own XML parser behind XML and Word thumbnails: correct trees for well-formed input,
// refusal of DTDs and entities, and a located error for everything not well-formed.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  attribute, childElement, childElements, parseXmlSafely, parseXmlText, textContent, XmlSafetyError,
} from '../../../engine/formats/safe-xml.js';

function refused(xml: string | Uint8Array, kind: 'dtd' | 'malformed', message?: RegExp, line?: number): void {
  assert.throws(
    () => (typeof xml === 'string' ? parseXmlText(xml) : parseXmlSafely(xml)),
    (err: unknown) => {
      assert.ok(err instanceof XmlSafetyError, `XmlSafetyError expected, got ${String(err)}`);
      assert.equal(err.kind, kind);
      if (message) assert.match(err.message, message);
      if (line !== undefined) assert.equal(err.line, line);
      return true;
    },
  );
}

describe('parseXmlSafely: well-formed documents', () => {
  it('builds elements, attributes, text, CDATA, comments and PIs', () => {
    const { root } = parseXmlText(
      '<?xml version="1.0"?>\n<!-- vorne -->\n<a x="1" y=\'zwei\'>Text <b>fett</b><![CDATA[<roh>]]><!-- k --><?pi daten?><c/></a>\n',
    );
    assert.equal(root.name, 'a');
    assert.equal(attribute(root, 'x'), '1');
    assert.equal(attribute(root, 'y'), 'zwei');
    assert.deepEqual(root.children.map((c) => c.kind), ['text', 'element', 'cdata', 'comment', 'pi', 'element']);
    assert.equal(textContent(root), 'Text fett<roh>');
    assert.deepEqual(childElements(root).map((e) => e.name), ['b', 'c']);
  });
  it('decodes predefined entities and character references', () => {
    const { root } = parseXmlText('<a t="&quot;&lt;&#x41;&#66;&apos;">M&amp;S &gt; &#228;&#xDF;</a>');
    assert.equal(attribute(root, 't'), '"<AB\'');
    assert.equal(textContent(root), 'M&S > äß');
  });
  it('resolves namespaces, also inherited ones, and keeps declarations', () => {
    const { root } = parseXmlText('<Invoice xmlns="urn:inv" xmlns:cbc="urn:cbc"><cbc:ID>1</cbc:ID><Note xmlns="">x</Note></Invoice>');
    assert.equal(root.namespace, 'urn:inv');
    assert.deepEqual(root.namespaceDeclarations, [{ prefix: null, uri: 'urn:inv' }, { prefix: 'cbc', uri: 'urn:cbc' }]);
    const id = childElement(root, 'ID')!;
    assert.deepEqual([id.prefix, id.local, id.namespace], ['cbc', 'ID', 'urn:cbc']);
    assert.equal(childElement(root, 'Note')!.namespace, null);
    assert.deepEqual(root.attributes, [], 'xmlns declarations are not attributes');
  });
  it('normalises line ends and whitespace in attribute values', () => {
    const { root } = parseXmlText('<a v="x\ty\r\nz">1\r\n2\r3</a>');
    assert.equal(attribute(root, 'v'), 'x y z');
    assert.equal(textContent(root), '1\n2\n3');
  });
  it('honours the declared encoding and byte order marks', () => {
    const latin1 = Buffer.from('<?xml version="1.0" encoding="ISO-8859-1"?><a>Gr\xfc\xdfe</a>', 'latin1');
    assert.equal(textContent(parseXmlSafely(latin1).root), 'Grüße');
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('<?xml version="1.0" encoding="UTF-16"?><a>Grüße</a>', 'utf16le')]);
    assert.equal(textContent(parseXmlSafely(utf16).root), 'Grüße');
    const bom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('<a>ß</a>')]);
    assert.equal(textContent(parseXmlSafely(bom).root), 'ß');
  });
  it('accepts non-ASCII element names', () => {
    assert.equal(parseXmlText('<Straße Größe="1"/>').root.name, 'Straße');
  });
});

describe('parseXmlSafely: refuses DTDs and entities', () => {
  it('an internal subset with entities (billion laughs) is refused, not expanded', () => {
    refused('<?xml version="1.0"?><!DOCTYPE l [<!ENTITY a "aaaa"><!ENTITY b "&a;&a;&a;">]><l>&b;</l>', 'dtd');
  });
  it('an external entity (XXE) is refused', () => {
    refused('<!DOCTYPE r [<!ENTITY x SYSTEM "file:///etc/passwd">]><r>&x;</r>', 'dtd');
  });
  it('a DOCTYPE after a comment is refused', () => {
    refused('<!-- c --><!DOCTYPE html><html/>', 'dtd');
  });
  it('an undefined entity is a well-formedness error', () => {
    refused('<a>&nbsp;</a>', 'malformed', /&nbsp; is not defined/);
  });
});

describe('parseXmlSafely: not well-formed input is located', () => {
  const cases: Array<[string, string, RegExp, number]> = [
    ['mismatched tags', '<a>\n<b>\n</a>', /<\/a> does not match <b> opened on line 2/, 3],
    ['unclosed root', '<a>\n<b/>\n', /<a> opened on line 1 is not closed/, 3],
    ['two roots', '<a/><b/>', /second root/, 1],
    ['text after the root', '<a/>\nx', /text after the root/, 1],
    ['bare ampersand', '<a>M & S</a>', /"&" is not escaped/, 1],
    ['unquoted attribute', '<a x=1/>', /not quoted/, 1],
    ['duplicate attribute', '<a x="1" x="2"/>', /appears twice/, 1],
    ['"<" in an attribute', '<a x="<"/>', /contains "<"/, 1],
    ['control character', '<a>\u0001</a>', /character that XML does not allow/, 1],
    ['"--" in a comment', '<a><!-- x -- y --></a>', /"--"/, 1],
    ['late XML declaration', '<a/><?xml version="1.0"?>', /must come first/, 1],
    ['no root', '<!-- only a comment -->', /no root element/, 1],
    ['invalid character reference', '<a>&#0;</a>', /not allowed/, 1],
  ];
  for (const [label, xml, message, line] of cases) {
    it(label, () => refused(xml, 'malformed', message, line));
  }
  it('invalid UTF-8 is refused', () => {
    refused(Buffer.from([0x3c, 0x61, 0x3e, 0xc3, 0x28, 0x3c, 0x2f, 0x61, 0x3e]), 'malformed', /not valid/);
  });
  it('absurd nesting is refused instead of overflowing the stack', () => {
    refused('<a>'.repeat(300) + '</a>'.repeat(300), 'malformed', /nested deeper than 256/);
  });
});
