// A read bill printed differently: one printing changed in what the reading layer returned, as
// the bill would read had it been printed that way (tests of checks against their printings), or
// the whole reading as a scan returns it (rescan).
import assert from 'node:assert/strict';
import type { PageText } from '../../../engine/formats/model.js';
import type { ReadDocument } from '../../../engine/profiles/energy/extract/index.js';

/** The read document with `from` replaced by `to` in the words and lines `where` selects. */
export function reprint(doc: ReadDocument, where: (lineText: string) => boolean, from: string, to: string): ReadDocument {
  let n = 0;
  const pages = doc.pages.map((p) => {
    const words = p.words.map((w) => ({ ...w }));
    const lines = p.lines.map((l) => {
      if (!where(l.text) || !l.text.includes(from)) return l;
      n++;
      for (const i of l.words) if (words[i]!.text.includes(from)) words[i]!.text = words[i]!.text.replace(from, to);
      return { ...l, text: l.text.replace(from, to) };
    });
    return { ...p, words, lines, text: lines.map((l) => l.text).join('\n') };
  });
  assert.ok(n > 0, `"${from}" is printed where the test changes it`);
  return { ...doc, pages };
}

/** As reprint, for one whole word (a house number): only words reading exactly `from` change. */
export function reword(doc: ReadDocument, where: (lineText: string) => boolean, from: string, to: string): ReadDocument {
  let n = 0;
  const pages = doc.pages.map((p) => {
    const words = p.words.map((w) => ({ ...w }));
    const lines = p.lines.map((l) => {
      const hit = l.words.filter((i) => words[i]!.text === from);
      if (!where(l.text) || !hit.length) return l;
      n++;
      for (const i of hit) words[i]!.text = to;
      return { ...l, text: l.text.replace(new RegExp(`(?<!\\S)${from.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?!\\S)`, 'g'), to) };
    });
    return { ...p, words, lines, text: lines.map((l) => l.text).join('\n') };
  });
  assert.ok(n > 0, `"${from}" is printed where the test changes it`);
  return { ...doc, pages };
}

/**
 * As reprint, for a phrase of several words ("Anna Wendt"): its words in the lines `where`
 * selects become one word reading `to` (the first word's box), the others are dropped.
 */
export function rephrase(doc: ReadDocument, where: (lineText: string) => boolean, from: string, to: string): ReadDocument {
  const want = from.split(/\s+/);
  let n = 0;
  const pages = doc.pages.map((p) => {
    const words = p.words.map((w) => ({ ...w }));
    const lines = p.lines.map((l) => {
      if (!where(l.text)) return l;
      const at = l.words.findIndex((_, k) => want.every((t, j) => words[l.words[k + j]!]?.text === t));
      if (at < 0) return l;
      n++;
      words[l.words[at]!]!.text = to;
      return { ...l, words: [...l.words.slice(0, at + 1), ...l.words.slice(at + want.length)], text: l.text.replace(from, to) };
    });
    return { ...p, words, lines, text: lines.map((l) => l.text).join('\n') };
  });
  assert.ok(n > 0, `"${from}" is printed where the test changes it`);
  return { ...doc, pages };
}

/**
 * The read document as another reading returns it: every page marked `source` ("ocr": a scan), and each word of each
 * line as `edit` rewrites it, given the line's words (undefined keeps it). Line and page texts follow the words.
 */
export function rescan(doc: ReadDocument, edit: (word: string, k: number, lineWords: string[]) => string | undefined = () => undefined, source: PageText['source'] = 'ocr'): ReadDocument {
  const pages = doc.pages.map((p) => {
    const words = p.words.map((w) => ({ ...w }));
    const lines = p.lines.map((l) => {
      const texts = l.words.map((i) => words[i]!.text);
      l.words.forEach((i, k) => (words[i]!.text = edit(texts[k]!, k, texts) ?? texts[k]!));
      return { ...l, text: l.words.map((i) => words[i]!.text).join(' ') };
    });
    return { ...p, source, words, lines, text: lines.map((l) => l.text).join('\n') };
  });
  return { ...doc, pages };
}
