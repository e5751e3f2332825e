// Serves the web UI at `/`. The React renderer is built into dist/renderer; until it is
// built, a small page says where the API is and how to authenticate.
import type { FastifyInstance } from 'fastify';
import type { EngineContext } from '../context.js';
import { DOCDESK_VERSION } from '../version.js';

export async function registerAppShell(app: FastifyInstance, engine: EngineContext): Promise<void> {
  app.get('/', async (_req, reply) => {
    reply.type('text/html; charset=utf-8');
    reply.header('Content-Security-Policy', "default-src 'self'; style-src 'self' 'unsafe-inline'");
    return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Docdesk</title>
<style>body{font:16px system-ui,sans-serif;max-width:42rem;margin:3rem auto;padding:0 1rem;line-height:1.5}code{background:#eee;padding:.1rem .3rem}</style></head>
<body><main><h1>Docdesk ${DOCDESK_VERSION}</h1>
<p>The engine is running. The API is at <code>/api/v1</code>; its contract is at <a href="/api/v1/openapi.json">/api/v1/openapi.json</a>.</p>
<p>The app token of this installation is stored in <code>${escapeHtml(engine.layout.appTokenFile)}</code>.</p>
</main></body></html>`;
  });
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}
