// Response bodies are serialized from the published response schemas (fast-json-stringify
// through Fastify's response schemas): the schema that documents a body also writes it, and
// a body carries exactly the properties its schema publishes. The serializer reads a schema
// as a template, so this view of the published schema keeps what it can write exactly:
// `required` and validation keywords are gone, and a subschema without an explicit `type`
// (anyOf, oneOf, allOf, enum, const, or a $ref to such) is written by JSON.stringify.
// A schema that does not describe its body (a wrong type, an unlisted property) would alter
// the data: tests run every server with DOCDESK_CHECK_SERIALIZATION=1, which compares each
// written body with JSON.stringify's (assertSchemaDescribes).
import { isDeepStrictEqual } from 'node:util';
import { ApiError } from './errors.js';
import type { JsonSchema } from './route.js';

/** Set for every server the tests start (scripts/run-tests.js). */
export const CHECK_SERIALIZATION = process.env.DOCDESK_CHECK_SERIALIZATION === '1';

/**
 * A published schema that does not describe its body (a wrong type, an unlisted property)
 * would alter the data; under CHECK_SERIALIZATION such a body fails its request instead.
 */
export function assertSchemaDescribes(payload: unknown, written: string, where: string): void {
  const expected = JSON.stringify(payload);
  if (!isDeepStrictEqual(JSON.parse(written), JSON.parse(expected))) {
    throw new ApiError(500, 'response_schema_mismatch', `The response schema of ${where} does not describe its body: wrote ${written}, expected ${expected}`);
  }
}

const COMPONENT_REF = '#/components/schemas/';

function serializerView(schema: unknown, components: Record<string, JsonSchema>, seen: Set<string>): JsonSchema {
  if (typeof schema !== 'object' || schema === null) return {};
  const s = schema as Record<string, unknown>;
  if (typeof s.$ref === 'string' && s.$ref.startsWith(COMPONENT_REF)) {
    const name = s.$ref.slice(COMPONENT_REF.length);
    // A recursive component is written by JSON.stringify below its first level.
    if (seen.has(name) || !components[name]) return {};
    return serializerView(components[name], components, new Set([...seen, name]));
  }
  const types = Array.isArray(s.type) ? (s.type as unknown[]) : s.type === undefined ? [] : [s.type];
  if (types.length === 0 || s.anyOf || s.oneOf || s.allOf || s.not || s.if) return {};
  const out: JsonSchema = { type: s.type };
  if (types.includes('object')) {
    if (s.properties) {
      out.properties = Object.fromEntries(Object.entries(s.properties as Record<string, unknown>).map(([k, v]) => [k, serializerView(v, components, seen)]));
    }
    // Listed properties are the published body; a map without listed properties keeps all.
    const extra = s.additionalProperties ?? !s.properties;
    out.additionalProperties = typeof extra === 'boolean' ? extra : serializerView(extra, components, seen);
  }
  if (types.includes('array')) out.items = Array.isArray(s.items) || s.items === undefined ? {} : serializerView(s.items, components, seen);
  return out;
}

/** The published response schema as the serializer should read it (component refs inlined). */
export function serializerSchema(schema: JsonSchema, components: Record<string, JsonSchema>): JsonSchema {
  return serializerView(schema, components, new Set());
}
