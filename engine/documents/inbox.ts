// The desk's inbox listing (docs/desk-api.md): compact rows, status/mode filters, search by
// filename or extracted text, offset windows for a virtualised list of thousands.
import type { Db } from '../store/db.js';
import { inboxRows, INBOX_SORTS, type InboxQuery, type InboxSort } from '../store/document-lists.js';
import { scopeAccount, scopeMode, type DocumentScope } from './queries.js';

export { INBOX_SORTS, type InboxQuery, type InboxSort };

/** E-invoice verdicts the inbox filters on (spec 2.3 quality.structured.assessment). */
export const INBOX_VERDICTS = ['pass', 'pass_with_warnings', 'fail', 'indeterminate', 'not_applicable'] as const;

export function inboxPage(db: Db, scope: DocumentScope, query: InboxQuery) {
  return inboxRows(db, scopeAccount(scope), scopeMode(scope), query);
}
