// The inbox: drop zone + upload options + per-file upload progress, then the live,
// virtualised list of documents with filters, sort, search and bulk actions.
import { DocumentList } from './inbox/DocumentList';
import { DropZone, IntakeTitle, UploadOptionsPanel } from './inbox/Intake';
import { UploadList } from './inbox/UploadList';

export function Inbox() {
  return (
    <div className="inbox">
      <section className="intake" aria-labelledby="intake-title">
        <h1 id="intake-title" className="sr-only">
          <IntakeTitle />
        </h1>
        <DropZone />
        <UploadOptionsPanel />
        <UploadList />
      </section>
      <section className="documents" aria-labelledby="documents-title">
        <DocumentList />
      </section>
    </div>
  );
}
