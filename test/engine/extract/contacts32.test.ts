// The letterhead block at the head of page 1 with the sender's contact rows under its name (issue 14, `contacts32`;
// round 12's `eniallator/Invoice-Generator` and round 9's `madeindjs/invoice-generator-pdf`, tuned-only): "Foo Bar /
// 1 Baz / Qux / Quux / Email: foo@bar.baz / Mobile: +01 2345 678910" set flush right at the top, "Jean L'astuce / 1 rue
// des Lilas, 69001, Lyon / +336123456 / me@example.com / https://example.com" at the top left. fold7's letterhead block
// needed the firm's own tax or register number under the name; a freelancer prints a phone and an e-mail instead, and
// no legal form, so no sender was output. The pages are generated; each case was run against main 26c9e51 before the
// rule (docs/decisions.md, contacts32).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { run, v, type Lines } from './fixtures/run.js';

const BODY: Lines = [
  [72, 193, 11, 'Invoice To:'], [72, 207, 11, 'John Doe'], [72, 221, 11, '221B Baker Street'], [72, 235, 11, 'London NW1 6XE'],
  [400, 193, 11, 'Invoice No: INV0001'], [400, 207, 11, 'Date: 01/02/2024'],
  [72, 300, 10, 'Description'], [480, 300, 10, 'Amount'], [72, 314, 10, 'Consulting'], [480, 314, 10, '£1,000.00'],
  [380, 360, 10, 'Subtotal'], [480, 360, 10, '£1,000.00'], [380, 374, 10, 'VAT 20%'], [480, 374, 10, '£200.00'], [380, 388, 10, 'Total'], [480, 388, 10, '£1,200.00'],
];
/** Lines flush right at `right` (their right edges), 12 apart from `y`. */
const flushRight = (right: number, y: number, texts: string[]): Lines => texts.map((t, i): Lines[number] => [right - t.length * 4.6, y + i * 12, 9, t]);
const flushLeft = (x: number, y: number, texts: string[]): Lines => texts.map((t, i): Lines[number] => [x, y + i * 13, 12, t]);

describe('a letterhead block with contact rows under its name (contacts32)', () => {
  it('flush right at the top: name, address lines, "Email:", "Mobile:"', () => {
    const r = run([...flushRight(540, 75, ['Foo Bar', '1 Baz', 'Qux', 'Quux', 'Email: foo@bar.baz', 'Mobile: +01 2345 678910']), [271, 158, 13, 'INVOICE'], ...BODY]);
    assert.equal(v(r, 'sender_name'), 'Foo Bar');
  });
  it('at the top left: name, one-line address, phone, e-mail, web address', () => {
    const r = run([...flushLeft(40, 39, ["Jean L'astuce", '1 rue des Lilas, 69001, Lyon', '+336123456', 'me@example.com', 'https://example.com']), [271, 158, 13, 'INVOICE'], ...BODY]);
    assert.equal(v(r, 'sender_name'), "Jean L'astuce");
  });
  it('guard: one contact row is not enough', () => {
    const r = run([...flushRight(540, 75, ['Foo Bar', '1 Baz', 'Qux', 'Quux', 'Email: foo@bar.baz']), [271, 158, 13, 'INVOICE'], ...BODY]);
    assert.equal(v(r, 'sender_name'), null);
  });
  it('guard: a street right over the town line is no name (a letterhead whose name is only a logo)', () => {
    const r = run([...flushLeft(40, 39, ['ZI des Aulnes', '45000 Orléans', 'Tél. +33 2 38 00 00 00', 'contact@rolland.example']), [271, 158, 13, 'FACTURE'], ...BODY]);
    assert.notEqual(v(r, 'sender_name'), 'ZI des Aulnes');
  });
  it('guard: a name set on two lines is not cut to its first (contacts32b)', () => {
    const r = run([...flushRight(540, 30, ['Dr. Maximilian Recht & Partner', 'Rechtsanwälte OG', 'Justizpalast-Straße 11/Top 4', '1010 Wien, Österreich', 'Tel: +43 1 534 52 0', 'E-Mail: office@rechtundpartner.at']), [271, 158, 13, 'HONORARNOTE'], ...BODY]);
    assert.notEqual(v(r, 'sender_name'), 'Dr. Maximilian Recht & Partner');
  });
  it('guard: a block under a heading at the top is not the letterhead', () => {
    const r = run([...flushLeft(40, 39, ['Bill To', 'Jane Roe', '9 Elm Road', 'jane@roe.example', '+44 20 7946 0958']), [271, 158, 13, 'INVOICE'], ...BODY]);
    assert.notEqual(v(r, 'sender_name'), 'Jane Roe');
    assert.notEqual(v(r, 'sender_name'), 'Bill To');
  });
});
