// Builds the published OpenAPI 3.1 document from the route definitions themselves.
import type { ResponseDoc, RouteDef } from './route.js';
import { componentSchemas, errorResponse } from './schemas.js';

const PUBLIC_API = {
  title: 'Docdesk — Document Extraction Service API',
  description: 'Document Extraction Service API v1 as implemented by Docdesk.',
  security: [{ bearerAuth: [] }] as Record<string, string[]>[],
};

/** A route's response description as an OpenAPI 3.1 Response Object (schema under `content`). */
function responseObject(doc: ResponseDoc): Record<string, unknown> {
  const binary = { type: 'string', format: 'binary' };
  const content = doc.schema
    ? { 'application/json': { schema: doc.schema } }
    : doc.contentTypes
      ? Object.fromEntries(Object.entries(doc.contentTypes).map(([t, schema]) => [t, { schema }]))
      : doc.contentType
        ? { [doc.contentType]: { schema: binary } }
        : undefined;
  return {
    description: doc.description,
    headers: { 'X-Request-ID': { description: 'Request identifier.', schema: { type: 'string' } }, ...(doc.headers ?? {}) },
    ...(content ? { content } : {}),
  };
}

export function buildOpenApi(routes: RouteDef[], version: string, about = PUBLIC_API): Record<string, unknown> {
  const { security, ...info } = about;
  const paths: Record<string, Record<string, unknown>> = {};
  for (const r of routes) {
    const path = r.url.replace(/:([A-Za-z]+)/g, '{$1}');
    const parameters: unknown[] = [];
    for (const [name, schema] of Object.entries((r.params?.properties ?? {}) as Record<string, unknown>)) {
      parameters.push({ name, in: 'path', required: true, schema });
    }
    for (const [name, schema] of Object.entries((r.querystring?.properties ?? {}) as Record<string, unknown>)) {
      parameters.push({ name, in: 'query', required: false, schema });
    }
    for (const h of r.headers ?? []) parameters.push({ name: h.name, in: 'header', required: h.required, description: h.description, schema: h.schema });
    parameters.push({ name: 'X-Request-ID', in: 'header', required: false, description: 'Echoed on the response (max 128 characters); generated otherwise.', schema: { type: 'string', maxLength: 128 } });

    const responses: Record<string, unknown> = {};
    for (const [status, doc] of Object.entries(r.responses)) responses[status] = responseObject(doc);
    (paths[path] ??= {})[r.method.toLowerCase()] = {
      operationId: r.operationId,
      summary: r.summary,
      tags: r.tags,
      security: r.auth === null ? [] : security,
      ...(r.auth && r.auth !== 'authenticated' ? { 'x-required-ability': r.auth } : {}),
      parameters,
      ...(r.requestBody ? { requestBody: { required: r.requestBody.required, content: { [r.requestBody.contentType]: { schema: r.requestBody.schema } } } } : {}),
      responses,
    };
  }
  return {
    openapi: '3.1.0',
    info: { ...info, version },
    servers: [{ url: '/' }],
    paths,
    components: {
      schemas: componentSchemas,
      securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' }, deskSession: { type: 'apiKey', in: 'cookie', name: 'docdesk_session' } },
      responses: { Error: responseObject(errorResponse('Error envelope.')) },
    },
  };
}
