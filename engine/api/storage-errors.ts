// The data folder's own failures, answered as what they are instead of a generic 500
// (docs/security.md, "Faults"): the database held by another process, the disk full.
import { ApiError } from './errors.js';

export function storageApiError(err: unknown): ApiError | null {
  const code = (err as { code?: unknown } | null)?.code;
  if (code === 'SQLITE_BUSY' || code === 'SQLITE_LOCKED') {
    return new ApiError(503, 'storage_busy', "Docdesk's database is locked by another program; try again in a moment.", {}, { 'Retry-After': '2' });
  }
  if (code === 'ENOSPC' || code === 'SQLITE_FULL' || code === 'EDQUOT') {
    return new ApiError(507, 'insufficient_storage', "The disk that holds Docdesk's data folder is full; free some space and try again.");
  }
  // The blob store (a bucket for a team server): the row exists, its bytes cannot be had.
  if (code === 'blob_store_unavailable') {
    return new ApiError(503, 'blob_store_unavailable', "Docdesk's file store cannot be reached right now; try again in a moment.", {}, { 'Retry-After': '5' });
  }
  if (code === 'blob_not_found') return new ApiError(404, 'not_found', 'The requested stored file does not exist (it was removed or has expired).');
  return null;
}
