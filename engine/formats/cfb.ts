// Reads the names of the top-level streams and storages of an OLE compound file (CFB).
// Outlook .msg, legacy .doc/.xls/.ppt and many other files share the CFB magic; only the
// stream names tell them apart. Reads the header, the FAT sectors it needs and the
// directory chain, never the whole file.
import type { ByteSource } from './bytes.js';

export const CFB_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

class CfbFormatError extends Error {}

const END_OF_CHAIN = 0xfffffffe;
const MAX_SECTOR = 0xfffffffa;
const NO_STREAM = 0xffffffff;
/** Enough for any real message's top level; bounds the work on hostile files. */
const MAX_DIRECTORY_SECTORS = 512;
const MAX_DIFAT_SECTORS = 4096;

export async function listCfbTopLevelNames(src: ByteSource): Promise<string[]> {
  const header = await src.read(0, 512);
  if (header.length < 512 || !header.subarray(0, 8).equals(CFB_MAGIC)) throw new CfbFormatError('not a compound file');
  const shift = header.readUInt16LE(0x1e);
  if (shift !== 9 && shift !== 12) throw new CfbFormatError('unsupported sector size');
  const sectorSize = 1 << shift;
  const perSector = sectorSize / 4;
  const firstDirSector = header.readUInt32LE(0x30);
  const firstDifatSector = header.readUInt32LE(0x44);
  const difatCount = header.readUInt32LE(0x48);

  const sectorOffset = (n: number) => (n + 1) * sectorSize;
  const readSector = async (n: number): Promise<Buffer> => {
    if (n > MAX_SECTOR || sectorOffset(n) >= src.size) throw new CfbFormatError('sector outside the file');
    const s = await src.read(sectorOffset(n), sectorSize);
    // Writers may omit the padding of the last sector.
    return s.length === sectorSize ? s : Buffer.concat([s, Buffer.alloc(sectorSize - s.length)]);
  };

  // The DIFAT lists the FAT sectors: 109 in the header, the rest in a chain of DIFAT sectors,
  // which is only followed as far as needed.
  const difat: number[] = [];
  for (let i = 0; i < 109; i++) difat.push(header.readUInt32LE(0x4c + i * 4));
  let nextDifat = firstDifatSector;
  let difatRead = 0;
  const fatSectorFor = async (index: number): Promise<number> => {
    while (index >= difat.length) {
      if (nextDifat > MAX_SECTOR || difatRead >= Math.min(difatCount, MAX_DIFAT_SECTORS)) throw new CfbFormatError('FAT sector missing');
      const s = await readSector(nextDifat);
      difatRead++;
      for (let i = 0; i < perSector - 1; i++) difat.push(s.readUInt32LE(i * 4));
      nextDifat = s.readUInt32LE((perSector - 1) * 4);
    }
    return difat[index]!;
  };
  const fatCache = new Map<number, Buffer>();
  const nextSector = async (n: number): Promise<number> => {
    const fatIndex = Math.floor(n / perSector);
    let fat = fatCache.get(fatIndex);
    if (!fat) {
      const fatSector = await fatSectorFor(fatIndex);
      if (fatSector > MAX_SECTOR) throw new CfbFormatError('FAT sector missing');
      fat = await readSector(fatSector);
      fatCache.set(fatIndex, fat);
    }
    return fat.readUInt32LE((n % perSector) * 4);
  };

  const dirSectors: Buffer[] = [];
  const seen = new Set<number>();
  for (let s = firstDirSector; s !== END_OF_CHAIN; s = await nextSector(s)) {
    if (s > MAX_SECTOR || seen.has(s)) throw new CfbFormatError('broken directory chain');
    if (dirSectors.length >= MAX_DIRECTORY_SECTORS) break;
    seen.add(s);
    dirSectors.push(await readSector(s));
  }
  const dir = Buffer.concat(dirSectors);
  const count = Math.floor(dir.length / 128);
  const entry = (i: number) => {
    const at = i * 128;
    const nameLen = Math.min(dir.readUInt16LE(at + 0x40), 64);
    return {
      name: dir.toString('utf16le', at, at + Math.max(0, nameLen - 2)),
      type: dir[at + 0x42]!,
      left: dir.readUInt32LE(at + 0x44),
      right: dir.readUInt32LE(at + 0x48),
      child: dir.readUInt32LE(at + 0x4c),
    };
  };
  if (count === 0 || entry(0).type !== 5) throw new CfbFormatError('root entry missing');

  // The root's children form a binary tree through left/right sibling links.
  const names: string[] = [];
  const stack = [entry(0).child];
  const visited = new Set<number>();
  while (stack.length > 0) {
    const i = stack.pop()!;
    if (i === NO_STREAM || i >= count || visited.has(i)) continue;
    visited.add(i);
    const e = entry(i);
    if (e.type === 1 || e.type === 2) names.push(e.name);
    stack.push(e.left, e.right);
  }
  return names;
}

/**
 * Throws unless every sector chain (FAT and mini FAT) ends and the directory is a tree.
 * msgreader follows chains and sibling links without bounds, so a compound file with a loop
 * would spin a worker forever (found by the fuzzer); it only gets files that pass this.
 */
export function assertCfbChainsEnd(data: Uint8Array): void {
  const b = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  if (b.length < 512 || !b.subarray(0, 8).equals(CFB_MAGIC)) throw new CfbFormatError('not a compound file');
  const shift = b.readUInt16LE(0x1e);
  if (shift !== 9 && shift !== 12) throw new CfbFormatError('unsupported sector size');
  const sectorSize = 1 << shift;
  const perSector = sectorSize / 4;
  const sectorsInFile = Math.ceil(b.length / sectorSize) - 1;
  const sector = (n: number) => {
    if (n >= sectorsInFile) throw new CfbFormatError('sector outside the file');
    const at = (n + 1) * sectorSize;
    const s = b.subarray(at, at + sectorSize);
    return s.length === sectorSize ? s : Buffer.concat([s, Buffer.alloc(sectorSize - s.length)]);
  };

  // The FAT, from the DIFAT in the header and its chain.
  const fatSectors: number[] = [];
  for (let i = 0; i < 109; i++) fatSectors.push(b.readUInt32LE(0x4c + i * 4));
  const difatSeen = new Set<number>();
  for (let d = b.readUInt32LE(0x44); d <= MAX_SECTOR; ) {
    if (difatSeen.has(d) || difatSeen.size >= MAX_DIFAT_SECTORS) throw new CfbFormatError('DIFAT chain loops');
    difatSeen.add(d);
    const s = sector(d);
    for (let i = 0; i < perSector - 1; i++) fatSectors.push(s.readUInt32LE(i * 4));
    d = s.readUInt32LE((perSector - 1) * 4);
  }
  const fat: number[] = [];
  for (const f of fatSectors.slice(0, b.readUInt32LE(0x2c))) {
    if (f > MAX_SECTOR) break;
    const s = sector(f);
    for (let i = 0; i < perSector; i++) fat.push(s.readUInt32LE(i * 4));
  }
  assertChainsEnd(fat, Math.min(fat.length, sectorsInFile), 'FAT');
  const chain = (start: number, table: number[]) => {
    const out: number[] = [];
    for (let s = start; s !== END_OF_CHAIN; s = table[s]!) {
      if (s > MAX_SECTOR || s >= table.length) throw new CfbFormatError('chain leaves its table');
      out.push(s);
    }
    return out;
  };

  const dir = Buffer.concat(chain(b.readUInt32LE(0x30), fat).map(sector));
  const count = Math.floor(dir.length / 128);
  const miniFat: number[] = [];
  for (const s of b.readUInt32LE(0x3c) === END_OF_CHAIN ? [] : chain(b.readUInt32LE(0x3c), fat)) {
    const m = sector(s);
    for (let i = 0; i < perSector; i++) miniFat.push(m.readUInt32LE(i * 4));
  }
  assertChainsEnd(miniFat, miniFat.length, 'mini FAT');

  // The directory: a tree of sibling and child links from the root, every entry at most once,
  // every stream starting inside its table.
  const cutoff = b.readUInt32LE(0x38);
  const visited = new Set<number>();
  const stack = [0];
  while (stack.length > 0) {
    const i = stack.pop()!;
    if (i === NO_STREAM) continue;
    if (i >= count || visited.has(i)) throw new CfbFormatError('directory is not a tree');
    visited.add(i);
    const at = i * 128;
    const type = dir[at + 0x42]!;
    const start = dir.readUInt32LE(at + 0x74);
    const size = dir.readUInt32LE(at + 0x78);
    if (type === 2 && start !== END_OF_CHAIN) chain(start, size < cutoff ? miniFat : fat);
    if (type === 5 && start !== END_OF_CHAIN) chain(start, fat);
    stack.push(dir.readUInt32LE(at + 0x44), dir.readUInt32LE(at + 0x48), dir.readUInt32LE(at + 0x4c));
  }
}

/** Every chain in `table` (entries below `limit` link to the next sector) reaches END_OF_CHAIN. */
function assertChainsEnd(table: number[], limit: number, what: string): void {
  const state = new Uint8Array(table.length); // 0 new, 1 on the current path, 2 known to end
  for (let start = 0; start < limit; start++) {
    const path: number[] = [];
    let s = start;
    while (s <= MAX_SECTOR && state[s] !== 2) {
      if (s >= table.length) throw new CfbFormatError(`${what} chain leaves the table`);
      if (state[s] === 1) throw new CfbFormatError(`${what} chain loops`);
      state[s] = 1;
      path.push(s);
      s = table[s]!;
    }
    for (const p of path) state[p] = 2;
  }
}
