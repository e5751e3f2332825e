// Decoding the start of a text file whose encoding is only known from its first bytes
// (byte order mark, or the zero bytes of UTF-16). Shared by sniffing and the XML guards.

export function decodeTextStart(h: Uint8Array, maxBytes = 4096): string {
  const b = Buffer.from(h.buffer, h.byteOffset, Math.min(h.byteLength, maxBytes) & ~1); // even, for UTF-16
  if (b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf) return b.toString('utf8', 3);
  if (b[0] === 0xff && b[1] === 0xfe) return b.toString('utf16le', 2);
  if (b[0] === 0xfe && b[1] === 0xff) return Buffer.from(b.subarray(2)).swap16().toString('utf16le');
  // UTF-16 without a byte order mark: '<' next to a zero byte.
  if (b[0] === 0x3c && b[1] === 0x00) return b.toString('utf16le');
  if (b[0] === 0x00 && b[1] === 0x3c) return Buffer.from(b).swap16().toString('utf16le');
  return b.toString('utf8');
}
