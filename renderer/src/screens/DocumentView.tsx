// One document: page previews as a scrollable strip (zoom, keyboard paging) with a side
// panel (text of the current page, quality in words, fields, run). The page frame is
// position:relative so the energy review workspace can overlay evidence boxes later, and
// the side panel is where its field panel goes.
import { useCallback, useEffect, useRef, useState } from 'react';
import { api, localPath } from '../api';
import { ConfirmInline, CopyButton, EmptyState, FailureNotice, StatusBadge, formatBytes, formatDate, statusDetail } from '../components/common';
import { DuplicateBadge } from '../components/DuplicateBadge';
import { useT, type TFunc } from '../i18n';
import { documentPanels, pageOverlays } from '../panels';
import { useApp } from '../store';
import type { DocumentObject, ExtractionField, Preview, Quality } from '../types';

const ZOOMS = [0.5, 0.75, 1, 1.25, 1.5, 2];
const IMAGE_FORMATS = new Set(['jpg', 'jpeg', 'png', 'webp', 'gif']);

export function DocumentView({ id }: { id: number }) {
  const t = useT();
  const lang = useApp((s) => s.lang);
  const navigate = useApp((s) => s.navigate);
  const showFailure = useApp((s) => s.showFailure);
  const [doc, setDoc] = useState<DocumentObject | null>(null);
  const [previews, setPreviews] = useState<Preview[] | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [page, setPage] = useState(1);
  const [zoom, setZoom] = useState(2);
  const [tab, setTab] = useState<string>('text');
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [pollKey, setPollKey] = useState(0);
  const strip = useRef<HTMLDivElement>(null);

  const load = useCallback(async () => {
    try {
      const res = await api.document(id);
      setDoc(res.data);
      setError(null);
      if (res.data.status !== 'pending' && res.data.processing_mode !== 'thumbnail') {
        const p = await api.previews(id);
        setPreviews(p.data);
      } else if (res.data.processing_mode === 'thumbnail') setPreviews([]);
      return res.data;
    } catch (err) {
      setError(err);
      return null;
    }
  }, [id]);

  useEffect(() => {
    let stop = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = async () => {
      const d = await load();
      if (!stop && d && d.status === 'pending') timer = setTimeout(() => void tick(), 1000);
    };
    void tick();
    return () => {
      stop = true;
      if (timer) clearTimeout(timer);
    };
  }, [load, pollKey]);

  const pagePreviews = (previews ?? []).filter((p) => IMAGE_FORMATS.has(p.file_format.toLowerCase()));
  const sourcePreviews = (previews ?? []).filter((p) => !IMAGE_FORMATS.has(p.file_format.toLowerCase()));
  const pageCount = pagePreviews.length;
  const goTo = useCallback(
    (n: number) => {
      const target = Math.max(1, Math.min(pageCount, n));
      setPage(target);
      strip.current?.querySelector<HTMLElement>(`[data-page="${target}"]`)?.scrollIntoView({ block: 'start' });
    },
    [pageCount],
  );

  // Which page is in view while the clerk scrolls the strip.
  useEffect(() => {
    const root = strip.current;
    if (!root || pageCount === 0) return;
    const io = new IntersectionObserver(
      (entries) => {
        const visible = entries.filter((e) => e.isIntersecting).sort((a, b) => b.intersectionRatio - a.intersectionRatio)[0];
        if (visible) setPage(Number((visible.target as HTMLElement).dataset.page));
      },
      { root, threshold: [0.25, 0.5, 0.75] },
    );
    root.querySelectorAll('[data-page]').forEach((el) => io.observe(el));
    return () => io.disconnect();
  }, [pageCount, zoom]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const el = e.target as HTMLElement;
      if (e.ctrlKey || e.metaKey || e.altKey || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName)) return;
      if (e.key === 'PageDown' || e.key === 'ArrowRight' || e.key === 'n') {
        e.preventDefault();
        goTo(page + 1);
      } else if (e.key === 'PageUp' || e.key === 'ArrowLeft' || e.key === 'p') {
        e.preventDefault();
        goTo(page - 1);
      } else if (e.key === 'Home') {
        e.preventDefault();
        goTo(1);
      } else if (e.key === 'End') {
        e.preventDefault();
        goTo(pageCount);
      } else if (e.key === '+' || e.key === '=') {
        setZoom((z) => Math.min(ZOOMS.length - 1, z + 1));
      } else if (e.key === '-') {
        setZoom((z) => Math.max(0, z - 1));
      } else if (e.key === '0') {
        setZoom(2);
      } else if (e.key === 'Escape') {
        navigate({ name: 'inbox' });
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [goTo, page, pageCount, navigate]);

  if (error && !doc) {
    return (
      <div className="docview-error">
        <a href="#/inbox" className="back">
          ← {t('nav.inbox')}
        </a>
        <FailureNotice err={error} />
      </div>
    );
  }
  if (!doc) return <p className="loading">{t('common.loading')}</p>;

  const run = doc.latest_extraction_run;
  const extraPanels = documentPanels(doc);
  const overlays = pageOverlays(doc);
  const pagesText = (doc.extracted_text ?? '').split('\f');
  const detail = statusDetail(t, doc);

  return (
    <div className="docview">
      <div className="docview-head">
        <a href="#/inbox" className="back" aria-keyshortcuts="Escape">
          ← {t('nav.inbox')}
        </a>
        <h1 className="docview-title">{doc.filename}</h1>
        <StatusBadge status={doc.status} />
        <DuplicateBadge ids={doc.duplicate_of} reason={doc.duplicate_reason} links />
        {detail && <span className="row-detail">{detail}</span>}
        {doc.status === 'blocked' && <span className="row-detail">{t('blocked.hint')}</span>}
        <div className="docview-actions">
          <a className="btn btn-small" href={`/app/v1/documents/${doc.id}/original`} download={doc.filename}>
            {t('doc.download')}
          </a>
          <button
            type="button"
            className="btn btn-small"
            // ER1: a blocked document is never processed later; it needs a new upload.
            disabled={doc.status === 'pending' || doc.status === 'blocked'}
            onClick={async () => {
              try {
                await api.reprocess(doc.id);
                setPreviews(null);
                setPollKey((k) => k + 1);
              } catch (err) {
                showFailure(err);
              }
            }}
          >
            {t('inbox.reprocess')}
          </button>
          {confirmDelete ? (
            <ConfirmInline
              alert
              message={t('doc.confirm_delete')}
              confirmLabel={t('inbox.delete_confirm_yes')}
              onCancel={() => setConfirmDelete(false)}
              onConfirm={async () => {
                try {
                  await api.deleteDocument(doc.id);
                  navigate({ name: 'inbox' });
                } catch (err) {
                  setConfirmDelete(false);
                  showFailure(err);
                }
              }}
            />
          ) : (
            <button type="button" className="btn btn-small btn-danger" disabled={doc.status === 'pending'} onClick={() => setConfirmDelete(true)}>
              {t('inbox.delete')}
            </button>
          )}
        </div>
      </div>
      <div className="docview-body">
        <nav className="pagestrip-thumbs" aria-label={t('doc.pages_nav')}>
          {doc.thumbnail && <img className="doc-thumb" src={localPath(doc.thumbnail)!} alt={t('doc.thumbnail_of', { name: doc.filename })} />}
          <ol>
            {pagePreviews.map((p, i) => (
              <li key={p.id}>
                <button type="button" className={`pagebtn${page === i + 1 ? ' active' : ''}`} aria-current={page === i + 1 ? 'page' : undefined} onClick={() => goTo(i + 1)}>
                  {t('doc.page_n', { n: i + 1 })}
                </button>
              </li>
            ))}
          </ol>
        </nav>
        <section className="viewer" aria-label={t('doc.preview')}>
          <div className="viewer-tools" role="toolbar" aria-label={t('doc.viewer_tools')}>
            <button type="button" className="btn btn-small" onClick={() => goTo(page - 1)} disabled={page <= 1} aria-keyshortcuts="PageUp ArrowLeft">
              {t('doc.prev')}
            </button>
            <span aria-live="polite" data-testid="page-indicator">
              {pageCount > 0 ? t('doc.page_of', { n: page, total: pageCount }) : ''}
            </span>
            <button type="button" className="btn btn-small" onClick={() => goTo(page + 1)} disabled={page >= pageCount} aria-keyshortcuts="PageDown ArrowRight">
              {t('doc.next')}
            </button>
            <button type="button" className="btn btn-small" onClick={() => setZoom((z) => Math.max(0, z - 1))} disabled={zoom === 0} aria-label={t('doc.zoom_out')} aria-keyshortcuts="-">
              −
            </button>
            <span>{Math.round(ZOOMS[zoom]! * 100)} %</span>
            <button type="button" className="btn btn-small" onClick={() => setZoom((z) => Math.min(ZOOMS.length - 1, z + 1))} disabled={zoom === ZOOMS.length - 1} aria-label={t('doc.zoom_in')} aria-keyshortcuts="+">
              +
            </button>
          </div>
          <div className="strip" ref={strip} tabIndex={0} aria-label={t('doc.strip')} data-testid="page-strip">
            {doc.status === 'pending' && <EmptyState title={t('doc.processing')}>{detail && <p>{detail}</p>}</EmptyState>}
            {previews && previews.length === 0 && doc.status !== 'pending' && (
              <EmptyState title={doc.status === 'completed' ? t('doc.no_previews') : t('doc.not_processed')}>{doc.thumbnail && <img className="thumb-large" src={localPath(doc.thumbnail)!} alt={t('doc.thumbnail_of', { name: doc.filename })} />}</EmptyState>
            )}
            {pagePreviews.map((p, i) => (
              <figure key={p.id} className="page" data-page={i + 1} style={{ width: `${ZOOMS[zoom]! * 640}px` }}>
                <div className="page-frame">
                  <img src={localPath(p.preview)!} alt={t('doc.page_image', { n: i + 1, name: doc.filename })} loading={i < 3 ? 'eager' : 'lazy'} />
                  {overlays.map((o) => (
                    <div key={o.id} className="page-overlay">
                      {o.render({ doc, page: i + 1 })}
                    </div>
                  ))}
                </div>
                <figcaption>{t('doc.page_n', { n: i + 1 })}</figcaption>
              </figure>
            ))}
            {sourcePreviews.map((p) => (
              <figure key={p.id} className="page page-source" style={{ width: `${ZOOMS[zoom]! * 640}px` }}>
                <SourcePreview preview={p} title={t('doc.source_preview', { name: p.filename })} />
                <figcaption>{t('doc.source_preview', { name: p.filename })}</figcaption>
              </figure>
            ))}
          </div>
        </section>
        <aside className="sidepanel" aria-label={t('doc.details')}>
          <div className="tabs" role="tablist" aria-label={t('doc.details')}>
            {[...extraPanels.map((p) => ({ k: p.id, label: t(p.labelKey) })), ...(['text', 'quality', 'fields', 'run'] as const).map((k) => ({ k, label: t(`doc.tab_${k}`) }))].map(({ k, label }) => (
              <button key={k} type="button" role="tab" id={`tab-${k}`} aria-controls={`panel-${k}`} aria-selected={tab === k} tabIndex={tab === k ? 0 : -1} className={tab === k ? 'tab active' : 'tab'} onClick={() => setTab(k)}>
                {label}
              </button>
            ))}
          </div>
          <div className="tabpanel" role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`} tabIndex={0}>
            {extraPanels.map((p) => (tab === p.id ? <div key={p.id}>{p.render({ doc, page, goToPage: goTo })}</div> : null))}
            {tab === 'text' && <TextPanel t={t} text={pagesText} page={page} hasText={doc.extracted_text !== null && doc.extracted_text !== undefined} />}
            {tab === 'quality' && <QualityPanel t={t} doc={doc} />}
            {tab === 'fields' && <FieldsPanel t={t} doc={doc} />}
            {tab === 'run' && (
              <dl className="meta">
                <dt>{t('doc.id')}</dt>
                <dd>{doc.id}</dd>
                <dt>{t('upload.mode')}</dt>
                <dd>{t(`mode.${doc.processing_mode}`)}</dd>
                <dt>{t('upload.lane')}</dt>
                <dd>{t(`lane.${doc.processing_lane === 'batch' ? 'batch' : 'standard'}`)}</dd>
                <dt>{t('upload.profile')}</dt>
                <dd>{doc.extraction_profile === 'de.energy.supply-invoice' ? t('profile.energy') : t('profile.generic')}</dd>
                <dt>{t('doc.file')}</dt>
                <dd>
                  {doc.file_format.toUpperCase()} · {formatBytes(doc.file_size)}
                </dd>
                <dt>{t('doc.pages')}</dt>
                <dd>{doc.number_of_pages ?? '—'}</dd>
                <dt>{t('doc.credits_charged')}</dt>
                <dd data-testid="credits-charged">{run?.credits_charged ?? (doc.processing_mode === 'thumbnail' ? 0 : '—')}</dd>
                <dt>{t('doc.token_mode')}</dt>
                <dd>{doc.mode === 'test' ? t('common.test_mode') : t('common.live_mode')}</dd>
                <dt>{t('doc.ai')}</dt>
                <dd>{doc.ai_processing ? t('common.yes') : t('common.no')}</dd>
                <dt>{t('upload.requester')}</dt>
                <dd>{doc.requester ?? '—'}</dd>
                <dt>{t('upload.locale')}</dt>
                <dd>{doc.locale ?? '—'}</dd>
                <dt>{t('doc.created')}</dt>
                <dd>{formatDate(doc.created_at, lang)}</dd>
                <dt>{t('doc.started')}</dt>
                <dd>{formatDate(doc.processing_started_at, lang)}</dd>
                <dt>{t('doc.processed')}</dt>
                <dd>{formatDate(doc.processed_at, lang)}</dd>
                {run && (
                  <>
                    <dt>{t('doc.run')}</dt>
                    <dd>
                      #{run.id} · {run.status}
                    </dd>
                    <dt>{t('doc.versions')}</dt>
                    <dd>
                      {[run.extractor_version, run.profile_version, run.normalization_version].filter(Boolean).join(' · ') || '—'}
                    </dd>
                    <dt>{t('doc.credit_cost')}</dt>
                    <dd>{t('doc.credit_cost_value', { n: run.credit_cost })}</dd>
                    {run.error_message && (
                      <>
                        <dt>{t('status.error')}</dt>
                        <dd>{run.error_message}</dd>
                      </>
                    )}
                  </>
                )}
              </dl>
            )}
          </div>
          <p className="doc-id-copy">
            {t('doc.id')} {doc.id} <CopyButton text={String(doc.id)} />
          </p>
        </aside>
      </div>
    </div>
  );
}

/** HTML visualisations in a sandboxed frame; XML and text fallbacks as plain text. */
function SourcePreview({ preview, title }: { preview: Preview; title: string }) {
  const [text, setText] = useState<string | null>(null);
  const html = preview.file_format.toLowerCase() === 'html' || preview.file_format.toLowerCase() === 'htm';
  useEffect(() => {
    if (html) return;
    let live = true;
    void fetch(localPath(preview.preview)!, { credentials: 'same-origin', headers: { 'X-Docdesk-Desk': '1' } })
      .then((r) => (r.ok ? r.text() : ''))
      .then((s) => live && setText(s.length > 200_000 ? `${s.slice(0, 200_000)}\n…` : s));
    return () => {
      live = false;
    };
  }, [preview, html]);
  if (html) return <iframe className="source-frame" src={localPath(preview.preview)!} title={title} sandbox="" />;
  return (
    <pre className="source-text" tabIndex={0} aria-label={title}>
      {text ?? ''}
    </pre>
  );
}

function TextPanel({ t, text, page, hasText }: { t: TFunc; text: string[]; page: number; hasText: boolean }) {
  if (!hasText) return <EmptyState title={t('doc.no_text')} />;
  const pageText = text[page - 1] ?? '';
  return (
    <div>
      <h2 className="panel-title">{t('doc.text_of_page', { n: page })}</h2>
      {pageText.trim() ? <pre className="page-text" data-testid="page-text">{pageText}</pre> : <p className="muted">{t('doc.page_no_text')}</p>}
    </div>
  );
}

function pagesList(pages: number[]): string {
  return pages.join(', ');
}

/** The quality object (spec 2.3) in plain words. */
export function qualitySentences(t: TFunc, q: Quality | null, doc: DocumentObject): string[] {
  const out: string[] = [];
  if (!q) {
    if (doc.status === 'completed') out.push(t('quality.none'));
    return out;
  }
  out.push(q.degraded ? t('quality.degraded') : t('quality.normal'));
  for (const r of q.reasons) {
    const key = `quality.reason.${r}`;
    const s = t(key);
    out.push(s === key ? r.replace(/_/g, ' ') : s);
  }
  if (q.pdf) {
    if (q.pdf.ocr_attempted_pages > 0) out.push(t('quality.ocr_pages', { attempted: q.pdf.ocr_attempted_pages, ok: q.pdf.ocr_successful_pages }));
    else if (q.pdf.native_text_available) out.push(t('quality.native_text'));
    if (q.pdf.failed_pages.length) out.push(t('quality.failed_pages', { pages: pagesList(q.pdf.failed_pages) }));
    if (q.pdf.blank_pages.length) out.push(t('quality.blank_pages', { pages: pagesList(q.pdf.blank_pages) }));
    if (q.pdf.empty_pages.length) out.push(t('quality.empty_pages', { pages: pagesList(q.pdf.empty_pages) }));
    if (q.pdf.unreliable_pages.length) out.push(t('quality.unreliable_pages', { pages: pagesList(q.pdf.unreliable_pages) }));
    if (q.pdf.embedded_files?.length) out.push(t('quality.embedded_files', { names: q.pdf.embedded_files.map((f) => f.filename).join(', ') }));
  }
  if (q.email) {
    const used = q.email.components?.filter((c) => c.ref !== 'body').map((c) => c.filename) ?? [];
    out.push(t('quality.email_attachments', { n: q.email.attachments_total ?? 0 }));
    if (used.length) out.push(t('quality.email_used', { names: used.join(', ') }));
    if (q.email.failed_attachments?.length) out.push(t('quality.email_failed', { names: q.email.failed_attachments.map((a) => a.filename).join(', ') }));
    if (q.email.unsupported_attachments?.length) out.push(t('quality.email_unsupported', { names: q.email.unsupported_attachments.map((a) => a.filename).join(', ') }));
    if (q.email.over_limit_attachments?.length) out.push(t('quality.email_over_limit', { names: q.email.over_limit_attachments.map((a) => a.filename).join(', ') }));
    if (q.email.ignored_decoration?.length) out.push(t('quality.email_decoration', { n: q.email.ignored_decoration.length }));
    if (q.email.body_truncated) out.push(t('quality.email_truncated'));
    if (q.email.several_document_candidates) out.push(t('quality.email_several'));
  }
  if (q.structured?.detection_status === 'recognized') out.push(t('quality.einvoice_recognized', { syntax: q.structured.detected?.map((d) => d.syntax).join(', ') ?? '' }));
  return out;
}

function QualityPanel({ t, doc }: { t: TFunc; doc: DocumentObject }) {
  const q = doc.latest_extraction_run?.quality ?? null;
  const sentences = qualitySentences(t, q, doc);
  if (sentences.length === 0) return <EmptyState title={doc.status === 'pending' ? t('doc.processing') : t('quality.none')} />;
  return (
    <div>
      <h2 className="panel-title">{t('doc.tab_quality')}</h2>
      {q && <span className={`badge ${q.degraded ? 'badge-blocked' : 'badge-completed'}`}>{q.degraded ? t('quality.degraded_short') : t('quality.normal_short')}</span>}
      <ul className="quality" data-testid="quality">
        {sentences.map((s, i) => (
          <li key={i}>{s}</li>
        ))}
      </ul>
    </div>
  );
}

/** A field value as a clerk reads it; tax rows as "rate: tax of taxable". */
function fieldText(value: unknown): string {
  if (value === null || value === undefined || (Array.isArray(value) && value.length === 0)) return '—';
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) {
    return value
      .map((row) => {
        const r = row as { tax_rate?: string | null; tax_amount?: string | null; taxable_amount?: string | null };
        return r && typeof r === 'object' && 'tax_amount' in r ? `${r.tax_rate ?? '?'} %: ${r.tax_amount ?? '?'} / ${r.taxable_amount ?? '?'}` : JSON.stringify(row);
      })
      .join('; ');
  }
  return JSON.stringify(value);
}

/** Where the value came from: the e-invoice XML, or a page of the document. */
function fieldSource(t: TFunc, f: ExtractionField): string {
  const p = f.provenance!;
  if (p.method === 'structured_invoice') return t('doc.field_from_xml', { file: p.source?.text ?? '' });
  if (p.source && p.source.page) return t('doc.field_from_page', { page: String(p.source.page), method: p.method.replace(/_/g, ' ') });
  return p.method.replace(/_/g, ' ');
}

function FieldsPanel({ t, doc }: { t: TFunc; doc: DocumentObject }) {
  const ex = doc.extractions;
  if (!ex || Array.isArray(ex) || Object.keys(ex).length === 0) {
    return <EmptyState title={t('doc.no_fields')}>{doc.processing_mode !== 'extraction' && <p>{t('doc.no_fields_mode', { mode: t(`mode.${doc.processing_mode}`) })}</p>}</EmptyState>;
  }
  return (
    <dl className="meta fields">
      {Object.entries(ex).map(([k, v]) => (
        <div key={k} className="field-row">
          <dt>{k.replace(/_/g, ' ')}</dt>
          <dd>
            {fieldText(v.value)}
            {v.provenance && <span className="field-source">{fieldSource(t, v)}</span>}
          </dd>
        </div>
      ))}
    </dl>
  );
}
