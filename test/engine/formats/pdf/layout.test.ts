// Reading order over synthetic words: rows, glued fragments, table cells, columns of
// running text, side-by-side blocks, and the cases that must NOT become columns.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { CELL_SEPARATOR, findColumnRegion, groupRows, layoutPage, mergeFragments, splitCells, type LayoutWord } from '../../../../engine/formats/pdf/layout.js';

/** A word at (x, baseline); glyphs half an em wide. */
function w(text: string, x: number, baseline: number, size = 10, extra: Partial<LayoutWord> = {}): LayoutWord {
  return { text, bbox: { x, y: baseline - 0.8 * size, w: text.length * size * 0.5, h: size }, baseline, size, ...extra };
}

/** Words of a line of text starting at x, one space (0.3 em) between words. */
function line(text: string, x: number, baseline: number, size = 10): LayoutWord[] {
  const out: LayoutWord[] = [];
  let cx = x;
  for (const word of text.split(' ')) {
    out.push(w(word, cx, baseline, size));
    cx += word.length * size * 0.5 + size * 0.3;
  }
  return out;
}

const lines = (words: LayoutWord[]) => layoutPage(words).lines.map((l) => l.text);

describe('rows', () => {
  it('groups by baseline within half a font size and sorts by x', () => {
    const rows = groupRows([w('b', 100, 102), w('a', 10, 100), w('c', 10, 120)]);
    assert.deepEqual(
      rows.map((r) => r.map((x) => x.text)),
      [['a', 'b'], ['c']],
    );
  });

  it('keeps a superscript on its line', () => {
    const words = [w('m', 10, 100), w('3', 16, 96, 6), w('Gas', 22, 100)];
    assert.deepEqual(lines(words), ['m 3 Gas']);
  });

  it('separates lines one line pitch apart even for small fonts', () => {
    assert.deepEqual(lines([w('eins', 10, 100, 7), w('zwei', 10, 108, 7)]), ['eins', 'zwei']);
  });
});

describe('fragments', () => {
  it('glues touching fragments of one word (font change inside a word)', () => {
    const a = w('Rech', 10, 100, 10, { glueRight: true });
    const b = w('nung', 10 + a.bbox.w + 0.2, 100, 10, { glueLeft: true });
    const merged = mergeFragments([a, b]);
    assert.equal(merged.length, 1);
    assert.equal(merged[0]!.text, 'Rechnung');
    assert.equal(merged[0]!.bbox.x, 10);
    assert.ok(Math.abs(merged[0]!.bbox.w - (a.bbox.w + 0.2 + b.bbox.w)) < 1e-9);
  });

  it('does not glue across a gap wider than a tenth of an em or across whitespace', () => {
    const a = w('Rech', 10, 100, 10, { glueRight: true });
    assert.equal(mergeFragments([a, w('nung', 10 + a.bbox.w + 2, 100, 10, { glueLeft: true })]).length, 2);
    assert.equal(mergeFragments([{ ...a, glueRight: false }, w('nung', 10 + a.bbox.w, 100, 10, { glueLeft: true })]).length, 2);
  });

  it('drops text drawn twice on the same spot (fake bold)', () => {
    const merged = mergeFragments([w('Summe', 10, 100), w('Summe', 10.3, 100)]);
    assert.deepEqual(
      merged.map((x) => x.text),
      ['Summe'],
    );
  });
});

describe('cells', () => {
  it('splits a row at gaps wider than an em and joins cells with a TAB', () => {
    assert.equal(CELL_SEPARATOR, '\t');
    const row = [...line('Summe netto', 10, 100), w('100,81', 300, 100)];
    assert.equal(splitCells(row).length, 2);
    assert.deepEqual(lines(row), ['Summe netto\t100,81']);
  });
});

function proseColumn(x: number, prefix: string, rows: number, top = 100): LayoutWord[] {
  const out: LayoutWord[] = [];
  for (let i = 0; i < rows; i++) out.push(...line(`${prefix}${i} die Abrechnung umfasst den Zeitraum bis`, x, top + i * 12));
  return out;
}

describe('columns', () => {
  it('reads two columns of running text left column first', () => {
    const words = [...line('Überschrift über beide Spalten hinweg bis an den rechten Rand der Seite', 10, 80), ...proseColumn(10, 'L', 8), ...proseColumn(260, 'R', 8)];
    const got = lines(words);
    assert.equal(got[0], 'Überschrift über beide Spalten hinweg bis an den rechten Rand der Seite');
    const order = got.slice(1).map((l) => l.split(' ')[0]);
    assert.deepEqual(order, ['L0', 'L1', 'L2', 'L3', 'L4', 'L5', 'L6', 'L7', 'R0', 'R1', 'R2', 'R3', 'R4', 'R5', 'R6', 'R7']);
  });

  it('reads columns whose baselines do not line up', () => {
    const words = [...proseColumn(10, 'L', 6, 100), ...proseColumn(260, 'R', 6, 105)];
    const order = lines(words).map((l) => l.split(' ')[0]);
    assert.deepEqual(order, ['L0', 'L1', 'L2', 'L3', 'L4', 'L5', 'R0', 'R1', 'R2', 'R3', 'R4', 'R5']);
  });

  it('keeps table rows whole: numbers in aligned cells are not columns', () => {
    const words: LayoutWord[] = [];
    const items = ['Büroklammern Größe 3', 'Gebühr für Straßenreinigung', 'Ordner breit blau', 'Druckerpapier A4 500 Blatt', 'Versandkosten'];
    items.forEach((item, i) => {
      const y = 100 + i * 14;
      words.push(w(String(i + 1), 10, y), ...line(item, 40, y), w(String(i + 2), 300, y), w(`${i + 1},25`, 360, y), w(`${i + 2}2,50`, 440, y));
    });
    const got = lines(words);
    assert.equal(got.length, 5);
    assert.equal(got[0], '1\tBüroklammern Größe 3\t2\t1,25\t22,50');
    assert.equal(findColumnRegion(groupRows(words)), null);
  });

  it('keeps a table whose descriptions wrap (amount rows align with descriptions)', () => {
    const words: LayoutWord[] = [];
    for (let i = 0; i < 4; i++) {
      const y = 100 + i * 36;
      words.push(...line(`Position ${i + 1} Arbeitspreis Strom`, 10, y), w(`${i + 10},00`, 400, y));
      words.push(...line('Zeitraum 01.01.2024 bis 31.12.2024', 10, y + 12));
    }
    const got = lines(words);
    assert.equal(got[0], 'Position 1 Arbeitspreis Strom\t10,00');
    assert.equal(got[1], 'Zeitraum 01.01.2024 bis 31.12.2024');
  });

  it('reads an address block and an information block side by side one after the other', () => {
    const words = [
      ...line('Herrn', 10, 100),
      ...line('Max Mustermann', 10, 112),
      ...line('Hauptstraße 5', 10, 124),
      ...line('12345 Berlin', 10, 136),
      ...line('Stadtwerke Musterstadt', 330, 94),
      ...line('Kundenservice Team Nord', 330, 106),
      ...line('service@stadtwerke.example', 330, 118),
      ...line('Montag bis Freitag', 330, 130),
    ];
    assert.deepEqual(lines(words), [
      'Herrn',
      'Max Mustermann',
      'Hauptstraße 5',
      '12345 Berlin',
      'Stadtwerke Musterstadt',
      'Kundenservice Team Nord',
      'service@stadtwerke.example',
      'Montag bis Freitag',
    ]);
  });

  it('keeps label/value pairs that share rows on one line', () => {
    const words: LayoutWord[] = [];
    ['Rechnungsnummer:', 'Kundennummer:', 'Datum:', 'Vertragskonto:'].forEach((label, i) => {
      words.push(w(label, 10, 100 + i * 12), w(`RE-${i}00${i}`, 300, 100 + i * 12));
    });
    assert.deepEqual(lines(words), ['Rechnungsnummer:\tRE-0000', 'Kundennummer:\tRE-1001', 'Datum:\tRE-2002', 'Vertragskonto:\tRE-3003']);
  });

  it('does not make a column out of a page number in the margin', () => {
    const words = [...proseColumn(10, 'L', 6), w('1', 500, 200)];
    const got = lines(words);
    assert.equal(got.length, 7);
    assert.equal(got[6], '1');
  });

  it('returns word indexes in reading order and text joined by newlines', () => {
    const layout = layoutPage([...line('zweite Zeile', 10, 120), ...line('erste Zeile', 10, 100)]);
    assert.deepEqual(
      layout.words.map((x) => x.text),
      ['erste', 'Zeile', 'zweite', 'Zeile'],
    );
    assert.deepEqual(
      layout.lines.map((l) => l.words),
      [
        [0, 1],
        [2, 3],
      ],
    );
    assert.equal(layout.text, 'erste Zeile\nzweite Zeile');
  });

  it('handles an empty page', () => {
    assert.deepEqual(layoutPage([]), { words: [], lines: [], text: '' });
  });
});
