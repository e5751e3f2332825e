// The inbox: drop zone + upload options + per-file upload progress, then the live,
// virtualised list of documents with filters, sort, search and bulk actions.
import { memo, useCallback, useEffect, useLayoutEffect, useRef, useState, type ReactElement, type DragEvent, type KeyboardEvent as ReactKeyboardEvent } from 'react';
import { localPath } from '../api';
import { notifyWhenBatchDone } from '../desktop';
import { ConfirmInline, EmptyState, FailureNotice, StatusBadge, formatDate, statusDetail, describeFailure } from '../components/common';
import { DuplicateBadge } from '../components/DuplicateBadge';
import { useT } from '../i18n';
import { fileProblem, optionProblems } from '../rules';
import { BLOCK, DEFAULT_QUERY, useApp, useInbox, type UploadOptions } from '../store';
import type { InboxRow } from '../types';

export const ROW_HEIGHT = 56;
const OVERSCAN = 8;

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

function IntakeTitle() {
  return <>{useT()('inbox.intake')}</>;
}

/** Walks a dropped folder (webkitGetAsEntry) into its files, recursively. */
async function filesFromEntry(entry: FileSystemEntry): Promise<File[]> {
  if (entry.isFile) {
    return new Promise((resolve) => (entry as FileSystemFileEntry).file((f) => resolve([f]), () => resolve([])));
  }
  if (entry.isDirectory) {
    const reader = (entry as FileSystemDirectoryEntry).createReader();
    const all: File[] = [];
    // readEntries answers in batches (100 in Chromium) until it returns an empty one.
    for (;;) {
      const batch = await new Promise<FileSystemEntry[]>((resolve) => reader.readEntries(resolve, () => resolve([])));
      if (batch.length === 0) break;
      for (const e of batch) all.push(...(await filesFromEntry(e)));
    }
    return all;
  }
  return [];
}

async function filesFromDrop(dt: DataTransfer): Promise<File[]> {
  const entries: FileSystemEntry[] = [];
  for (const item of Array.from(dt.items ?? [])) {
    const entry = item.kind === 'file' ? item.webkitGetAsEntry?.() : null;
    if (entry) entries.push(entry);
  }
  if (entries.length > 0 && entries.some((e) => e.isDirectory)) {
    const files: File[] = [];
    for (const e of entries) files.push(...(await filesFromEntry(e)));
    return files;
  }
  return Array.from(dt.files ?? []);
}

function DropZone() {
  const t = useT();
  const enqueue = useInbox((s) => s.enqueue);
  const [over, setOver] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const folderInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const el = e.target as HTMLElement;
      if (e.ctrlKey || e.metaKey || e.altKey || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName)) return;
      if (e.key === 'u') {
        e.preventDefault();
        fileInput.current?.click();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const onDrop = async (e: DragEvent<HTMLDivElement>) => {
    e.preventDefault();
    setOver(false);
    const files = await filesFromDrop(e.dataTransfer);
    if (files.length) enqueue(files);
  };

  return (
    <div
      className={`dropzone${over ? ' dropzone-over' : ''}`}
      data-testid="dropzone"
      onDragOver={(e) => {
        e.preventDefault();
        e.dataTransfer.dropEffect = 'copy';
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(e) => void onDrop(e)}
    >
      <p className="dropzone-title">{t('inbox.drop_title')}</p>
      <p className="dropzone-hint">{t('inbox.drop_hint')}</p>
      <div className="dropzone-actions">
        <button type="button" className="btn btn-primary" onClick={() => fileInput.current?.click()} aria-keyshortcuts="u">
          {t('inbox.choose_files')}
        </button>
        <button type="button" className="btn" onClick={() => folderInput.current?.click()}>
          {t('inbox.choose_folder')}
        </button>
      </div>
      <input
        ref={fileInput}
        type="file"
        multiple
        hidden
        data-testid="file-input"
        aria-label={t('inbox.choose_files')}
        onChange={(e) => {
          const files = Array.from(e.target.files ?? []);
          e.target.value = '';
          if (files.length) enqueue(files);
        }}
      />
      <input
        ref={(el) => {
          folderInput.current = el;
          el?.setAttribute('webkitdirectory', '');
        }}
        type="file"
        multiple
        hidden
        data-testid="folder-input"
        aria-label={t('inbox.choose_folder')}
        onChange={(e) => {
          const files = Array.from(e.target.files ?? []);
          e.target.value = '';
          if (files.length) enqueue(files);
        }}
      />
    </div>
  );
}

function UploadOptionsPanel() {
  const t = useT();
  const options = useInbox((s) => s.options);
  const setOptions = useInbox((s) => s.setOptions);
  const [open, setOpen] = useState(false);
  const problems = optionProblems(t, options);
  const set = <K extends keyof UploadOptions>(k: K, v: UploadOptions[K]) => setOptions({ [k]: v } as Partial<UploadOptions>);
  const summary = [t(`mode.${options.processing_mode}`), t(`lane.${options.processing_lane}`), options.extraction_profile === 'generic' ? t('profile.generic') : t('profile.energy')].join(' · ');
  const hint = (k: keyof UploadOptions, text: string) =>
    problems[k] ? (
      <p className="field-problem" id={`opt-${k}-hint`} role="status">
        {problems[k]}
      </p>
    ) : (
      <p className="field-hint" id={`opt-${k}-hint`}>
        {text}
      </p>
    );
  return (
    <div className="options">
      <button type="button" className="btn options-toggle" aria-expanded={open} aria-controls="upload-options" onClick={() => setOpen(!open)}>
        {t('upload.options')}: <span className="options-summary">{summary}</span>
      </button>
      {open && (
        <form id="upload-options" className="options-form" onSubmit={(e) => e.preventDefault()} aria-label={t('upload.options')}>
          <div className="field">
            <label htmlFor="opt-mode">{t('upload.mode')}</label>
            <select id="opt-mode" value={options.processing_mode} aria-describedby="opt-processing_mode-hint" onChange={(e) => set('processing_mode', e.target.value as UploadOptions['processing_mode'])}>
              {(['extraction', 'analysis', 'validation', 'thumbnail'] as const).map((m) => (
                <option key={m} value={m}>
                  {t(`mode.${m}`)}
                </option>
              ))}
            </select>
            {hint('processing_mode', t(`mode.${options.processing_mode}.hint`))}
          </div>
          <div className="field">
            <label htmlFor="opt-lane">{t('upload.lane')}</label>
            <select id="opt-lane" value={options.processing_lane} aria-describedby="opt-processing_lane-hint" onChange={(e) => set('processing_lane', e.target.value as UploadOptions['processing_lane'])}>
              <option value="standard">{t('lane.standard')}</option>
              <option value="batch">{t('lane.batch')}</option>
            </select>
            {hint('processing_lane', t('lane.hint'))}
          </div>
          <div className="field">
            <label htmlFor="opt-profile">{t('upload.profile')}</label>
            <select id="opt-profile" value={options.extraction_profile} aria-describedby="opt-extraction_profile-hint" onChange={(e) => set('extraction_profile', e.target.value as UploadOptions['extraction_profile'])}>
              <option value="generic">{t('profile.generic')}</option>
              <option value="de.energy.supply-invoice">{t('profile.energy')}</option>
            </select>
            {hint('extraction_profile', t('profile.hint'))}
          </div>
          <div className="field">
            <label htmlFor="opt-pages">{t('upload.pages')}</label>
            <input id="opt-pages" type="text" value={options.pages} placeholder="first, 2, last" disabled={options.processing_mode !== 'analysis'} aria-describedby="opt-pages-hint" onChange={(e) => set('pages', e.target.value)} />
            {hint('pages', t('upload.pages_hint'))}
          </div>
          <div className="field">
            <label htmlFor="opt-locale">{t('upload.locale')}</label>
            <select id="opt-locale" value={options.locale} aria-describedby="opt-locale-hint" onChange={(e) => set('locale', e.target.value)}>
              <option value="">{t('upload.locale_none')}</option>
              <option value="de">Deutsch (de)</option>
              <option value="en">English (en)</option>
            </select>
            {hint('locale', t('upload.locale_hint'))}
          </div>
          <div className="field">
            <label htmlFor="opt-requester">{t('upload.requester')}</label>
            <input id="opt-requester" type="text" value={options.requester} maxLength={300} aria-describedby="opt-requester-hint" onChange={(e) => set('requester', e.target.value)} />
            {hint('requester', t('upload.requester_hint'))}
          </div>
          <div className="field field-check">
            <input id="opt-ai" type="checkbox" checked={options.processing_mode === 'extraction' ? options.allow_ai_processing : false} disabled={options.processing_mode !== 'extraction'} aria-describedby="opt-allow_ai_processing-hint" onChange={(e) => set('allow_ai_processing', e.target.checked)} />
            <label htmlFor="opt-ai">{t('upload.ai')}</label>
            {hint('allow_ai_processing', options.processing_mode === 'extraction' ? t('upload.ai_hint') : t('upload.ai_off_hint'))}
          </div>
          <div className="field">
            <label htmlFor="opt-types">{t('upload.custom_types')}</label>
            <input id="opt-types" type="text" value={options.custom_types} placeholder="invoice, reminder" disabled={options.processing_mode === 'validation'} aria-describedby="opt-custom_types-hint" onChange={(e) => set('custom_types', e.target.value)} />
            {hint('custom_types', options.processing_mode === 'validation' ? t('upload.custom_types_validation') : t('upload.custom_types_hint'))}
          </div>
        </form>
      )}
    </div>
  );
}

function UploadList() {
  const t = useT();
  const uploads = useInbox((s) => s.uploads);
  const dismiss = useInbox((s) => s.dismissUploads);
  const navigate = useApp((s) => s.navigate);
  if (uploads.length === 0) return null;
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
          return (
            <li key={u.key} className={`upload upload-${u.state}`} data-testid="upload-entry">
              <span className="upload-name">{u.file.name}</span>
              <progress max={1} value={u.progress} aria-label={t('uploads.progress_of', { name: u.file.name })} />
              <span className="upload-state">
                {u.state === 'uploading' ? `${Math.round(u.progress * 100)} %` : u.retryAt !== null ? t('uploads.rate_limited') : t(`uploads.state.${u.state}`)}
                {u.documentId !== null && (
                  <button type="button" className="btn-link" onClick={() => navigate({ name: 'document', id: u.documentId!, page: 1 })}>
                    {t('uploads.open')}
                  </button>
                )}
              </span>
              {warning && <p className="field-problem">{warning}</p>}
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

function useDebounced<T>(value: T, ms: number): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const h = setTimeout(() => setV(value), ms);
    return () => clearTimeout(h);
  }, [value, ms]);
  return v;
}

function Filters() {
  const t = useT();
  const query = useInbox((s) => s.query);
  const setQuery = useInbox((s) => s.setQuery);
  const [search, setSearch] = useState(query.q);
  const debounced = useDebounced(search, 250);
  const searchRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (debounced !== useInbox.getState().query.q) setQuery({ q: debounced });
  }, [debounced, setQuery]);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const el = e.target as HTMLElement;
      if (e.key === '/' && !['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName)) {
        e.preventDefault();
        searchRef.current?.focus();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  const select = (id: string, key: 'status' | 'processing_mode' | 'extraction_profile' | 'review_status' | 'sort', label: string, values: Array<[string, string]>) => (
    <div className="filter">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={query[key]} onChange={(e) => setQuery({ [key]: e.target.value })}>
        {values.map(([v, l]) => (
          <option key={v} value={v}>
            {l}
          </option>
        ))}
      </select>
    </div>
  );
  return (
    <div className="filters" role="search">
      <div className="filter filter-search">
        <label htmlFor="inbox-search">{t('inbox.search')}</label>
        <input id="inbox-search" ref={searchRef} type="search" value={search} placeholder={t('inbox.search_placeholder')} onChange={(e) => setSearch(e.target.value)} aria-keyshortcuts="/" />
      </div>
      {select('f-status', 'status', t('inbox.filter_status'), [
        ['', t('common.all')],
        ['pending', t('status.pending')],
        ['completed', t('status.completed')],
        ['error', t('status.error')],
        ['blocked', t('status.blocked')],
      ])}
      {select('f-mode', 'processing_mode', t('upload.mode'), [
        ['', t('common.all')],
        ['extraction', t('mode.extraction')],
        ['analysis', t('mode.analysis')],
        ['validation', t('mode.validation')],
        ['thumbnail', t('mode.thumbnail')],
      ])}
      {select('f-profile', 'extraction_profile', t('upload.profile'), [
        ['', t('common.all')],
        ['generic', t('profile.generic')],
        ['de.energy.supply-invoice', t('profile.energy')],
      ])}
      {select('f-review', 'review_status', t('inbox.filter_review'), [
        ['', t('common.all')],
        ['accepted', t('review.accepted')],
        ['needs_review', t('review.needs_review')],
        ['unsupported', t('review.unsupported')],
        ['failed', t('review.failed')],
        ['rejected', t('review.rejected')],
      ])}
      {select('f-sort', 'sort', t('inbox.sort'), [
        ['-created_at', t('sort.newest')],
        ['created_at', t('sort.oldest')],
        ['filename', t('sort.name_az')],
        ['-filename', t('sort.name_za')],
        ['status', t('sort.status')],
      ])}
    </div>
  );
}

function DocumentList() {
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

  const filtered = query.status || query.processing_mode || query.extraction_profile || query.review_status || query.q;

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
        <span>{t('inbox.filter_status')}</span>
        <span>{t('credits.amount')}</span>
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

interface RowProps {
  row: InboxRow;
  lang: string;
  selected: boolean;
  tabbable: boolean;
  index: number;
  onFocusRow: (i: number) => void;
}

const RowView = memo(function RowView({ row, lang, selected, tabbable, index, onFocusRow }: RowProps) {
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
      <span className="row-status">
        <StatusBadge status={row.status} />
        <DuplicateBadge ids={row.duplicate_of} reason={row.duplicate_reason} />
        {detail && (
          <span className="row-detail" title={detail}>
            {detail}
          </span>
        )}
        {row.status === 'pending' && row.processing_progress && row.processing_progress.pages_total > 0 && (
          <progress className="row-progress" max={row.processing_progress.pages_total} value={row.processing_progress.pages_done} aria-label={t('inbox.pages_done_of', { name: row.filename })} />
        )}
      </span>
      <span className="row-credits">{row.credits_charged === null ? '—' : t('credits.n', { n: row.credits_charged })}</span>
      <span className="row-date">{formatDate(row.created_at, lang)}</span>
    </div>
  );
});
