// What an import takes from the disk: files and folders (recursive), with mail-box exports
// (mbox) split into one .eml per message. .eml and .msg files are documents themselves.
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open, readdir, readFile, stat } from 'node:fs/promises';
import { basename, extname, join, resolve } from 'node:path';
import type { UploadSource } from './local-api.js';

export interface ImportItem {
  /** Where it came from, for progress lines and results (`box.mbox#3` for a message). */
  label: string;
  /** The file on disk (for a message: its mbox). */
  path: string;
  filename: string;
  source: UploadSource;
  size: number;
  sha256: string;
}

/** Marker written next to an imported file by the watcher's `mark` setting. */
export const DONE_MARK_SUFFIX = '.docdesk-imported';

const JUNK = new Set(['thumbs.db', 'desktop.ini', '.ds_store']);

/** Files the walk leaves alone: hidden ones, OS litter, done markers. */
function ignoredName(name: string): boolean {
  return name.startsWith('.') || name.startsWith('~$') || JUNK.has(name.toLowerCase()) || name.endsWith(DONE_MARK_SUFFIX);
}

/** Every file below the given paths, sorted, excluding `skipDirs` (e.g. a watcher's done folder). */
export async function listFiles(paths: string[], skipDirs: string[] = []): Promise<string[]> {
  const skip = new Set(skipDirs.map((d) => resolve(d)));
  const out: string[] = [];
  const walk = async (p: string, top: boolean): Promise<void> => {
    const abs = resolve(p);
    if (skip.has(abs)) return;
    const info = await stat(abs); // follows a symlink given on the command line
    if (info.isDirectory()) {
      for (const entry of (await readdir(abs, { withFileTypes: true })).sort((a, b) => a.name.localeCompare(b.name))) {
        if (ignoredName(entry.name)) continue;
        // Symlinked folders inside a tree are not followed (no loops); symlinked files are.
        if (entry.isDirectory()) await walk(join(abs, entry.name), false);
        else if (entry.isFile() || (entry.isSymbolicLink() && (await stat(join(abs, entry.name)).catch(() => null))?.isFile())) out.push(join(abs, entry.name));
      }
    } else if (info.isFile() && (top || !ignoredName(basename(abs)))) out.push(abs);
  };
  for (const p of paths) await walk(p, true);
  return out;
}

export async function sha256File(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** An mbox by name (.mbox, .mbx) or, without an extension, by its first line. */
async function isMbox(path: string): Promise<boolean> {
  const ext = extname(path).toLowerCase();
  if (ext === '.mbox' || ext === '.mbx') return true;
  if (ext !== '') return false;
  const fh = await open(path, 'r');
  try {
    const buf = Buffer.alloc(5);
    const { bytesRead } = await fh.read(buf, 0, 5, 0);
    return bytesRead === 5 && buf.toString('latin1') === 'From ';
  } finally {
    await fh.close();
  }
}

/** Messages of an mbox (mboxo/mboxrd): split at "From " lines, ">From " unquoted. */
export function splitMbox(data: Buffer): Buffer[] {
  const text = data.toString('latin1'); // byte-preserving
  const starts: number[] = [];
  const re = /(^|\n)From [^\n]*\n/g;
  for (let m = re.exec(text); m; m = re.exec(text)) starts.push(m.index + m[1]!.length);
  const messages: Buffer[] = [];
  for (let i = 0; i < starts.length; i++) {
    const chunk = text.slice(starts[i], starts[i + 1] ?? text.length);
    const body = chunk.slice(chunk.indexOf('\n') + 1).replace(/^>(>*From )/gm, '$1').replace(/\n$/, '');
    if (body.trim()) messages.push(Buffer.from(body, 'latin1'));
  }
  return messages;
}

/** The import items of one file on disk (several for an mbox). */
export async function itemsOf(path: string): Promise<ImportItem[]> {
  const name = basename(path);
  if (await isMbox(path)) {
    const base = name.replace(/\.(mbox|mbx)$/i, '');
    return splitMbox(await readFile(path)).map((bytes, i) => ({
      label: `${path}#${i + 1}`,
      path,
      filename: `${base}-${String(i + 1).padStart(4, '0')}.eml`,
      source: { bytes },
      size: bytes.length,
      sha256: createHash('sha256').update(bytes).digest('hex'),
    }));
  }
  const info = await stat(path);
  return [{ label: path, path, filename: name, source: { path }, size: info.size, sha256: await sha256File(path) }];
}
