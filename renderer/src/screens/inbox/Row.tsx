// One inbox row: what a clerk scans a list by — sender, number, amount, due date — beside
// the file, its processing state, the e-invoice verdict and the review state.
import { memo } from 'react';
import { localPath } from '../../api';
import { StatusBadge, formatDate, statusDetail } from '../../components/common';
import { VerdictBadge } from '../../components/verdict';
import { formatAmount, formatDay } from '../../format';
import { useT, type Lang } from '../../i18n';
import { useInbox } from '../../store';
import type { InboxRow } from '../../types';
import { DuplicateBadge } from '../../components/DuplicateBadge';

export const ROW_HEIGHT = 56;

interface RowProps {
  row: InboxRow;
  lang: Lang;
  selected: boolean;
  tabbable: boolean;
  index: number;
  onFocusRow: (i: number) => void;
}

export const RowView = memo(function RowView({ row, lang, selected, tabbable, index, onFocusRow }: RowProps) {
  const t = useT();
  const detail = statusDetail(t, row);
  return (
    <div className={`row-inner${selected ? ' row-selected' : ''}`} data-testid="inbox-row" data-status={row.status} data-filename={row.filename}>
      <input type="checkbox" checked={selected} onChange={(e) => useInbox.getState().toggleSelect(row.id, e.target.checked)} aria-label={t('inbox.select_row', { name: row.filename })} tabIndex={tabbable ? 0 : -1} />
      {row.thumbnail_url ? <img className="thumb" src={localPath(row.thumbnail_url)!} alt="" loading="lazy" width={32} height={40} /> : <span className="thumb thumb-none" aria-hidden="true">{row.file_format.toUpperCase()}</span>}
      <a className="row-open" href={`#/documents/${row.id}`} tabIndex={tabbable ? 0 : -1} onFocus={() => onFocusRow(index)}>
        <span className="row-name">{row.filename}</span>
        <span className="row-meta">
          {row.file_format.toUpperCase()} · {t(`mode.${row.processing_mode}`)}
          {row.extraction_profile !== 'generic' ? ` · ${t('profile.energy')}` : ''}
          {row.page_count !== null ? ` · ${t('doc.pages_n', { n: row.page_count })}` : ''}
          {row.mode === 'test' ? ` · ${t('common.test_mode')}` : ''}
        </span>
      </a>
      <span className="row-party">
        <span className="row-sender" data-testid="row-sender">{row.sender_name ?? '—'}</span>
        {row.document_number && <span className="row-number">{row.document_number}</span>}
      </span>
      <span className="row-amount" data-testid="row-amount">
        {row.gross_amount === null ? '—' : formatAmount(row.gross_amount, row.currency, lang)}
      </span>
      <span className="row-due">{row.payment_due_date ? formatDay(row.payment_due_date, lang) : '—'}</span>
      <span className="row-status">
        <StatusBadge status={row.status} />
        <DuplicateBadge ids={row.duplicate_of} reason={row.duplicate_reason} />
        <VerdictBadge assessment={row.einvoice?.assessment} />
        {row.review_status ? (
          <span className="badge badge-pending">{t(`review.${row.review_status}`)}</span>
        ) : (
          row.needs_review && (
            <span className="badge badge-warning" data-testid="needs-review">
              {t('review.needs_review')}
            </span>
          )
        )}
        {detail && (
          <span className="row-detail" title={detail}>
            {detail}
          </span>
        )}
        {row.status === 'pending' && row.processing_progress && row.processing_progress.pages_total > 0 && (
          <progress className="row-progress" max={row.processing_progress.pages_total} value={row.processing_progress.pages_done} aria-label={t('inbox.pages_done_of', { name: row.filename })} />
        )}
      </span>
      <span className="row-date">{formatDate(row.created_at, lang)}</span>
    </div>
  );
});
