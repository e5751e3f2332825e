// DELETE (spec 4.6, section 3): terminal documents only; the row is hidden from the
// account at once, then the source file, thumbnail and previews are removed.
import { Conflict, NotFound } from '../domain/errors.js';
import type { BlobStore } from '../store/blobs.js';
import type { Db } from '../store/db.js';
import { markDocumentDeleted } from '../store/documents.js';
import { previewPathsOf } from '../store/previews.js';
import { findDocument, type DocumentScope } from './queries.js';
import { ARTEFACTS_PREFIX } from '../store/blobs.js';

export async function deleteDocument(engine: { db: Db; blobs: BlobStore }, scope: DocumentScope, id: number): Promise<void> {
  const doc = await findDocument(engine.db, scope, id);
  if (!doc) throw new NotFound('document');
  if (doc.status === 'pending') {
    throw new Conflict('document_processing_active', 'The document is still being processed; retry the deletion after it reaches a terminal status.');
  }
  const previews = await previewPathsOf(engine.db, id);
  await markDocumentDeleted(engine.db, id);
  // Best effort: the spec promises removal is attempted, not a storage deletion receipt.
  // The folder goes last, not beside the single keys: a store may fail a delete that races
  // another delete in the same folder, and the folder's listing then picks up what is left.
  await Promise.allSettled([engine.blobs.remove(doc.blob_path), engine.blobs.remove(doc.thumbnail_path), ...previews.map((path) => engine.blobs.remove(path))]);
  await engine.blobs.removeFolder(`${ARTEFACTS_PREFIX}${id}`).catch(() => undefined);
}
