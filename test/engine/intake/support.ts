// Shared pieces of the intake tests: a folder of real, distinct files of the formats clerks
// drop in, and a read-only look into the data folder's SQLite file.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import sharp from 'sharp';
import { buildDocx, buildEml } from '../../helpers/fixtures.js';
import { pdfBytes } from '../../api/support.js';

/** 50 files (one an mbox of 3 messages, so 52 documents) in two levels, plus OS litter the walk ignores. */
export async function mixedFolder(dir: string): Promise<{ files: number; documents: number }> {
  const sub = join(dir, 'scanner', 'week-2');
  mkdirSync(sub, { recursive: true });
  let files = 0;
  const put = (name: string, data: Buffer | Uint8Array, folder = dir) => {
    writeFileSync(join(folder, name), data);
    files++;
  };
  for (let i = 0; i < 15; i++) put(`letter-${i}.pdf`, pdfBytes(1 + (i % 3), `Letter number ${i}`), i % 2 ? sub : dir);
  for (let i = 0; i < 10; i++) put(`scan-${i}.png`, await sharp({ create: { width: 80 + i, height: 60, channels: 3, background: { r: 10 * i, g: 90, b: 160 } } }).png().toBuffer(), sub);
  for (let i = 0; i < 8; i++) put(`photo-${i}.jpg`, await sharp({ create: { width: 64, height: 48 + i, channels: 3, background: { r: 200, g: 20 * i, b: 40 } } }).jpeg().toBuffer());
  for (let i = 0; i < 8; i++) put(`mail-${i}.eml`, buildEml({ subject: `Invoice ${i}`, body: `Please pay invoice ${i}.` }));
  for (let i = 0; i < 5; i++) put(`order-${i}.xml`, Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>\n<Order><ID>${i}</ID><Note>Order ${i}</Note></Order>\n`));
  for (let i = 0; i < 2; i++) put(`fax-${i}.tiff`, await sharp({ create: { width: 40 + i, height: 40, channels: 3, background: { r: 0, g: 0, b: 0 } } }).tiff().toBuffer(), sub);
  put('memo.docx', buildDocx({ heading: 'Memo', paragraphs: ['Please file this memo.'] }));
  const message = (n: number) => `From sender${n}@example.com Mon Nov  2 10:00:00 2026\nFrom: Sender ${n} <sender${n}@example.com>\nTo: clerk@example.com\nSubject: Reminder ${n}\nMIME-Version: 1.0\nContent-Type: text/plain; charset=utf-8\n\nReminder number ${n}.\n>From the accounts team\n\n`;
  put('export.mbox', Buffer.from([1, 2, 3].map(message).join('')));
  writeFileSync(join(dir, '.DS_Store'), 'litter');
  writeFileSync(join(sub, 'Thumbs.db'), 'litter');
  return { files, documents: files + 2 };
}

export function readDb<T>(dataDir: string, fn: (db: Database.Database) => T): T {
  const db = new Database(join(dataDir, 'docdesk.sqlite'), { readonly: true, fileMustExist: true });
  try {
    return fn(db);
  } finally {
    db.close();
  }
}
