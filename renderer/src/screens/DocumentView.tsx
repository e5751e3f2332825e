// One document: page previews as a scrollable strip (zoom, keyboard paging) with a side
// panel (text of the current page, quality in words, fields, run). The page frame is
// position:relative so the energy review workspace can overlay evidence boxes later, and
// the side panel is where its field panel goes.
import { useCallback, useEffect, useRef, useState } from 'react';
import { api, localPath } from '../api';
import { ConfirmInline, CopyButton, EmptyState, FailureNotice, StatusBadge, formatBytes, formatDate, statusDetail } from '../components/common';
import { VerdictBadge } from '../components/verdict';
import { formatList } from '../format';
import { knownKey, useT, type Lang, type TFunc } from '../i18n';
import { documentPanels, pageOverlays } from '../panels';
import { useApp } from '../store';
import type { DocumentObject, Preview, Quality } from '../types';
import { EinvoicePanel, hasVerdict } from './document/einvoice';
import { citedPages, evidenceOf, EvidenceBox, fieldLabel, fieldsOf, FieldsPanel } from './document/fields';
import { DuplicateBadge } from '../components/DuplicateBadge';
import './document/energy'; // registers the energy review panel and its page overlay

const ZOOMS = [0.5, 0.75, 1, 1.25, 1.5, 2];
/** Zoom step used to show a field's evidence (150 %). */
const EVIDENCE_ZOOM = 4;
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
  const [tab, setTab] = useState<string | null>(null);
  const [selected, setSelected] = useState<string | null>(null);
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

  // Bring the selected field's box into the middle of the view once its page is laid out.
  useEffect(() => {
    if (!selected) return;
    const frame = requestAnimationFrame(() => strip.current?.querySelector<HTMLElement>('[data-testid="evidence-box"]')?.scrollIntoView({ block: 'center', inline: 'center' }));
    return () => cancelAnimationFrame(frame);
  }, [selected, zoom, pageCount]);

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
  const structured = run?.quality?.structured;
  const verdict = hasVerdict(structured) ? structured : null;
  const fields = fieldsOf(doc);
  const cited = citedPages(fields);
  const evidence = selected ? evidenceOf(fields?.[selected]) : null;
  const tabs = [
    ...extraPanels.map((p) => ({ k: p.id, label: t(p.labelKey) })),
    ...(verdict ? [{ k: 'einvoice', label: t('doc.tab_einvoice') }] : []),
    ...(doc.processing_mode === 'extraction' ? [{ k: 'fields', label: t('doc.tab_fields') }] : []),
    ...(doc.processing_mode === 'validation' ? [] : [{ k: 'text', label: t('doc.tab_text') }]),
    { k: 'quality', label: t('doc.tab_quality') },
    { k: 'run', label: t('doc.tab_run') },
  ];
  // The most useful view first: the verdict of an e-invoice check, the fields of an extraction.
  const activeTab = tab && tabs.some((x) => x.k === tab) ? tab : (extraPanels[0]?.id ?? (doc.processing_mode === 'validation' && verdict ? 'einvoice' : doc.processing_mode === 'extraction' && fields ? 'fields' : tabs.find((x) => x.k === 'text')?.k ?? 'quality'));
  /** Shows a page zoomed in to its evidence. */
  const focusPage = (n: number) => {
    setZoom((z) => Math.max(z, EVIDENCE_ZOOM));
    setPage(n);
  };
  const selectField = (name: string) => {
    setSelected(name);
    const e = evidenceOf(fields?.[name]);
    if (e) focusPage(e.page);
  };
  // An e-invoice check keeps no pages (spec 2.4): its verdict is the whole view.
  const noPages = doc.processing_mode === 'validation' && previews !== null && previews.length === 0 && doc.status !== 'pending';
  // An e-invoice's readable rendering leads; page images follow.
  const sourceFirst = doc.is_e_invoice === true || pageCount === 0;

  const sourceViews = sourcePreviews.map((p) => (
    <figure key={p.id} className="page page-source" style={{ width: pageCount > 0 ? `${ZOOMS[zoom]! * 640}px` : '100%' }}>
      <SourcePreview preview={p} title={t('doc.source_preview', { name: p.filename })} />
      <figcaption>{p.file_format.toLowerCase().startsWith('htm') ? t('doc.visualization') : t('doc.source_preview', { name: p.filename })}</figcaption>
    </figure>
  ));

  return (
    <div className="docview">
      <div className="docview-head">
        <a href="#/inbox" className="back" aria-keyshortcuts="Escape">
          ← {t('nav.inbox')}
        </a>
        <h1 className="docview-title">{doc.filename}</h1>
        <StatusBadge status={doc.status} />
        <DuplicateBadge ids={doc.duplicate_of} reason={doc.duplicate_reason} links />
        {verdict && <VerdictBadge assessment={verdict.assessment} />}
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
      <div className={`docview-body${noPages ? ' no-pages' : ''}`}>
        {!noPages && (
          <nav className="pagestrip-thumbs" aria-label={t('doc.pages_nav')}>
            {doc.thumbnail && <img className="doc-thumb" src={localPath(doc.thumbnail)!} alt={t('doc.thumbnail_of', { name: doc.filename })} />}
            <ol>
              {pagePreviews.map((p, i) => (
                <li key={p.id}>
                  <button
                    type="button"
                    className={`pagebtn${page === i + 1 ? ' active' : ''}${cited.has(i + 1) ? ' cited' : ''}`}
                    aria-current={page === i + 1 ? 'page' : undefined}
                    aria-label={cited.has(i + 1) ? t('doc.cited_page', { n: i + 1 }) : undefined}
                    data-cited={cited.has(i + 1) ? 'true' : undefined}
                    onClick={() => goTo(i + 1)}
                  >
                    {t('doc.page_n', { n: i + 1 })}
                  </button>
                </li>
              ))}
            </ol>
          </nav>
        )}
        {!noPages && (
          <section className="viewer" aria-label={t('doc.preview')}>
            {pageCount > 0 && (
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
            )}
            <div className="strip" ref={strip} tabIndex={0} aria-label={t('doc.strip')} data-testid="page-strip">
              {doc.status === 'pending' && <EmptyState title={t('doc.processing')}>{detail && <p>{detail}</p>}</EmptyState>}
              {previews && previews.length === 0 && doc.status !== 'pending' && (
                <EmptyState title={doc.status === 'completed' ? t('doc.no_previews') : t('doc.not_processed')}>{doc.thumbnail && <img className="thumb-large" src={localPath(doc.thumbnail)!} alt={t('doc.thumbnail_of', { name: doc.filename })} />}</EmptyState>
              )}
              {sourceFirst && sourceViews}
              {pagePreviews.map((p, i) => (
                <figure key={p.id} className="page" data-page={i + 1} style={{ width: `${ZOOMS[zoom]! * 640}px` }}>
                  <div className="page-frame">
                    <img src={localPath(p.preview)!} alt={t('doc.page_image', { n: i + 1, name: doc.filename })} loading={i < 3 ? 'eager' : 'lazy'} />
                    {evidence && evidence.page === i + 1 && selected && <EvidenceBox evidence={evidence} label={t('doc.evidence_box', { label: fieldLabel(t, selected) })} />}
                    {overlays.map((o) => (
                      <div key={o.id} className="page-overlay">
                        {o.render({ doc, page: i + 1 })}
                      </div>
                    ))}
                  </div>
                  <figcaption>{t('doc.page_n', { n: i + 1 })}</figcaption>
                </figure>
              ))}
              {!sourceFirst && sourceViews}
            </div>
          </section>
        )}
        <aside className="sidepanel" aria-label={t('doc.details')}>
          <div className="tabs" role="tablist" aria-label={t('doc.details')}>
            {tabs.map(({ k, label }) => (
              <button key={k} type="button" role="tab" id={`tab-${k}`} aria-controls={`panel-${k}`} aria-selected={activeTab === k} tabIndex={activeTab === k ? 0 : -1} className={activeTab === k ? 'tab active' : 'tab'} onClick={() => setTab(k)}>
                {label}
              </button>
            ))}
          </div>
          <div className="tabpanel" role="tabpanel" id={`panel-${activeTab}`} aria-labelledby={`tab-${activeTab}`} tabIndex={0}>
            {extraPanels.map((p) => (activeTab === p.id ? <div key={p.id}>{p.render({ doc, page, goToPage: goTo, focusPage })}</div> : null))}
            {activeTab === 'einvoice' && verdict && <EinvoicePanel t={t} lang={lang} structured={verdict} />}
            {activeTab === 'text' && <TextPanel t={t} text={pagesText} page={page} hasText={doc.extracted_text !== null && doc.extracted_text !== undefined} />}
            {activeTab === 'quality' && <QualityPanel t={t} lang={lang} doc={doc} />}
            {activeTab === 'fields' && <FieldsPanel t={t} lang={lang} doc={doc} selected={selected} onSelect={selectField} />}
            {activeTab === 'run' && (
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
                <dd data-testid="ai-used">{aiUsed(t, doc)}</dd>
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
                    <dd>{t('doc.run_value', { id: String(run.id), status: t(`run.status.${run.status}`) })}</dd>
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

/** Whether an AI took part, from what the run reports (quality.ai), not from the request flag. */
function aiUsed(t: TFunc, doc: DocumentObject): string {
  const status = doc.latest_extraction_run?.quality?.ai?.status;
  if (status) return t(`ai.${status}`);
  return doc.ai_processing && doc.status === 'pending' ? '—' : t('common.no');
}

/** The quality object (spec 2.3) in plain words. */
export function qualitySentences(t: TFunc, lang: Lang, q: Quality | null, doc: DocumentObject): string[] {
  const pagesList = (pages: number[]) => formatList(pages, lang);
  const out: string[] = [];
  if (!q) {
    if (doc.status === 'completed') out.push(t('quality.none'));
    return out;
  }
  out.push(q.degraded ? t('quality.degraded') : t('quality.normal'));
  for (const r of q.reasons) {
    const key = knownKey(`quality.reason.${r}`);
    out.push(key ? t(key) : r.replace(/_/g, ' '));
  }
  if (q.pdf) {
    if (q.pdf.ocr_attempted_pages > 0) out.push(t('quality.ocr_pages', { n: q.pdf.ocr_attempted_pages, ok: q.pdf.ocr_successful_pages }));
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
  if (q.structured?.detection_status === 'recognized') {
    const syntaxes = [...new Set([q.structured.syntax, ...(q.structured.detected ?? []).map((d) => d.syntax)].filter((x): x is string => !!x).map((x) => x.toUpperCase()))];
    out.push(syntaxes.length ? t('quality.einvoice_recognized', { syntax: formatList(syntaxes, lang) }) : t('quality.einvoice_recognized_plain'));
  }
  return out;
}

function QualityPanel({ t, lang, doc }: { t: TFunc; lang: Lang; doc: DocumentObject }) {
  const q = doc.latest_extraction_run?.quality ?? null;
  const sentences = qualitySentences(t, lang, q, doc);
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
