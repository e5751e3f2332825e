// Batch import (issue 18): every item goes through POST /api/v1/documents in-process with
// one Idempotency-Key per file content and settings, so a re-run, a restarted watcher or a
// second copy of a file never creates a document twice.
import { createHash } from 'node:crypto';
import type { ImportItem } from './files.js';
import type { LocalApi, Origin, UploadForm } from './local-api.js';

export type ItemStatus = 'imported' | 'skipped' | 'failed';

export interface ItemResult {
  path: string;
  filename: string;
  status: ItemStatus;
  document_id: number | null;
  /** Why skipped or failed (machine-readable where the API gave a code). */
  reason: string | null;
  message: string | null;
  /** Filled by --wait: the document's terminal status. */
  document_status?: string;
}

export interface ImportSettings {
  processing_mode?: string;
  extraction_profile?: string;
  processing_lane?: string;
  pages?: string;
  allow_ai_processing?: string;
}

export interface ImportCounters {
  total: number;
  done: number;
  imported: number;
  skipped: number;
  failed: number;
  bytes: number;
  startedAt: number;
}

/** A token lacking `documents:write`, a revoked token, a suspended account: no point going on. */
export class ImportRefused extends Error {
  constructor(readonly status: number, readonly code: string, message: string) {
    super(message);
  }
}

/** One key per content and settings (not per name or path): the same bytes imported twice are one upload. */
export function importKey(sha256: string, settings: ImportSettings): string {
  const opts = createHash('sha256').update(JSON.stringify(Object.entries(settings).filter(([, v]) => v !== undefined).sort())).digest('hex').slice(0, 16);
  return `docdesk-import-${sha256}-${opts}`;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function importItem(api: LocalApi, item: ImportItem, settings: ImportSettings, origin: Origin = 'api'): Promise<ItemResult> {
  const form: UploadForm = { ...settings };
  const key = importKey(item.sha256, settings);
  const result = (status: ItemStatus, documentId: number | null, reason: string | null, message: string | null): ItemResult => ({ path: item.label, filename: item.filename, status, document_id: documentId, reason, message });
  for (let attempt = 0; ; attempt++) {
    const res = await api.upload(item.source, item.filename, form, key, origin);
    const body = res.body as { data?: { id: number }; document?: { id: number }; code?: string; message?: string; conflict_reason?: string; errors?: Record<string, string[]> };
    const replayed = res.headers['idempotent-replayed'] === 'true';
    if (res.status === 201) return replayed ? result('skipped', body.data!.id, 'already_imported', null) : result('imported', body.data!.id, null, null);
    if (res.status === 402) return result('failed', body.document?.id ?? null, 'insufficient_credits', body.message ?? null);
    if (res.status === 429 && attempt < 20) {
      // Keep the same key: the spec's retry rule for rate-limited uploads.
      await sleep(Math.max(1, Number(res.headers['retry-after'] ?? 1)) * 1000);
      continue;
    }
    if (res.status === 409 && body.conflict_reason === 'request_in_progress' && attempt < 120) {
      await sleep(500); // another importer (the watcher, a second run) is sending the same content
      continue;
    }
    if (res.status === 409 && body.conflict_reason === 'payload_mismatch') {
      return result('skipped', null, 'same_content', 'The same content was already imported under another file name.');
    }
    if (res.status === 401 || res.status === 403) throw new ImportRefused(res.status, body.code ?? 'forbidden', body.message ?? 'refused');
    const detail = body.errors ? Object.entries(body.errors).map(([f, m]) => `${f}: ${m.join(' ')}`).join('; ') : null;
    return result('failed', body.document?.id ?? null, body.code ?? `http_${res.status}`, detail ?? body.message ?? null);
  }
}

/**
 * Imports items with a small number of uploads in flight (reading and hashing overlap the
 * request); results keep the order of `items`.
 */
export async function importAll(
  api: LocalApi,
  items: ImportItem[],
  settings: ImportSettings,
  opts: { concurrency?: number; origin?: Origin; onItem?: (r: ItemResult, c: ImportCounters) => void } = {},
): Promise<{ results: ItemResult[]; counters: ImportCounters }> {
  const counters: ImportCounters = { total: items.length, done: 0, imported: 0, skipped: 0, failed: 0, bytes: 0, startedAt: Date.now() };
  const results: ItemResult[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      const r = await importItem(api, items[i]!, settings, opts.origin);
      results[i] = r;
      counters.done++;
      counters[r.status]++;
      counters.bytes += items[i]!.size;
      opts.onItem?.(r, counters);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, opts.concurrency ?? 2) }, worker));
  return { results, counters };
}
