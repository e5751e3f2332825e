// Per-file upload progress; an accepted upload that later fails or is blocked says so.
import { FailureNotice, statusDetail } from '../../components/common';
import { useT } from '../../i18n';
import { fileProblem } from '../../rules';
import { useApp, useInbox } from '../../store';
import type { InboxRow } from '../../types';

export function UploadList() {
  const t = useT();
  const uploads = useInbox((s) => s.uploads);
  const dismiss = useInbox((s) => s.dismissUploads);
  const navigate = useApp((s) => s.navigate);
  const rows = useInbox((s) => s.rows);
  if (uploads.length === 0) return null;
  // What became of accepted uploads: the inbox rows the list already polls.
  const later = new Map<number, InboxRow>();
  for (const r of Object.values(rows)) later.set(r.id, r);
  const done = uploads.filter((u) => u.state === 'accepted').length;
  const failed = uploads.filter((u) => u.state === 'failed').length;
  return (
    <div className="uploads" aria-labelledby="uploads-title">
      <div className="uploads-head">
        <h2 id="uploads-title">{t('uploads.title', { done, total: uploads.length })}</h2>
        {failed > 0 && <span className="badge badge-error">{t('uploads.failed', { n: failed })}</span>}
        <button type="button" className="btn btn-small" onClick={dismiss}>
          {t('uploads.clear')}
        </button>
      </div>
      <ul className="upload-list" aria-live="polite">
        {uploads.map((u) => {
          const warning = u.state === 'queued' ? fileProblem(t, u.options, u.file.name) : null;
          const outcome = u.state === 'accepted' && u.documentId !== null ? later.get(u.documentId) : undefined;
          const laterProblem = outcome?.status === 'error' ? 'failed' : outcome?.status === 'blocked' ? 'blocked' : null;
          return (
            <li key={u.key} className={`upload upload-${laterProblem ? 'failed' : u.state}`} data-testid="upload-entry" data-later={laterProblem ?? undefined}>
              <span className="upload-name">{u.file.name}</span>
              <progress max={1} value={u.progress} aria-label={t('uploads.progress_of', { name: u.file.name })} />
              <span className="upload-state">
                {u.state === 'uploading'
                  ? `${Math.round(u.progress * 100)} %`
                  : u.retryAt !== null
                    ? t('uploads.rate_limited')
                    : laterProblem
                      ? t(laterProblem === 'failed' ? 'uploads.later_failed' : 'uploads.later_blocked')
                      : outcome?.status === 'completed'
                        ? t('uploads.processed')
                        : t(`uploads.state.${u.state}`)}
                {u.documentId !== null && (
                  <button type="button" className="btn-link" onClick={() => navigate({ name: 'document', id: u.documentId!, page: 1 })}>
                    {t('uploads.open')}
                  </button>
                )}
              </span>
              {warning && <p className="field-problem">{warning}</p>}
              {laterProblem && outcome && <p className="field-problem">{statusDetail(t, outcome)}</p>}
              {u.error && u.state === 'failed' && (
                <div className="upload-error">
                  <FailureNotice err={u.error} />
                </div>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
