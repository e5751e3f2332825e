// XML thumbnails: the root element's name as a title and the first lines of the XML
// reader's pretty-printed (indented) view in a monospace font. Parsing, limits and refusal
// messages are the reader's (formats/xml.ts).
import { loadXmlFile, prettyLines } from '../formats/xml.js';
import { renderTextPage, type Block } from './text-page.js';

export { XML_DTD_MESSAGE, XML_TOO_LARGE_MESSAGE } from '../formats/xml.js';

/**
 * Source text at 10 pt stays legible at thumbnail size (about 6 px); about this many lines
 * fit below the title.
 */
const MAX_LINES = 52;
const SOURCE_FONT_SIZE = 10;
/** Lines are cut at the page edge anyway. */
const MAX_LINE_CHARS = 200;

export async function renderXmlThumbnail(path: string): Promise<Buffer> {
  const root = await loadXmlFile(path);
  const blocks: Block[] = [
    { kind: 'paragraph', runs: [{ text: root.local, bold: true }], size: 15, spaceAfter: 2 },
  ];
  if (root.namespace) blocks.push({ kind: 'paragraph', runs: [{ text: root.namespace }], size: 7.5, color: '#666666', wrap: false });
  blocks.push({ kind: 'rule', spaceBefore: 4, spaceAfter: 8 });
  for (const line of prettyLines(root, MAX_LINES, MAX_LINE_CHARS).lines) {
    blocks.push({ kind: 'paragraph', runs: [{ text: line }], size: SOURCE_FONT_SIZE, mono: true, wrap: false, color: '#1a1a1a' });
  }
  return renderTextPage(blocks);
}
