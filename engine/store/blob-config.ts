// Which blob store an engine process uses: the data folder unless DOCDESK_BLOB_URL names a
// bucket. Every process of one installation (API servers, workers, CLI) must see the same
// settings, as they must see the same database.
import type { DataLayout } from '../config/paths.js';
import type { BlobStore } from './blobs.js';
import { LocalBlobStore } from './blobs-local.js';
import { S3BlobStore } from './blobs-s3.js';
import type { S3Config } from './s3-client.js';

export type BlobSettings = { kind: 'local' } | { kind: 's3'; config: S3Config; prefix: string };

export class BlobConfigError extends Error {}

/**
 * DOCDESK_BLOB_URL: unset, `file:` or `local` = the data folder; `s3://bucket[/prefix]` = a
 * bucket. For S3: DOCDESK_S3_ENDPOINT (or AWS_ENDPOINT_URL_S3 / AWS_ENDPOINT_URL; AWS itself
 * when unset), DOCDESK_S3_REGION (or AWS_REGION / AWS_DEFAULT_REGION; us-east-1),
 * AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY (/ AWS_SESSION_TOKEN), and
 * DOCDESK_S3_PATH_STYLE=true|false (default: true with an explicit endpoint).
 */
export function blobSettings(env: NodeJS.ProcessEnv = process.env): BlobSettings {
  const raw = env.DOCDESK_BLOB_URL?.trim();
  if (!raw || raw === 'local' || raw.startsWith('file:')) return { kind: 'local' };
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new BlobConfigError(`DOCDESK_BLOB_URL "${raw}" is not a URL; use s3://bucket[/prefix] or leave it unset for the data folder.`);
  }
  if (url.protocol !== 's3:' || !url.hostname) throw new BlobConfigError(`DOCDESK_BLOB_URL "${raw}": only s3://bucket[/prefix] is supported.`);
  const accessKeyId = env.AWS_ACCESS_KEY_ID;
  const secretAccessKey = env.AWS_SECRET_ACCESS_KEY;
  if (!accessKeyId || !secretAccessKey) throw new BlobConfigError('DOCDESK_BLOB_URL names an S3 bucket but AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY are not both set.');
  const region = env.DOCDESK_S3_REGION || env.AWS_REGION || env.AWS_DEFAULT_REGION || 'us-east-1';
  const explicitEndpoint = env.DOCDESK_S3_ENDPOINT || env.AWS_ENDPOINT_URL_S3 || env.AWS_ENDPOINT_URL;
  const pathStyleEnv = env.DOCDESK_S3_PATH_STYLE?.toLowerCase();
  const pathStyle = pathStyleEnv ? pathStyleEnv === 'true' || pathStyleEnv === '1' : Boolean(explicitEndpoint);
  const endpoint = explicitEndpoint || `https://s3.${region}.amazonaws.com`;
  try {
    new URL(endpoint);
  } catch {
    throw new BlobConfigError(`The S3 endpoint "${endpoint}" is not a URL (e.g. http://127.0.0.1:9000).`);
  }
  const path = decodeURIComponent(url.pathname).replace(/^\/+|\/+$/g, '');
  return {
    kind: 's3',
    prefix: path ? `${path}/` : '',
    config: { endpoint, region, bucket: url.hostname, accessKeyId, secretAccessKey, sessionToken: env.AWS_SESSION_TOKEN || undefined, pathStyle },
  };
}

/** The configured store, not yet initialised (call init()). */
export function createBlobStore(layout: DataLayout, env: NodeJS.ProcessEnv = process.env): BlobStore {
  const settings = blobSettings(env);
  return settings.kind === 'local' ? new LocalBlobStore(layout) : new S3BlobStore(layout, settings.config, settings.prefix);
}

/**
 * How old an unreferenced stored file must be before the startup sweep removes it. Alone on
 * its data folder and SQLite database (the desktop) nothing can be in flight, so 0; when the
 * database or the bucket is shared, another process may have stored bytes whose row is
 * about to commit: an hour (DOCDESK_BLOB_ORPHAN_GRACE_MS overrides).
 */
export function orphanGraceMs(store: BlobStore, env: NodeJS.ProcessEnv = process.env): number {
  const fromEnv = Number(env.DOCDESK_BLOB_ORPHAN_GRACE_MS);
  if (env.DOCDESK_BLOB_ORPHAN_GRACE_MS && Number.isFinite(fromEnv) && fromEnv >= 0) return fromEnv;
  return store.kind === 's3' || env.DOCDESK_DATABASE_URL ? 3_600_000 : 0;
}
