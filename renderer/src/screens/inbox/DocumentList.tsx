// The live, virtualised document list: count, bulk actions, column heads, and the window
// of rows in view.
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type ReactElement, type KeyboardEvent as ReactKeyboardEvent } from 'react';
import { notifyWhenBatchDone } from '../../desktop';
import { ConfirmInline, EmptyState, FailureNotice, describeFailure } from '../../components/common';
import { useT } from '../../i18n';
import { BLOCK, DEFAULT_QUERY, useApp, useInbox } from '../../store';
import { Filters } from './Filters';
import { ROW_HEIGHT, RowView } from './Row';

const OVERSCAN = 8;

export function DocumentList() {
  const t = useT();
  const query = useInbox((s) => s.query);
  const total = useInbox((s) => s.total);
  const selectedCount = useInbox((s) => s.selection.size);
  const loadedCount = useInbox((s) => s.loadedCount);
  const loadError = useInbox((s) => s.loadError);
  const inbox = useInbox.getState();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (useInbox.getState().total === null) void useInbox.getState().loadBlock(0);
  }, []);

  const filtered = query.status || query.processing_mode || query.extraction_profile || query.review_status || query.einvoice || query.needs_review || query.q;

  return (
    <>
      <div className="documents-head">
        <h2 id="documents-title">{t('inbox.documents')}</h2>
        <span className="count" aria-live="polite" data-testid="inbox-total">
          {total === null ? t('common.loading') : t('inbox.count', { n: total })}
        </span>
      </div>
      <Filters />
      <div className="bulkbar" role="toolbar" aria-label={t('inbox.bulk')}>
        <input id="select-all" type="checkbox" checked={loadedCount > 0 && selectedCount >= loadedCount} onChange={(e) => inbox.selectAllLoaded(e.target.checked)} aria-label={t('inbox.select_all')} />
        <span>{t('inbox.selected', { n: selectedCount })}</span>
        <button
          type="button"
          className="btn btn-small"
          disabled={selectedCount === 0 || busy}
          onClick={async () => {
            setBusy(true);
            await inbox.reprocessSelected();
            setBusy(false);
          }}
        >
          {t('inbox.reprocess')}
        </button>
        <BatchExport />
        <button type="button" className="btn btn-small btn-danger" disabled={selectedCount === 0 || busy} onClick={() => setConfirmDelete(true)} aria-keyshortcuts="Delete">
          {t('inbox.delete')}
        </button>
        {confirmDelete && (
          <ConfirmInline
            alert
            message={t('inbox.confirm_delete', { n: selectedCount })}
            confirmLabel={t('inbox.delete_confirm_yes')}
            onCancel={() => setConfirmDelete(false)}
            onConfirm={async () => {
              setConfirmDelete(false);
              setBusy(true);
              await inbox.deleteSelected();
              setBusy(false);
            }}
          />
        )}
      </div>
      {loadError && <FailureNotice err={loadError} />}
      <div className="list-head" aria-hidden="true">
        <span />
        <span />
        <span>{t('inbox.col_document')}</span>
        <span>{t('inbox.col_sender')}</span>
        <span className="row-amount">{t('inbox.col_amount')}</span>
        <span>{t('inbox.col_due')}</span>
        <span>{t('inbox.col_status')}</span>
        <span>{t('doc.created')}</span>
      </div>
      {total === 0 ? (
        <div className="list-scroller">
          {filtered ? (
            <EmptyState title={t('inbox.empty_filtered')}>
              <button type="button" className="btn" onClick={() => inbox.setQuery(DEFAULT_QUERY)}>
                {t('inbox.clear_filters')}
              </button>
            </EmptyState>
          ) : (
            <EmptyState title={t('inbox.empty')}>
              <p>{t('inbox.empty_hint')}</p>
            </EmptyState>
          )}
        </div>
      ) : (
        <VirtualRows onDeleteKey={() => setConfirmDelete(true)} />
      )}
    </>
  );
}

/**
 * The window over the list: only rows in view (plus OVERSCAN) are in the DOM, each at
 * translateY(index × ROW_HEIGHT) inside a list as tall as all rows. Scrolling re-renders
 * only this component; unchanged rows are memoised.
 */
function VirtualRows({ onDeleteKey }: { onDeleteKey: () => void }) {
  const t = useT();
  const lang = useApp((s) => s.lang);
  const total = useInbox((s) => s.total);
  const rows = useInbox((s) => s.rows);
  const selection = useInbox((s) => s.selection);
  const query = useInbox((s) => s.query);
  const uploading = useInbox((s) => s.uploads.some((u) => u.state === 'queued' || u.state === 'uploading'));
  const loadError = useInbox((s) => s.loadError);
  const scroller = useRef<HTMLDivElement>(null);
  const [viewport, setViewport] = useState({ top: 0, height: 600 });
  const [focusIndex, setFocusIndex] = useState(0);

  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const ro = new ResizeObserver(() => setViewport({ top: el.scrollTop, height: el.clientHeight }));
    ro.observe(el);
    return () => ro.disconnect();
  }, []);

  const count = total ?? 0;
  const first = Math.max(0, Math.floor(viewport.top / ROW_HEIGHT) - OVERSCAN);
  const last = Math.min(count - 1, Math.ceil((viewport.top + viewport.height) / ROW_HEIGHT) + OVERSCAN);

  useEffect(() => {
    useInbox.getState().setVisible(first, Math.max(first, last));
  }, [first, last, query]);

  // Live state: poll the visible window every second while something there is pending or
  // uploads are running, otherwise every few seconds (documents may arrive via the API).
  let anyPending = false;
  for (let i = first; i <= last; i++) if (rows[i]?.status === 'pending') anyPending = true;
  useEffect(() => {
    const h = setTimeout(() => void useInbox.getState().refreshVisible(), anyPending || uploading ? 1000 : 5000);
    notifyWhenBatchDone((id) => {
      for (const r of Object.values(rows)) if (r.id === id) return r.status !== 'pending';
      return null;
    });
    return () => clearTimeout(h);
  }, [anyPending, uploading, rows, loadError]);

  const onScroll = useCallback(() => {
    const el = scroller.current;
    if (el) setViewport({ top: el.scrollTop, height: el.clientHeight });
  }, []);

  const focusRow = (i: number) => {
    const idx = Math.max(0, Math.min(count - 1, i));
    setFocusIndex(idx);
    const el = scroller.current;
    if (el) {
      const top = idx * ROW_HEIGHT;
      if (top < el.scrollTop) el.scrollTop = top;
      else if (top + ROW_HEIGHT > el.scrollTop + el.clientHeight) el.scrollTop = top + ROW_HEIGHT - el.clientHeight;
    }
    requestAnimationFrame(() => el?.querySelector<HTMLElement>(`[data-index="${idx}"] .row-open`)?.focus());
  };

  const onKeyDown = (e: ReactKeyboardEvent<HTMLDivElement>) => {
    const target = e.target as HTMLElement;
    if (target.tagName === 'INPUT' && (target as HTMLInputElement).type !== 'checkbox') return;
    const row = rows[focusIndex];
    const page = Math.max(1, Math.floor(viewport.height / ROW_HEIGHT));
    const moves: Record<string, number> = { ArrowDown: 1, j: 1, ArrowUp: -1, k: -1, PageDown: page, PageUp: -page };
    if (e.key in moves) {
      e.preventDefault();
      focusRow(focusIndex + moves[e.key]!);
    } else if (e.key === 'Home' || e.key === 'End') {
      e.preventDefault();
      focusRow(e.key === 'Home' ? 0 : count - 1);
    } else if ((e.key === 'x' || e.key === ' ') && row && target.tagName !== 'INPUT') {
      e.preventDefault();
      useInbox.getState().toggleSelect(row.id);
    } else if (e.key === 'Delete' && selection.size > 0) {
      e.preventDefault();
      onDeleteKey();
    }
  };

  const items: ReactElement[] = [];
  for (let i = first; i <= last; i++) {
    const row = rows[i];
    items.push(
      <li key={row ? `d${row.id}` : `p${i}`} className="row" style={{ transform: `translateY(${i * ROW_HEIGHT}px)` }} data-index={i} aria-setsize={count} aria-posinset={i + 1}>
        {row ? <RowView row={row} lang={lang} selected={selection.has(row.id)} tabbable={i === focusIndex} index={i} onFocusRow={setFocusIndex} /> : <span className="row-placeholder">{t('common.loading')}</span>}
      </li>,
    );
  }

  return (
    <div className="list-scroller" ref={scroller} onScroll={onScroll} onKeyDown={onKeyDown} data-testid="inbox-scroller">
      <ul className="rows" style={{ height: count * ROW_HEIGHT }} aria-label={t('inbox.documents')} data-block={BLOCK}>
        {items}
      </ul>
      <p className="sr-only" aria-live="polite">
        {loadError ? describeFailure(t, loadError) : ''}
      </p>
    </div>
  );
}

/**
 * invoice-lines.csv of the selected energy documents in one file (spec 4.13), offered once
 * every selected row's profile result is accepted; the engine re-checks outcome and handoff
 * and answers 409 with the document ids that are not ready.
 */
function BatchExport() {
  const t = useT();
  const selection = useInbox((s) => s.selection);
  const rows = useInbox((s) => s.rows);
  const ids = [...selection].sort((a, b) => a - b);
  const ready = ids.length > 0 && ids.length <= 100 && ids.every((id) => rows[id]?.extraction_profile === 'de.energy.supply-invoice' && rows[id]?.review_status === 'accepted');
  if (!ready) {
    return (
      <button type="button" className="btn btn-small" disabled title={t('inbox.batch_export_hint')} data-testid="batch-export">
        {t('inbox.batch_export')}
      </button>
    );
  }
  const href = `/api/v1/documents/exports/invoice_lines_csv?${ids.map((id) => `document_ids[]=${id}`).join('&')}`;
  return (
    <a className="btn btn-small" href={href} download="invoice-lines.csv" data-testid="batch-export">
      {t('inbox.batch_export')}
    </a>
  );
}
