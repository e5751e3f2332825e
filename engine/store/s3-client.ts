// A small S3 client: the five calls the blob store needs (PUT, GET with Range, HEAD, DELETE,
// ListObjectsV2), signed with AWS Signature Version 4 over node's http(s). Payloads are
// signed with their real SHA-256 (known from staging), so the server rejects a corrupted
// body. Why not @aws-sdk/client-s3: see docs/decisions.md, "Blob store".
import { createHash, createHmac } from 'node:crypto';
import { createReadStream } from 'node:fs';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { pipeline, Readable } from 'node:stream';

export interface S3Config {
  /** Base URL of the service, e.g. http://127.0.0.1:9000 or https://s3.eu-central-1.amazonaws.com. */
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
  /** Bucket in the path (MinIO, most self-hosted servers) instead of the host name. */
  pathStyle: boolean;
  /** Metadata calls and idle sockets give up after this long. */
  timeoutMs?: number;
}

export class S3Error extends Error {
  constructor(readonly status: number, readonly s3Code: string, message: string) {
    super(message);
  }
}

export interface S3Object {
  key: string;
  size: number;
  lastModifiedMs: number;
}

const EMPTY_SHA256 = createHash('sha256').update('').digest('hex');

/** RFC 3986 encoding as SigV4 wants it (`/` kept in paths). */
export function uriEncode(s: string, keepSlash: boolean): string {
  const out = encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return keepSlash ? out.replace(/%2F/g, '/') : out;
}

const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest();
const sha256Hex = (data: string) => createHash('sha256').update(data).digest('hex');

export class S3Client {
  private readonly base: URL;
  private readonly agent: http.Agent;

  constructor(readonly config: S3Config) {
    this.base = new URL(config.endpoint);
    this.agent = this.base.protocol === 'https:' ? new https.Agent({ keepAlive: true, maxSockets: 16 }) : new http.Agent({ keepAlive: true, maxSockets: 16 });
  }

  close(): void {
    this.agent.destroy();
  }

  async putObject(key: string, body: { data: Buffer } | { path: string; size: number }, sha256: string): Promise<void> {
    const size = 'data' in body ? body.data.length : body.size;
    const res = await this.request('PUT', key, {}, { 'content-length': String(size), 'content-type': 'application/octet-stream' }, sha256, 'data' in body ? body.data : () => createReadStream(body.path));
    await expectOk(res);
  }

  /** The object's bytes as a stream; `null` when it does not exist. */
  async getObject(key: string, range?: { start: number; end: number }): Promise<{ body: Readable; size: number; totalSize: number } | null> {
    const res = await this.request('GET', key, {}, range ? { range: `bytes=${range.start}-${range.end}` } : {}, EMPTY_SHA256);
    if (res.statusCode === 404) {
      await drain(res);
      return null;
    }
    if (res.statusCode === 416) {
      // A range past the end of the object: nothing to send.
      await drain(res);
      const head = await this.headObject(key);
      if (!head) return null;
      return { body: Readable.from([]), size: 0, totalSize: head.size };
    }
    if (res.statusCode !== 200 && res.statusCode !== 206) await expectOk(res);
    const size = Number(res.headers['content-length'] ?? 0);
    const total = /\/(\d+)$/.exec(String(res.headers['content-range'] ?? ''))?.[1];
    return { body: res, size, totalSize: total ? Number(total) : size };
  }

  async headObject(key: string): Promise<S3Object | null> {
    const res = await this.request('HEAD', key, {}, {}, EMPTY_SHA256);
    await drain(res);
    if (res.statusCode === 404) return null;
    if (res.statusCode !== 200) throw new S3Error(res.statusCode ?? 0, `Http${res.statusCode}`, `S3 HEAD ${key} answered ${res.statusCode}`);
    return { key, size: Number(res.headers['content-length'] ?? 0), lastModifiedMs: Date.parse(String(res.headers['last-modified'] ?? '')) || 0 };
  }

  /** Idempotent: a missing object is not an error. */
  async deleteObject(key: string): Promise<void> {
    const res = await this.request('DELETE', key, {}, {}, EMPTY_SHA256);
    if (res.statusCode === 404) return drain(res);
    await expectOk(res);
  }

  async *listObjects(prefix: string): AsyncIterable<S3Object> {
    let token: string | null = null;
    do {
      const query: Record<string, string> = { 'list-type': '2', prefix, 'max-keys': '1000' };
      if (token) query['continuation-token'] = token;
      const res = await this.request('GET', null, query, {}, EMPTY_SHA256);
      const xml = await expectOk(res);
      for (const block of xml.match(/<Contents>[\s\S]*?<\/Contents>/g) ?? []) {
        yield { key: xmlText(block, 'Key') ?? '', size: Number(xmlText(block, 'Size') ?? 0), lastModifiedMs: Date.parse(xmlText(block, 'LastModified') ?? '') || 0 };
      }
      token = xmlText(xml, 'IsTruncated') === 'true' ? xmlText(xml, 'NextContinuationToken') : null;
    } while (token);
  }

  private request(method: string, key: string | null, query: Record<string, string>, headers: Record<string, string>, payloadSha256: string, body?: Buffer | (() => Readable)): Promise<IncomingMessage> {
    const { bucket, pathStyle } = this.config;
    const host = pathStyle ? this.base.host : `${bucket}.${this.base.host}`;
    const basePath = this.base.pathname.replace(/\/+$/, '');
    const objectPath = key === null ? '/' : `/${uriEncode(key, true)}`;
    const path = `${basePath}${pathStyle ? `/${uriEncode(bucket, false)}` : ''}${objectPath}`;
    const canonicalQuery = canonicalQueryString(query);
    const signed = signV4({ method, host, path, canonicalQuery, headers, payloadSha256, region: this.config.region, accessKeyId: this.config.accessKeyId, secretAccessKey: this.config.secretAccessKey, sessionToken: this.config.sessionToken });
    const transport = this.base.protocol === 'https:' ? https : http;
    return new Promise((resolveRes, reject) => {
      const req = transport.request(
        { protocol: this.base.protocol, hostname: this.base.hostname, port: this.base.port || undefined, method, path: canonicalQuery ? `${path}?${canonicalQuery}` : path, headers: signed, agent: this.agent, timeout: this.config.timeoutMs ?? 60_000 },
        resolveRes,
      );
      req.on('timeout', () => req.destroy(new Error(`S3 ${method} timed out`)));
      req.on('error', reject);
      // pipeline closes the file when the request fails half-way (and the request when the file does).
      if (typeof body === 'function') pipeline(body(), req, () => undefined);
      else req.end(body);
    });
  }
}

export function canonicalQueryString(query: Record<string, string>): string {
  return Object.keys(query)
    .sort()
    .map((k) => `${uriEncode(k, false)}=${uriEncode(query[k]!, false)}`)
    .join('&');
}

export interface SigningInput {
  method: string;
  host: string;
  /** The URI-encoded path. */
  path: string;
  /** The canonical (sorted, encoded) query string. */
  canonicalQuery: string;
  headers: Record<string, string>;
  payloadSha256: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
}

/** The request's headers with `host`, `x-amz-*` and `authorization` (SigV4, header form). */
export function signV4(input: SigningInput, now = new Date()): Record<string, string> {
  const amzDate = now.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
  const day = amzDate.slice(0, 8);
  const headers: Record<string, string> = { ...lowerKeys(input.headers), host: input.host, 'x-amz-content-sha256': input.payloadSha256, 'x-amz-date': amzDate };
  if (input.sessionToken) headers['x-amz-security-token'] = input.sessionToken;
  const names = Object.keys(headers).sort();
  const canonicalHeaders = names.map((n) => `${n}:${headers[n]!.trim().replace(/\s+/g, ' ')}\n`).join('');
  const signedHeaders = names.join(';');
  const canonicalRequest = [input.method, input.path, input.canonicalQuery, canonicalHeaders, signedHeaders, input.payloadSha256].join('\n');
  const scope = `${day}/${input.region}/s3/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256Hex(canonicalRequest)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${input.secretAccessKey}`, day), input.region), 's3'), 'aws4_request');
  const signature = createHmac('sha256', key).update(stringToSign).digest('hex');
  headers.authorization = `AWS4-HMAC-SHA256 Credential=${input.accessKeyId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`;
  return headers;
}

function lowerKeys(h: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(h).map(([k, v]) => [k.toLowerCase(), v]));
}

function xmlText(xml: string, tag: string): string | null {
  const m = new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`).exec(xml);
  return m ? decodeXml(m[1]!) : null;
}

function decodeXml(s: string): string {
  return s.replace(/&(lt|gt|quot|apos|amp|#\d+|#x[0-9a-fA-F]+);/g, (_, e: string) => {
    if (e === 'lt') return '<';
    if (e === 'gt') return '>';
    if (e === 'quot') return '"';
    if (e === 'apos') return "'";
    if (e === 'amp') return '&';
    return String.fromCodePoint(e[1] === 'x' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10));
  });
}

async function readBody(res: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of res) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function drain(res: IncomingMessage): Promise<void> {
  res.resume();
  return new Promise((r) => (res.complete ? r() : res.once('end', r).once('close', r)));
}

/** The body of a 2xx answer; an S3Error with the service's code otherwise. */
async function expectOk(res: IncomingMessage): Promise<string> {
  const text = await readBody(res);
  const status = res.statusCode ?? 0;
  if (status >= 200 && status < 300) return text;
  const code = xmlText(text, 'Code') ?? `Http${status}`;
  throw new S3Error(status, code, `S3 answered ${status} ${code}${xmlText(text, 'Message') ? `: ${xmlText(text, 'Message')}` : ''}`);
}
