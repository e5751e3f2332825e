// One definition per operation: the Fastify route and its OpenAPI entry come from the
// same object, so the published contract cannot drift from what the server does.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AuthenticatedToken } from '../accounts/accounts.js';
import type { Ability } from '../accounts/abilities.js';
import type { EngineContext } from '../context.js';

export type JsonSchema = Record<string, unknown>;

/** Which rate-limit family a request counts against (spec 8, rate limits). */
export type RateClass = 'read' | 'upload' | 'delete' | 'review' | 'anonymous_upload' | 'anonymous_status' | 'none';

export interface ResponseDoc {
  description: string;
  /** JSON body schema; omitted for binary or empty responses. */
  schema?: JsonSchema;
  /** Non-JSON content type (e.g. image/jpeg) for binary responses. */
  contentType?: string;
  /** Several possible content types with their schemas (e.g. a projection that is CSV or JSON). */
  contentTypes?: Record<string, JsonSchema>;
  headers?: Record<string, { description: string; schema: JsonSchema }>;
}

export interface HandlerContext {
  engine: EngineContext;
  auth: AuthenticatedToken | null;
  baseUrl: string;
}

export interface RouteDef {
  method: 'GET' | 'POST' | 'DELETE';
  /** Fastify-style path (`:document`); OpenAPI gets `{document}`. */
  url: string;
  operationId: string;
  summary: string;
  tags: string[];
  /** null: anonymous route; 'authenticated': any valid token; else the required ability. */
  auth: Ability | 'authenticated' | null;
  rateClass: RateClass;
  params?: JsonSchema;
  querystring?: JsonSchema;
  headers?: Array<{ name: string; required: boolean; description: string; schema: JsonSchema }>;
  requestBody?: { contentType: string; schema: JsonSchema; required: boolean };
  responses: Record<number, ResponseDoc>;
  handler: (req: FastifyRequest, reply: FastifyReply, ctx: HandlerContext) => Promise<unknown>;
}

export const defineRoutes = (routes: RouteDef[]): RouteDef[] => routes;
