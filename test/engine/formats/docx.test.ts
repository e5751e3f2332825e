// Word documents: text in reading order with headings and table rows, pages split at
// Word's breaks or by the shared layout, and any page rendered.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import sharp from 'sharp';
import { DocxReadError } from '../../../engine/formats/errors.js';
import { readDocx, renderDocxPage, renderDocxPages } from '../../../engine/formats/docx.js';
import * as fx from '../../helpers/fixtures.js';
import { tempDirForTests } from '../../helpers/temp-dir.js';

const dir = tempDirForTests('docdesk-docx-');

const letter = {
  heading: 'Angebot Nr. 7 für Müller & Söhne',
  paragraphs: [
    'Sehr geehrte Frau Müller, wir freuen uns, Ihnen folgendes Angebot zu unterbreiten.',
    'Lieferung frei Haus innerhalb von 14 Tagen nach Auftragseingang.',
  ],
  table: [
    ['Artikel', 'Menge', 'Preis'],
    ['Schreibtisch Eiche', '2', '890,00 €'],
    ['Bürostuhl ergonomisch', '4', '1.196,00 €'],
  ],
};

const p = (text: string, extra = '') => `<w:p>${extra}<w:r><w:t xml:space="preserve">${text}</w:t></w:r></w:p>`;
const words = (s: string) => s.replace(/\[(heading \d|title)\] /g, '').replace(/\s+/g, ' ').trim();

interface Gray {
  width: number;
  height: number;
  data: Buffer;
}

async function gray(png: Buffer): Promise<Gray> {
  assert.deepEqual([...png.subarray(0, 4)], [0x89, 0x50, 0x4e, 0x47], 'PNG');
  const { data, info } = await sharp(png).greyscale().raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data };
}

const darkShare = (g: Gray) => g.data.reduce((n, v) => n + (v < 160 ? 1 : 0), 0) / g.data.length;
function meanAbsDiff(a: Gray, b: Gray): number {
  assert.deepEqual([a.width, a.height], [b.width, b.height]);
  let sum = 0;
  for (let i = 0; i < a.data.length; i++) sum += Math.abs(a.data[i]! - b.data[i]!);
  return sum / a.data.length;
}

describe('text', () => {
  it('keeps headings, paragraphs and table rows in reading order; splits at a page break', async () => {
    const path = await fx.makeDocx(dir, {
      ...letter,
      deletedText: 'GESTRICHEN ',
      afterPageBreak: ['Seite zwei beginnt hier.', 'Zweiter Absatz auf Seite zwei.'],
      name: 'letter.docx',
    });
    const doc = await readDocx(path);
    assert.equal(doc.pagination, 'layout');
    assert.equal(doc.truncated, false);
    assert.equal(doc.pages.length, 2);
    assert.deepEqual(doc.pages[0]!.lines, [
      '[heading 1] Angebot Nr. 7 für Müller & Söhne',
      'Sehr geehrte Frau Müller, wir freuen uns, Ihnen folgendes Angebot zu unterbreiten.',
      'Lieferung frei Haus innerhalb von 14 Tagen nach Auftragseingang.',
      'Artikel\tMenge\tPreis',
      'Schreibtisch Eiche\t2\t890,00 €',
      'Bürostuhl ergonomisch\t4\t1.196,00 €',
      'Vielen Dank für Ihren Auftrag.',
    ]);
    assert.equal(doc.pages[0]!.text, doc.pages[0]!.lines.join('\n'));
    assert.deepEqual(doc.pages[1]!.lines, ['Seite zwei beginnt hier.', 'Zweiter Absatz auf Seite zwei.']);
    assert.doesNotMatch(doc.pages.map((x) => x.text).join('\n'), /GESTRICHEN/, 'tracked deletions are not text');
    assert.deepEqual(doc.headings, [{ level: 1, text: 'Angebot Nr. 7 für Müller & Söhne', pageIndex: 0 }]);
    assert.deepEqual(doc.tables, [{ pageIndex: 0, lastPageIndex: 0, rows: letter.table }]);
  });

  it('a page break inside a paragraph splits it; page-break-before and section breaks start pages; continuous sections do not', async () => {
    const sect = (type: string) => `<w:pPr><w:sectPr><w:type w:val="${type}"/></w:sectPr></w:pPr>`;
    const path = await fx.makeDocx(dir, {
      heading: 'Kapitel',
      paragraphs: [],
      extraBodyXml:
        '<w:p><w:r><w:t>Vorher</w:t><w:br w:type="page"/><w:t>Nachher</w:t></w:r></w:p>' +
        p('Vor dem Abschnitt', sect('nextPage')) +
        p('Gleiche Seite', sect('continuous')) +
        p('Neuer Abschnitt') +
        p('Umbruch davor', '<w:pPr><w:pageBreakBefore/></w:pPr>') +
        '<w:p><w:r><w:br w:type="column"/><w:t>Spalte</w:t></w:r></w:p>',
      name: 'breaks.docx',
    });
    // A section's sectPr (at its end) holds how that section starts: section 2 is continuous,
    // section 3 (the body's sectPr, no type) starts on a new page.
    const doc = await readDocx(path);
    assert.deepEqual(doc.pages.map((x) => x.lines), [
      ['[heading 1] Kapitel', 'Vorher'],
      ['Nachher', 'Vor dem Abschnitt', 'Gleiche Seite'],
      ['Neuer Abschnitt'],
      ['Umbruch davor', '', 'Spalte'],
    ]);
  });

  it('trusts Word\'s saved page layout (lastRenderedPageBreak), also inside tables', async () => {
    const long = Array.from({ length: 90 }, (_, i) => p(`Absatz ${i + 1} mit etwas Text, damit die Seite voll wird, und noch ein wenig mehr Text dazu.`)).join('');
    const row = (a: string, mark = '') => `<w:tr><w:tc><w:p><w:r>${mark}<w:t>${a}</w:t></w:r></w:p></w:tc><w:tc><w:p><w:r><w:t>x</w:t></w:r></w:p></w:tc></w:tr>`;
    const path = await fx.makeDocx(dir, {
      heading: 'Bericht',
      paragraphs: [],
      extraBodyXml:
        long +
        `<w:p><w:r><w:lastRenderedPageBreak/><w:t>Zweite Seite</w:t></w:r></w:p>` +
        `<w:tbl><w:tblGrid><w:gridCol w:w="3000"/><w:gridCol w:w="3000"/></w:tblGrid>${row('Zeile 1')}${row('Zeile 2', '<w:lastRenderedPageBreak/>')}${row('Zeile 3')}</w:tbl>` +
        p('Nach der Tabelle') +
        `<w:tbl><w:tblGrid><w:gridCol w:w="3000"/><w:gridCol w:w="3000"/></w:tblGrid>${row('Neue Tabelle', '<w:lastRenderedPageBreak/>')}</w:tbl>`,
      name: 'word-pages.docx',
    });
    const doc = await readDocx(path);
    assert.equal(doc.pagination, 'word');
    // 90 long paragraphs overflow one A4 page in our layout, but Word said one page.
    assert.equal(doc.pages.length, 4);
    assert.equal(doc.pages[0]!.lines.length, 91);
    assert.deepEqual(doc.pages[1]!.lines, ['Zweite Seite', 'Zeile 1\tx']);
    assert.deepEqual(doc.pages[2]!.lines, ['Zeile 2\tx', 'Zeile 3\tx', 'Nach der Tabelle']);
    assert.deepEqual(doc.pages[3]!.lines, ['Neue Tabelle\tx']);
    assert.deepEqual(doc.tables, [
      { pageIndex: 1, lastPageIndex: 2, rows: [['Zeile 1', 'x'], ['Zeile 2', 'x'], ['Zeile 3', 'x']] },
      { pageIndex: 3, lastPageIndex: 3, rows: [['Neue Tabelle', 'x']] },
    ]);
    // The overfull first page is drawn shrunk onto the paper, not cut off.
    const first = await gray(await renderDocxPage(path, 0, 600));
    const bottomBand = { ...first, data: first.data.subarray(Math.floor(first.height * 0.8) * first.width, Math.floor(first.height * 0.9) * first.width) };
    assert.ok(darkShare(bottomBand) > 0.005, 'text reaches the lower part of the page');
  });

  it('without page breaks, pages follow the layout; every word lands on exactly one page', async () => {
    const paragraphs = Array.from({ length: 120 }, (_, i) => `Absatz ${i + 1}: Lieferung und Leistung gemäß Vertrag vom 1. März 2024, Position ${i + 1}, ohne Abzug zahlbar.`);
    const path = await fx.makeDocx(dir, { heading: 'Langer Brief', paragraphs, table: undefined, name: 'long.docx' });
    const doc = await readDocx(path);
    assert.equal(doc.pagination, 'layout');
    assert.ok(doc.pages.length >= 4 && doc.pages.length <= 12, `pages: ${doc.pages.length}`);
    assert.equal(words(doc.pages.map((x) => x.text).join('\n')), words(['Langer Brief', ...paragraphs].join('\n')));
    // The renderer knows the same pages.
    const last = doc.pages.length - 1;
    await renderDocxPage(path, last, 200);
    await assert.rejects(renderDocxPage(path, last + 1, 200), RangeError);
  });

  it('reads text boxes in the flow (letterheads often sit in one)', async () => {
    const box =
      '<w:p><w:r><w:pict><v:shape xmlns:v="urn:schemas-microsoft-com:vml" style="width:200pt;height:40pt"><v:textbox>' +
      '<w:txbxContent><w:p><w:r><w:t>Absender: Schäfer Büroservice, Hauptstraße 5</w:t></w:r></w:p></w:txbxContent>' +
      '</v:textbox></v:shape></w:pict></w:r></w:p>';
    const doc = await readDocx(await fx.makeDocx(dir, { heading: 'Rechnung', paragraphs: ['Betrag: 12,00 EUR'], extraBodyXml: box, name: 'textbox.docx' }));
    assert.ok(doc.pages[0]!.lines.includes('Absender: Schäfer Büroservice, Hauptstraße 5'), doc.pages[0]!.text);
  });

  it('stops at 200 pages and says so', async () => {
    const many = Array.from({ length: 210 }, (_, i) => p(`Seite ${i + 1}`, i > 0 ? '<w:pPr><w:pageBreakBefore/></w:pPr>' : '')).join('');
    const doc = await readDocx(await fx.makeDocx(dir, { heading: 'Viele Seiten', paragraphs: [], extraBodyXml: many, name: 'many.docx' }));
    assert.equal(doc.pages.length, 200);
    assert.equal(doc.truncated, true);
    assert.deepEqual(doc.pages[199]!.lines, ['Seite 200']);
  });

  it('refuses damaged documents, DTDs and oversized text parts with sentences', async () => {
    const good = await readFile(await fx.makeDocx(dir, { ...letter, name: 'good.docx' }));
    const broken = Buffer.from(good);
    const at = broken.indexOf('word/document.xml') + 'word/document.xml'.length;
    for (let i = at + 10; i < at + 300; i++) broken[i] = broken[i]! ^ 0x5a;
    const brokenPath = join(dir, 'broken.docx');
    await writeFile(brokenPath, broken);
    await assert.rejects(readDocx(brokenPath), (e: unknown) => e instanceof DocxReadError && /damaged or incomplete/.test(e.message));
    // The same package with a DOCTYPE in word/document.xml.
    const parts = unzipSync(fx.buildDocx({ heading: 'x', paragraphs: ['y'] }));
    const xml = strFromU8(parts['word/document.xml']!).replace('<w:document', '<!DOCTYPE w:document [<!ENTITY e "boom">]><w:document');
    const dtdPath = join(dir, 'dtd.docx');
    await writeFile(dtdPath, zipSync({ ...parts, 'word/document.xml': strToU8(xml) }));
    await assert.rejects(readDocx(dtdPath), (e: unknown) => e instanceof DocxReadError && /declares a DTD/.test(e.message));
    const bomb = await fx.makeDocx(dir, { heading: 'x', paragraphs: ['y'], padding: 21 * 1024 * 1024, name: 'bomb.docx' });
    await assert.rejects(readDocx(bomb), (e: unknown) => e instanceof DocxReadError && /larger than 20 MiB/.test(e.message));
    await assert.rejects(renderDocxPage(bomb, 0, 100), DocxReadError);
  });
});

describe('rendering', () => {
  it('renders page 2 differently from page 1, at the requested width in A4 proportions', async () => {
    const path = await fx.makeDocx(dir, {
      ...letter,
      afterPageBreak: Array.from({ length: 6 }, (_, i) => `Seite zwei, Absatz ${i + 1}: ganz anderer Inhalt als auf der ersten Seite.`),
      name: 'render.docx',
    });
    const [one, two] = await renderDocxPages(path, [0, 1], 800);
    const a = await gray(one!);
    const b = await gray(two!);
    assert.deepEqual([a.width, a.height], [800, Math.round((841.89 * 800) / 595.28)]);
    assert.ok(darkShare(a) > 0.01 && darkShare(a) < 0.3, `page 1 ink ${darkShare(a)}`);
    assert.ok(darkShare(b) > 0.005, `page 2 ink ${darkShare(b)}`);
    assert.ok(meanAbsDiff(a, b) > 3, 'the pages differ');
    // Same page, same pixels: rendering is deterministic.
    assert.equal(meanAbsDiff(a, await gray(await renderDocxPage(path, 0, 800))), 0);
  });
  it('draws inline pictures on the page that holds them', async () => {
    const orange: [number, number, number] = [255, 140, 0];
    const png = await renderDocxPage(await fx.makeDocx(dir, { ...letter, picture: { width: 150, height: 75, rgb: orange }, name: 'pic.docx' }), 0, 1000);
    const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    let count = 0;
    for (let i = 0; i < data.length; i += info.channels) if (Math.abs(data[i]! - 255) < 25 && Math.abs(data[i + 1]! - 140) < 25 && data[i + 2]! < 40) count++;
    // 150 x 75 pt at 1000/595 px per pt is about 252 x 126 px.
    assert.ok(count > 25_000, `picture pixels: ${count}`);
  });
  it('keeps a page within 18,000,000 pixels however wide it is asked for', async () => {
    const png = await renderDocxPage(await fx.makeDocx(dir, { ...letter, name: 'wide.docx' }), 0, 20_000);
    const meta = await sharp(png).metadata();
    assert.ok(meta.width! * meta.height! <= 18_000_000, `${meta.width}x${meta.height}`);
    assert.ok(meta.width! > 3000);
  });
});
