// Cookies are only ever read for the desk session; no cookie library for one header.
import type { FastifyRequest } from 'fastify';

export function readCookie(req: FastifyRequest, name: string): string | null {
  const header = req.headers.cookie;
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return null; // malformed escapes: no usable session
      }
    }
  }
  return null;
}
