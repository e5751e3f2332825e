// The desk page's Content-Security-Policy. A module with no imports: the Electron shell
// enforces the same policy without loading the engine (whose native modules are built for
// Node in a development checkout).
/** The desk runs no inline script, loads nothing from elsewhere and cannot be framed. */
export const DESK_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "connect-src 'self'",
  "font-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');
