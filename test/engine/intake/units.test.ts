// The pure pieces of intake: mbox splitting, the content key, the progress bar's drawing.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { splitMbox } from '../../../engine/intake/files.js';
import { importKey } from '../../../engine/intake/importer.js';
import { progressSink } from '../../../engine/intake/progress.js';

describe('intake pieces', () => {
  it('splits an mbox at From_ lines and unquotes >From lines', () => {
    const mbox = Buffer.from('From a@x Mon Jan  1 00:00:00 2024\nSubject: one\n\nbody 1\n>From here\n\nFrom b@x Mon Jan  1 00:00:00 2024\nSubject: two\n\nbody 2\n');
    const parts = splitMbox(mbox).map((b) => b.toString('latin1'));
    assert.deepEqual(parts, ['Subject: one\n\nbody 1\nFrom here\n', 'Subject: two\n\nbody 2']);
    assert.deepEqual(splitMbox(Buffer.from('')), []);
  });

  it('keys uploads by content and settings, not by name or the order of settings', () => {
    const sha = 'a'.repeat(64);
    assert.equal(importKey(sha, { processing_mode: 'thumbnail', pages: undefined }), importKey(sha, { processing_mode: 'thumbnail' }));
    assert.notEqual(importKey(sha, { processing_mode: 'thumbnail' }), importKey(sha, { processing_mode: 'extraction' }));
    assert.notEqual(importKey(sha, {}), importKey('b'.repeat(64), {}));
    assert.ok(importKey(sha, { processing_mode: 'analysis', pages: 'first,last' }).length <= 255);
  });

  it('draws a bar with counts and throughput on a terminal, and plain lines otherwise', () => {
    const capture = () => {
      let text = '';
      return { stream: { write: (s: string) => ((text += s), true), columns: 200, isTTY: true } as unknown as NodeJS.WriteStream, text: () => text };
    };
    const counters = { total: 4, done: 4, imported: 3, skipped: 0, failed: 1, bytes: 2 * 1048576, startedAt: Date.now() - 2000 };
    const tty = capture();
    const bar = progressSink(tty.stream, true);
    bar.item({ path: '/in/bad.pdf', filename: 'bad.pdf', status: 'failed', document_id: null, reason: 'validation_failed', message: 'file: empty' }, counters);
    bar.end();
    assert.match(tty.text(), /failed {4}\/in\/bad\.pdf: file: empty\n/);
    assert.match(tty.text(), /\r\x1b\[2K\[#{24}\] 4\/4 files · imported 3 · skipped 0 · failed 1 · 2\.\d files\/s · 1\.\d\d MB\/s · 2\.0 MB\n$/);
    const plain = capture();
    progressSink(plain.stream, false).item({ path: '/in/a.pdf', filename: 'a.pdf', status: 'imported', document_id: 7, reason: null, message: null }, { ...counters, done: 1 });
    assert.equal(plain.text(), 'imported  /in/a.pdf document 7 (1/4)\n');
  });
});
