// Minimal zip reader: lists the central directory and extracts single entries, reading only
// the regions it needs. Used to recognise .docx files and to pull word/document.xml out of
// them without loading a possibly large archive (embedded media) into memory.
import { inflateSync } from 'fflate';
import type { ByteSource } from './bytes.js';

export interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  uncompressedSize: number;
  localHeaderOffset: number;
  encrypted: boolean;
}

class ZipFormatError extends Error {}

const EOCD_SIG = 0x06054b50;
const ZIP64_LOCATOR_SIG = 0x07064b50;
const ZIP64_EOCD_SIG = 0x06064b50;
const CENTRAL_SIG = 0x02014b50;
const LOCAL_SIG = 0x04034b50;
/** A .docx central directory is a few KiB; anything this big is not an office document. */
const MAX_CENTRAL_DIRECTORY = 16 * 1024 * 1024;
const MAX_ENTRIES = 100_000;

function u64(buf: Buffer, at: number): number {
  const v = buf.readBigUInt64LE(at);
  if (v > BigInt(Number.MAX_SAFE_INTEGER)) throw new ZipFormatError('zip64 value out of range');
  return Number(v);
}

async function locateCentralDirectory(src: ByteSource): Promise<{ offset: number; size: number; entries: number }> {
  const tailLen = Math.min(src.size, 22 + 0xffff);
  const tailStart = src.size - tailLen;
  const tail = await src.read(tailStart, tailLen);
  for (let i = tail.length - 22; i >= 0; i--) {
    if (tail.readUInt32LE(i) !== EOCD_SIG) continue;
    const commentLen = tail.readUInt16LE(i + 20);
    if (i + 22 + commentLen > tail.length) continue; // a signature inside the comment
    let entries = tail.readUInt16LE(i + 10);
    let size = tail.readUInt32LE(i + 12);
    let offset = tail.readUInt32LE(i + 16);
    if (entries === 0xffff || size === 0xffffffff || offset === 0xffffffff) {
      const locAt = tailStart + i - 20;
      if (locAt < 0) throw new ZipFormatError('zip64 locator missing');
      const loc = await src.read(locAt, 20);
      if (loc.length < 20 || loc.readUInt32LE(0) !== ZIP64_LOCATOR_SIG) throw new ZipFormatError('zip64 locator missing');
      const recAt = u64(loc, 8);
      const rec = await src.read(recAt, 56);
      if (rec.length < 56 || rec.readUInt32LE(0) !== ZIP64_EOCD_SIG) throw new ZipFormatError('zip64 directory record missing');
      entries = u64(rec, 32);
      size = u64(rec, 40);
      offset = u64(rec, 48);
    }
    if (offset + size > src.size) throw new ZipFormatError('central directory lies outside the file');
    return { offset, size, entries };
  }
  throw new ZipFormatError('no end-of-central-directory record');
}

/** Lists the archive's entries from its central directory. */
export async function listZipEntries(src: ByteSource): Promise<ZipEntry[]> {
  const cd = await locateCentralDirectory(src);
  if (cd.size > MAX_CENTRAL_DIRECTORY || cd.entries > MAX_ENTRIES) throw new ZipFormatError('central directory too large');
  const buf = await src.read(cd.offset, cd.size);
  const out: ZipEntry[] = [];
  let p = 0;
  while (p + 46 <= buf.length && out.length < cd.entries) {
    if (buf.readUInt32LE(p) !== CENTRAL_SIG) throw new ZipFormatError('corrupt central directory');
    const flags = buf.readUInt16LE(p + 8);
    const method = buf.readUInt16LE(p + 10);
    let compressedSize = buf.readUInt32LE(p + 20);
    let uncompressedSize = buf.readUInt32LE(p + 24);
    const nameLen = buf.readUInt16LE(p + 28);
    const extraLen = buf.readUInt16LE(p + 30);
    const commentLen = buf.readUInt16LE(p + 32);
    let localHeaderOffset = buf.readUInt32LE(p + 42);
    const nameEnd = p + 46 + nameLen;
    if (nameEnd + extraLen + commentLen > buf.length) throw new ZipFormatError('corrupt central directory');
    // Bit 11 marks UTF-8 names; legacy names are CP437, but the names we look for are ASCII.
    const name = buf.toString(flags & 0x800 ? 'utf8' : 'latin1', p + 46, nameEnd);
    // Zip64 sizes live in extra field 0x0001, in this fixed order, only for the maxed fields.
    let e = nameEnd;
    const extraEnd = nameEnd + extraLen;
    while (e + 4 <= extraEnd) {
      const id = buf.readUInt16LE(e);
      const len = buf.readUInt16LE(e + 2);
      if (id === 0x0001) {
        let q = e + 4;
        const end = Math.min(e + 4 + len, extraEnd);
        if (uncompressedSize === 0xffffffff && q + 8 <= end) { uncompressedSize = u64(buf, q); q += 8; }
        if (compressedSize === 0xffffffff && q + 8 <= end) { compressedSize = u64(buf, q); q += 8; }
        if (localHeaderOffset === 0xffffffff && q + 8 <= end) { localHeaderOffset = u64(buf, q); }
      }
      e += 4 + len;
    }
    out.push({ name, method, compressedSize, uncompressedSize, localHeaderOffset, encrypted: (flags & 1) === 1 });
    p = extraEnd + commentLen;
  }
  return out;
}

/**
 * Extracts one entry. `maxBytes` bounds the declared uncompressed size, and the inflater
 * writes into a buffer of exactly that declared size, so an archive that lies about its
 * sizes (a zip bomb) cannot make us allocate more.
 */
export async function readZipEntry(src: ByteSource, entry: ZipEntry, maxBytes: number): Promise<Uint8Array> {
  if (entry.encrypted) throw new ZipFormatError(`${entry.name} is encrypted`);
  if (entry.uncompressedSize > maxBytes) throw new ZipFormatError(`${entry.name} is larger than the limit`);
  const local = await src.read(entry.localHeaderOffset, 30);
  if (local.length < 30 || local.readUInt32LE(0) !== LOCAL_SIG) throw new ZipFormatError(`local header of ${entry.name} missing`);
  const dataAt = entry.localHeaderOffset + 30 + local.readUInt16LE(26) + local.readUInt16LE(28);
  if (dataAt + entry.compressedSize > src.size) throw new ZipFormatError(`${entry.name} is truncated`);
  const data = await src.read(dataAt, entry.compressedSize);
  if (entry.method === 0) {
    if (entry.compressedSize !== entry.uncompressedSize) throw new ZipFormatError(`${entry.name} has inconsistent sizes`);
    return data;
  }
  if (entry.method !== 8) throw new ZipFormatError(`${entry.name} uses unsupported compression method ${entry.method}`);
  let out: Uint8Array;
  try {
    out = inflateSync(data, { out: new Uint8Array(entry.uncompressedSize) });
  } catch (err) {
    throw new ZipFormatError(`${entry.name} cannot be decompressed: ${(err as Error).message}`);
  }
  if (out.length !== entry.uncompressedSize) throw new ZipFormatError(`${entry.name} is shorter than declared`);
  return out;
}
