// The published OpenAPI document as a validator: real responses are checked against the
// response schemas the server itself publishes, so the contract cannot drift from the
// behaviour. `#/components/schemas/X` references resolve because every component is
// registered with Ajv under exactly that key.
import assert from 'node:assert/strict';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { ValidateFunction } from 'ajv';
import type { Reply } from './support.js';

export interface Operation {
  method: string;
  path: string;
  op: any;
}

export class Contract {
  private readonly ajv;
  private readonly cache = new Map<unknown, ValidateFunction>();

  constructor(readonly doc: any) {
    this.ajv = new Ajv2020.default({ allErrors: true, strict: true, allowUnionTypes: true });
    addFormats.default(this.ajv);
    for (const [name, schema] of Object.entries(doc.components?.schemas ?? {})) {
      this.ajv.addSchema(schema as object, `#/components/schemas/${name}`);
    }
  }

  operations(): Operation[] {
    const out: Operation[] = [];
    for (const [path, item] of Object.entries(this.doc.paths as Record<string, Record<string, any>>)) {
      for (const [method, op] of Object.entries(item)) out.push({ method: method.toUpperCase(), path, op });
    }
    return out;
  }

  operation(operationId: string): Operation {
    const found = this.operations().find((o) => o.op.operationId === operationId);
    assert.ok(found, `the contract has no operation ${operationId}`);
    return found;
  }

  /** Validates `value` against a schema object from the document (refs resolve to components). */
  validator(schema: object): ValidateFunction {
    let v = this.cache.get(schema);
    if (!v) {
      v = this.ajv.compile(schema);
      this.cache.set(schema, v);
    }
    return v;
  }

  component(name: string): ValidateFunction {
    const v = this.ajv.getSchema(`#/components/schemas/${name}`);
    assert.ok(v, `no component schema ${name}`);
    return v;
  }

  /**
   * Asserts that `reply` is a documented response of `operationId`: its status is listed,
   * and its body (JSON) or content type (binary) is the documented one.
   */
  assertResponse(operationId: string, reply: Reply): void {
    const { op, method, path } = this.operation(operationId);
    const doc = op.responses?.[String(reply.status)];
    assert.ok(doc, `${operationId} (${method} ${path}) does not document status ${reply.status}`);
    const content = doc.content as Record<string, { schema: object }> | undefined;
    const type = (reply.headers.get('content-type') ?? '').split(';')[0]!.trim();
    if (!content) {
      assert.equal(reply.bytes.length, 0, `${operationId} ${reply.status} documents no body but one was sent`);
      return;
    }
    if (type === 'application/json') {
      const schema = content['application/json']?.schema;
      assert.ok(schema, `${operationId} ${reply.status} answered JSON but documents ${Object.keys(content).join(', ')}`);
      const validate = this.validator(schema);
      assert.ok(validate(reply.body), `${operationId} ${reply.status} body violates the published schema: ${this.ajv.errorsText(validate.errors)}\n${JSON.stringify(reply.body).slice(0, 800)}`);
    } else {
      assert.ok(Object.keys(content).some((t) => t === type || t === 'application/octet-stream'), `${operationId} ${reply.status}: content type ${type} is not documented (${Object.keys(content).join(', ')})`);
    }
  }
}

export async function loadContract(url: string): Promise<Contract> {
  const res = await fetch(`${url}/api/v1/openapi.json`);
  assert.equal(res.status, 200);
  return new Contract(await res.json());
}
