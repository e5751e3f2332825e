// Random access to the bytes of a file or an in-memory buffer. Format sniffing and the zip
// reader only ever look at a few regions (head, tail, central directory), so they go through
// this small interface instead of reading whole files.
import { open, type FileHandle } from 'node:fs/promises';

export interface ByteSource {
  readonly size: number;
  /** Reads up to `length` bytes at `offset`; shorter only at the end of the data. */
  read(offset: number, length: number): Promise<Buffer>;
}

export function bufferSource(data: Uint8Array): ByteSource {
  const buf = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  return {
    size: buf.length,
    async read(offset, length) {
      const start = Math.max(0, Math.min(offset, buf.length));
      return buf.subarray(start, Math.min(buf.length, start + Math.max(0, length)));
    },
  };
}

function fileSource(fh: FileHandle, size: number): ByteSource {
  return {
    size,
    async read(offset, length) {
      const want = Math.max(0, Math.min(length, size - offset));
      const out = Buffer.allocUnsafe(want);
      let got = 0;
      while (got < want) {
        const { bytesRead } = await fh.read(out, got, want - got, offset + got);
        if (bytesRead === 0) break; // the file shrank under us
        got += bytesRead;
      }
      return got === want ? out : out.subarray(0, got);
    },
  };
}

/** Opens `path` for the duration of `fn` and always closes it again. */
export async function withFileSource<T>(path: string, fn: (src: ByteSource) => Promise<T>): Promise<T> {
  const fh = await open(path, 'r');
  try {
    const { size } = await fh.stat();
    return await fn(fileSource(fh, size));
  } finally {
    await fh.close();
  }
}
