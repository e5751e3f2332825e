// Serves the desk UI (the React renderer built into dist/renderer) at `/`, and turns a
// one-time sign-in link (`/?login=CODE`, printed by `docdesk serve`) into a session cookie.
// Until the renderer is built, a small page says where the API is.
import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { consumeLoginCode, createSession } from '../accounts/sessions.js';
import type { EngineContext } from '../context.js';
import { DOCDESK_VERSION } from '../version.js';
import { sessionCookie } from './routes/desk.js';
import { DESK_CSP } from './csp.js';

const RENDERER_DIR = fileURLToPath(new URL('../../renderer/', import.meta.url));


const CONTENT_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json',
};
const SAFE_NAME = /^[A-Za-z0-9._-]{1,200}$/;

export async function registerAppShell(app: FastifyInstance, engine: EngineContext, rendererDir = RENDERER_DIR): Promise<{ sendIndex: (reply: FastifyReply) => FastifyReply }> {
  const indexFile = join(rendererDir, 'index.html');
  // Read once: the shell is small and the build does not change under a running server.
  const indexHtml = existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : placeholder(engine);

  const sendIndex = (reply: FastifyReply) => {
    reply.header('Content-Security-Policy', DESK_CSP);
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'no-referrer');
    reply.header('Cache-Control', 'no-store');
    return reply.type('text/html; charset=utf-8').send(indexHtml);
  };

  app.get('/', async (req, reply) => {
    const { login } = req.query as { login?: string };
    if (typeof login === 'string') {
      app.authThrottle.check('signin_code', req.ip, reply);
      const tokenId = login.length <= 100 ? await consumeLoginCode(engine.db, login) : null;
      reply.header('Referrer-Policy', 'no-referrer');
      if (tokenId === null) {
        app.authThrottle.fail('signin_code', req.ip);
        return reply.redirect('/?signin=expired', 302);
      }
      const { sessionId } = await createSession(engine.db, tokenId);
      reply.header('Set-Cookie', sessionCookie(sessionId));
      return reply.redirect('/', 302);
    }
    return sendIndex(reply);
  });

  const sendStatic = async (reply: FastifyReply, dir: string, name: string, immutable: boolean) => {
    const type = CONTENT_TYPES[extname(name)];
    if (!SAFE_NAME.test(name) || !type) return null;
    const body = await readFile(join(dir, name)).catch(() => null);
    if (!body) return null;
    reply.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    reply.header('X-Content-Type-Options', 'nosniff');
    return reply.type(type).send(body);
  };

  app.get('/assets/:name', async (req, reply) => {
    const sent = await sendStatic(reply, join(rendererDir, 'assets'), (req.params as { name: string }).name, true);
    if (sent === null) return reply.callNotFound();
    return sent;
  });
  app.get('/:name', async (req, reply) => {
    const sent = await sendStatic(reply, rendererDir, (req.params as { name: string }).name, false);
    if (sent === null) return reply.callNotFound();
    return sent;
  });
  return { sendIndex };
}

/** Client-side routes of the desk (a browser reload on /documents/12) get the shell. */
export function wantsDeskShell(req: FastifyRequest): boolean {
  const path = req.url.split('?')[0]!;
  return req.method === 'GET' && !path.startsWith('/api/') && !path.startsWith('/app/') && !path.startsWith('/assets/') && (req.headers.accept ?? '').includes('text/html');
}

function placeholder(engine: EngineContext): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Docdesk</title>
<style>body{font:16px system-ui,sans-serif;max-width:42rem;margin:3rem auto;padding:0 1rem;line-height:1.5}code{background:#eee;padding:.1rem .3rem}</style></head>
<body><main><h1>Docdesk ${DOCDESK_VERSION}</h1>
<p>The engine is running, but the desk UI has not been built (run <code>npm run build</code>). The API is at <code>/api/v1</code>; its contract is at <a href="/api/v1/openapi.json">/api/v1/openapi.json</a>.</p>
<p>The app token of this installation is stored in <code>${escapeHtml(engine.layout.appTokenFile)}</code>.</p>
</main></body></html>`;
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}
