import type { Db } from '../store/db.js';

export function findDocumentForJob(db: Db, documentId: number) {
  return db.selectFrom('documents').selectAll().where('id', '=', documentId).where('deleted_at', 'is', null).executeTakeFirst();
}
