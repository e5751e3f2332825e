// The localhost surface (docs/security.md): which Host headers the server answers, and the
// one origin every URL in a response is built from. A web page elsewhere can make the
// browser send requests to 127.0.0.1 under its own host name (DNS rebinding); the server
// answers only the names it is really reached by.

const LOOPBACK_BINDS = new Set(['127.0.0.1', 'localhost', '::1', '[::1]']);
const WILDCARD_BINDS = new Set(['0.0.0.0', '::', '[::]', '']);

function isLoopbackBind(host: string): boolean {
  return LOOPBACK_BINDS.has(host.toLowerCase()) || /^127\.\d+\.\d+\.\d+$/.test(host);
}

function isWildcardBind(host: string): boolean {
  return WILDCARD_BINDS.has(host);
}

/** A configured public origin: scheme, host and optional port, nothing else. */
export function normalizeOrigin(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`the public origin "${value}" is not a URL (e.g. https://docdesk.example.org)`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('the public origin must use http or https');
  if (url.username || url.password || (url.pathname !== '/' && url.pathname !== '') || url.search || url.hash) throw new Error('the public origin is scheme://host[:port] only, without a path');
  return url.origin;
}

const hostPart = (host: string) => (host.includes(':') && !host.startsWith('[') ? `[${host}]` : host);

/** The origin responses use: the configured public origin, else the loopback address. */
export function serverOrigin(bindHost: string, port: number, publicOrigin?: string | null): string {
  if (publicOrigin) return publicOrigin;
  if (isWildcardBind(bindHost) || isLoopbackBind(bindHost)) return `http://127.0.0.1:${port}`;
  return `http://${hostPart(bindHost)}:${port}`;
}

/** Host header values the server answers (lower case, with port). */
export function allowedHosts(bindHost: string, port: number, publicOrigin?: string | null): Set<string> {
  const hosts = new Set([`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`]);
  if (!isWildcardBind(bindHost) && !isLoopbackBind(bindHost)) hosts.add(`${hostPart(bindHost).toLowerCase()}:${port}`);
  if (publicOrigin) {
    const url = new URL(publicOrigin);
    hosts.add(url.host.toLowerCase());
    // A default port may be sent explicitly.
    hosts.add(`${url.hostname.toLowerCase()}:${url.port || (url.protocol === 'https:' ? '443' : '80')}`);
  }
  return hosts;
}

/** What `serve` prints when it listens beyond this machine: loud, on stderr, every start. */
export function nonLoopbackWarning(bindHost: string, port: number, publicOrigin: string | null): string | null {
  if (isLoopbackBind(bindHost)) return null;
  const bar = '!'.repeat(78);
  return [
    bar,
    `WARNING: Docdesk is listening on ${bindHost}:${port}, not only on this machine (127.0.0.1).`,
    'Every document, token and the desk are reachable from the network, over plain HTTP unless a',
    'TLS proxy sits in front. Docdesk is built as a local workstation; bind to 127.0.0.1 unless you',
    'really mean to serve other machines.',
    publicOrigin
      ? `Requests must be addressed to ${publicOrigin} (or the loopback names).`
      : 'Only requests addressed to the loopback names are answered; set --public-origin to the URL clients use.',
    bar,
  ].join('\n');
}
