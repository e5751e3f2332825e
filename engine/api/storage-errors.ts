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
  return null;
}
