// The energy review workspace (issue 13 part 2) in the document view's panel slot: per
// invoice the fields grouped by entity with their status, the review reasons in words, and
// keyboard review (confirm, correct with a drawn or kept evidence box, reject) through spec
// 4.14. The evidence box is drawn by a page overlay that shares the selection through a
// small store.
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { create } from 'zustand';
import { api, ApiFailure, localPath } from '../../api';
import { formatAmount, formatDay, formatRate } from '../../format';
import { knownKey, useT, type Lang, type TFunc } from '../../i18n';
import { registerDocumentPanel, registerPageOverlay } from '../../panels';
import { useApp } from '../../store';
import type { DocumentObject, EnergyInvoice, ProfileEvidence, SectorExtraction } from '../../types';
import { EvidenceBox, type Evidence } from './fields';

export const ENERGY_PROFILE = 'de.energy.supply-invoice';

/**
 * Evidence boxes are PDF points of the rendered page (origin top-left), measured on the page
 * size each evidence item carries (`page_size`); drawn boxes go back through the same scale.
 * A page no evidence describes is read as A4 portrait (595 × 842 pt).
 */
const PAGE_PT = { width: 595, height: 842 };

type Box = { x: number; y: number; w: number; h: number };
type Size = { width: number; height: number };

/** Page sizes by physical page, from the evidence that carries them. */
export function pageSizesOf(evidence: ReadonlyArray<Pick<ProfileEvidence, 'physical_page' | 'page_size'>>): Record<number, Size> {
  const out: Record<number, Size> = {};
  for (const e of evidence) if (e.page_size && !out[e.physical_page]) out[e.physical_page] = { width: e.page_size.width, height: e.page_size.height };
  return out;
}

export interface EnergyField {
  key: string; // `${entity_ref}.${field}`
  group: string;
  entity_ref: string;
  field: string;
  value: unknown;
  status: string;
}

const GROUPS = ['identity', 'supplier', 'customer', 'supply_points', 'meters', 'tariffs', 'consumption', 'charges', 'taxes', 'settlement', 'payment', 'advance_plan'] as const;

/** The invoice's fields in entity order, with their status from `field_quality`. */
export function invoiceFields(inv: EnergyInvoice): EnergyField[] {
  const out: EnergyField[] = [];
  const quality = inv.data.field_quality as Record<string, string>;
  const add = (group: string, entity: Record<string, unknown>, skip: string[] = []) => {
    const ref = String(entity.entity_ref);
    for (const [field, value] of Object.entries(entity)) {
      if (field === 'entity_ref' || skip.includes(field)) continue;
      const key = `${ref}.${field}`;
      out.push({ key, group, entity_ref: ref, field, value, status: quality[key] ?? (value === null || value === undefined ? 'missing' : 'extracted') });
    }
  };
  for (const group of GROUPS) {
    const v = (inv.data as unknown as Record<string, unknown>)[group];
    if (Array.isArray(v)) {
      for (const item of v as Array<Record<string, unknown>>) {
        add(group, item, group === 'meters' ? ['registers'] : []);
        if (group === 'meters') for (const reg of (item.registers as Array<Record<string, unknown>>) ?? []) add(group, reg);
      }
    } else if (v && typeof v === 'object') add(group, v as Record<string, unknown>);
  }
  return out;
}

const AMOUNT = /(amount|total|_eur)$/;
/** Fields whose values come from a fixed list (the catalogue's enums), shown in words. */
const ENUMS = new Set(['document_type', 'commodity', 'kind', 'base_price_period', 'category', 'tax_type', 'balance_direction', 'payment_method']);
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const DECIMAL = /^-?\d+\.\d+$/;

/** A value as the clerk reads it (locale dates, amounts in EUR, periods, addresses, readings). */
export function energyValue(t: TFunc, lang: Lang, field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'string') {
    const word = ENUMS.has(field) ? knownKey(`energy.enum.${value}`) : null;
    if (word) return t(word);
    if (ISO_DAY.test(value)) return formatDay(value, lang);
    if (AMOUNT.test(field) && /^-?\d+(\.\d+)?$/.test(value)) return formatAmount(value, 'EUR', lang);
    if (DECIMAL.test(value)) return formatRate(value, lang);
    return value;
  }
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  const o = value as Record<string, unknown>;
  if ('start' in o && 'end' in o) return t('energy.period', { start: energyValue(t, lang, '', o.start), end: energyValue(t, lang, '', o.end) });
  if ('kind' in o && 'value' in o) return [energyValue(t, lang, '', o.date), energyValue(t, lang, '', o.value), energyValue(t, lang, 'kind', o.kind)].filter((x) => x && x !== '—').join(' · ');
  if ('city' in o) return [[o.street, o.house_number].filter(Boolean).join(' '), [o.postal_code, o.city].filter(Boolean).join(' '), o.country_code].filter(Boolean).join(', ') || '—';
  return JSON.stringify(value);
}

/** "sp-2" → "Supply point 2", "meter-1.reg-2" → "Meter 1, register 2"; singletons have none. */
function entityWords(t: TFunc, ref: string): string | null {
  const reg = /^meter-(\d+)\.reg-(\d+)$/.exec(ref);
  if (reg) return t('energy.entity.reg', { n: reg[1]!, m: reg[2]! });
  const m = /^([a-z]+)-(\d+)$/.exec(ref);
  const key = m ? knownKey(`energy.entity.${m[1]}`) : null;
  return key ? t(key, { n: m![2]! }) : null;
}

/** The field in words, with its entity when the invoice has several of that kind. */
export function energyLabel(t: TFunc, f: { entity_ref: string; field: string }): string {
  const key = knownKey(`energy.field.${f.field}`);
  const name = key ? t(key) : f.field.replace(/_/g, ' ');
  const entity = entityWords(t, f.entity_ref);
  return entity ? `${entity} · ${name}` : name;
}

/** What the clerk typed, in the shape the catalogue expects for the field's current value. */
function correctedValue(current: unknown, typed: string): unknown {
  if (current && typeof current === 'object' && 'start' in current) {
    const [start, end] = typed.split(/\s*[–—]\s*|\s+/).filter(Boolean);
    return { start: start ?? null, end: end ?? null };
  }
  if (current && typeof current === 'object') {
    try {
      return JSON.parse(typed) as unknown;
    } catch {
      return typed;
    }
  }
  return typed;
}

function editText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') {
    const o = value as Record<string, unknown>;
    return 'start' in o ? `${o.start ?? ''} – ${o.end ?? ''}` : JSON.stringify(value);
  }
  return String(value);
}

/** Shared between the panel and the page overlay. */
interface Selection {
  documentId: number | null;
  /** The selected field's evidence (page and box in PDF points), or null. */
  evidence: { page: number; box: Box | null; label: string } | null;
  drawing: boolean;
  drawn: { page: number; box: Box } | null;
  /** The size of each page the boxes are measured on. */
  pageSizes: Record<number, Size>;
  set(p: Partial<Omit<Selection, 'set'>>): void;
}
export const useEnergySelection = create<Selection>((set) => ({ documentId: null, evidence: null, drawing: false, drawn: null, pageSizes: {}, set: (p) => set(p) }));

function percentOf(page: number, box: Box, size: Size): Evidence {
  return { page, left: (box.x / size.width) * 100, top: (box.y / size.height) * 100, width: (box.w / size.width) * 100, height: (box.h / size.height) * 100 };
}

const newKey = () => crypto.randomUUID();

interface Loaded {
  se: SectorExtraction;
  etag: string;
}

async function loadResult(id: number): Promise<Loaded | null> {
  const r = await api.profileResult(id);
  return r.sector ? { se: r.sector, etag: r.etag ?? r.sector.etag } : null;
}

/** In words: what another reviewer's write changed between two versions of the result. */
export function describeChanges(t: TFunc, lang: Lang, before: SectorExtraction, after: SectorExtraction): string[] {
  const out: string[] = [];
  const old = new Map<string, EnergyField>();
  for (const inv of before.effective_payload?.invoices ?? []) for (const f of invoiceFields(inv)) old.set(`${inv.invoice_ref}/${f.key}`, f);
  for (const inv of after.effective_payload?.invoices ?? []) {
    for (const f of invoiceFields(inv)) {
      const o = old.get(`${inv.invoice_ref}/${f.key}`);
      if (!o) continue;
      const label = energyLabel(t, f);
      if (JSON.stringify(o.value) !== JSON.stringify(f.value)) out.push(t('energy.changed_value', { field: label, invoice: inv.invoice_ref, value: energyValue(t, lang, f.field, f.value) }));
      else if (o.status !== f.status) out.push(t('energy.changed_status', { field: label, invoice: inv.invoice_ref, status: statusWord(t, f.status) }));
    }
  }
  if (before.effective_outcome !== after.effective_outcome) out.push(t('energy.changed_outcome', { outcome: outcomeWord(t, after.effective_outcome) }));
  return out;
}

const statusWord = (t: TFunc, s: string) => {
  const k = knownKey(`energy.status.${s}`);
  return k ? t(k) : s;
};
const outcomeWord = (t: TFunc, s: string) => {
  const k = knownKey(`energy.outcome.${s}`);
  return k ? t(k) : s.replace(/_/g, ' ');
};
const reasonWords = (t: TFunc, r: string) => {
  const k = knownKey(`energy.reason.${r}`);
  return k ? t(k) : r.replace(/_/g, ' ');
};

type Mode = { kind: 'browse' } | { kind: 'correct'; value: string; text: string; label: string; textEdited: boolean } | { kind: 'reject'; reason: string };

export function EnergyReviewPanel({ doc, focusPage }: { doc: DocumentObject; focusPage: (n: number) => void }) {
  const t = useT();
  const lang = useApp((s) => s.lang);
  const navigate = useApp((s) => s.navigate);
  const sel = useEnergySelection();
  const [loaded, setLoaded] = useState<Loaded | null | undefined>(undefined);
  const [invIndex, setInvIndex] = useState(0);
  const [fieldIndex, setFieldIndex] = useState(0);
  const [mode, setMode] = useState<Mode>({ kind: 'browse' });
  const [notice, setNotice] = useState<{ text: string; lines?: string[]; error?: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  const selectedAt = useRef(Date.now());
  const list = useRef<HTMLDivElement>(null);

  const reload = useCallback(async () => {
    const r = await loadResult(doc.id);
    setLoaded(r);
    return r;
  }, [doc.id]);
  useEffect(() => {
    void reload().catch((err: unknown) => setNotice({ text: err instanceof Error ? err.message : String(err), error: true }));
  }, [reload]);

  const invoices = loaded?.se.effective_payload?.invoices ?? [];
  const inv = invoices[Math.min(invIndex, invoices.length - 1)];
  const fields = inv ? invoiceFields(inv) : [];
  const field = fields[Math.min(fieldIndex, fields.length - 1)];
  const evidence: ProfileEvidence | undefined = field && inv ? loaded?.se.evidence?.find((e) => e.invoice_ref === inv.invoice_ref && e.entity_ref === field.entity_ref && e.field === field.field) : undefined;

  // Publish the selection to the page overlay and bring its page into view, zoomed.
  const label = field ? energyLabel(t, field) : '';
  useEffect(() => {
    selectedAt.current = Date.now();
    if (!field) return;
    sel.set({ documentId: doc.id, evidence: evidence ? { page: evidence.physical_page, box: evidence.bbox ?? null, label } : null, drawn: null, drawing: false, pageSizes: pageSizesOf(loaded?.se.evidence ?? []) });
    if (evidence) focusPage(evidence.physical_page);
    list.current?.querySelector('[aria-selected=true]')?.scrollIntoView({ block: 'nearest' });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [doc.id, inv?.invoice_ref, field?.key, evidence?.physical_page, label]);
  useEffect(() => () => useEnergySelection.getState().set({ documentId: null, evidence: null, drawing: false, drawn: null, pageSizes: {} }), []);

  const leaveForm = useCallback(() => {
    setMode({ kind: 'browse' });
    useEnergySelection.getState().set({ drawing: false, drawn: null });
  }, []);
  const decide = useCallback(
    async (body: Record<string, unknown>, done: string) => {
      if (!loaded) return;
      setBusy(true);
      const seconds = Math.min(86_400, Math.max(1, Math.round((Date.now() - selectedAt.current) / 1000)));
      try {
        await api.reviewExtraction(doc.id, { ...body, review_duration_seconds: seconds }, { idempotencyKey: newKey(), ifMatch: loaded.etag });
        await reload();
        leaveForm();
        setNotice({ text: done });
        selectedAt.current = Date.now();
      } catch (err) {
        if (err instanceof ApiFailure && err.code === 'extraction_version_conflict') {
          const fresh = await reload();
          leaveForm();
          setNotice({ text: t('energy.conflict'), lines: fresh ? describeChanges(t, lang, loaded.se, fresh.se) : [], error: true });
        } else {
          const details = err instanceof ApiFailure && err.fieldErrors ? Object.entries(err.fieldErrors).map(([k, v]) => `${k}: ${v.join(' ')}`) : [];
          setNotice({ text: err instanceof Error ? err.message : String(err), lines: details, error: true });
        }
      } finally {
        setBusy(false);
      }
    },
    [doc.id, loaded, reload, leaveForm, t, lang],
  );

  const target = inv && field ? { invoice_ref: inv.invoice_ref, entity_ref: field.entity_ref, field: field.field } : null;
  const confirm = () => target && void decide({ action: 'confirm', ...target }, t('energy.confirmed', { field: label }));
  const saveCorrection = () => {
    if (!target || !field || mode.kind !== 'correct' || !mode.value.trim()) return;
    const drawn = sel.drawn;
    const component = loaded?.se.source_components?.[0] as { component_ref?: string } | undefined;
    const page = drawn?.page ?? evidence?.physical_page ?? inv?.page_range.first ?? 1;
    const reference: Record<string, unknown> = {
      component_ref: evidence?.component_ref ?? component?.component_ref ?? 'src-1',
      physical_page: page,
      text: mode.text.trim() || mode.value.trim(),
      source: evidence?.source ?? 'native_text',
      ...(mode.label.trim() ? { label: mode.label.trim() } : {}),
      ...(drawn ? { bbox: drawn.box } : evidence?.bbox ? { bbox: evidence.bbox } : {}),
    };
    void decide({ action: 'correct', ...target, corrected_value: correctedValue(field.value, mode.value.trim()), evidence_reference: reference }, t('energy.corrected', { field: label }));
  };
  const reject = () => mode.kind === 'reject' && mode.reason.trim() && void decide({ action: 'reject', reason: mode.reason.trim() }, t('energy.rejected'));

  const nextDocument = useCallback(async () => {
    const page = await api.inbox({ status: '', processing_mode: '', extraction_profile: ENERGY_PROFILE, review_status: '', einvoice: '', q: '', sort: '', needs_review: true }, 0, 50);
    const next = page.data.find((r) => r.id !== doc.id);
    if (next) navigate({ name: 'document', id: next.id, page: 1 });
    else setNotice({ text: t('energy.no_next') });
  }, [doc.id, navigate, t]);

  // Keyboard review. Captured before the document view's page keys (n/p, arrows).
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const el = e.target as HTMLElement;
      if (e.ctrlKey || e.metaKey || e.altKey || busy) return;
      if (['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName)) {
        if (e.key === 'Escape') {
          e.stopImmediatePropagation();
          leaveForm();
        }
        return;
      }
      if (mode.kind !== 'browse' || el.tagName === 'BUTTON' || el.tagName === 'A') {
        if (mode.kind !== 'browse' && e.key === 'Escape') {
          e.stopImmediatePropagation();
          leaveForm();
        }
        if (el.tagName !== 'BUTTON' || !['ArrowDown', 'ArrowUp', 'j', 'k', 'n', 'p', 'e', 'r'].includes(e.key) || mode.kind !== 'browse') return;
      }
      const handled = () => {
        e.preventDefault();
        e.stopImmediatePropagation();
      };
      if (e.key === 'ArrowDown' || e.key === 'j') {
        handled();
        setFieldIndex((i) => Math.min(fields.length - 1, i + 1));
      } else if (e.key === 'ArrowUp' || e.key === 'k') {
        handled();
        setFieldIndex((i) => Math.max(0, i - 1));
      } else if (e.key === 'n' || e.key === 'p') {
        handled();
        setInvIndex((i) => Math.max(0, Math.min(invoices.length - 1, i + (e.key === 'n' ? 1 : -1))));
        setFieldIndex(0);
      } else if (e.key === 'Enter') {
        handled();
        confirm();
      } else if (e.key === 'e' && field) {
        handled();
        const v = editText(field.value);
        setMode({ kind: 'correct', value: v, text: evidence?.text ?? v, label: evidence?.label ?? '', textEdited: false });
        sel.set({ drawing: true, drawn: null });
      } else if (e.key === 'r') {
        handled();
        setMode({ kind: 'reject', reason: '' });
      }
    };
    window.addEventListener('keydown', onKey, { capture: true });
    return () => window.removeEventListener('keydown', onKey, { capture: true });
  });

  if (loaded === undefined) return <p className="muted">{t('energy.loading')}</p>;
  if (loaded === null) return <p className="muted">{t('energy.none')}</p>;
  const se = loaded.se;
  const exportsList = Object.entries(se.exports ?? {});
  const accepted = se.effective_outcome === 'accepted' && se.handoff_status === 'accepted';
  return (
    <div className="energy" data-testid="energy-review">
      <h2 className="panel-title">{t('energy.title')}</h2>
      <p data-testid="energy-outcome" data-outcome={se.effective_outcome} data-handoff={se.handoff_status}>
        {t('energy.outcome', { outcome: outcomeWord(t, se.effective_outcome), handoff: outcomeWord(t, se.handoff_status) })}
      </p>
      <p className="muted small" id="energy-keys">
        {t('energy.keys')}
      </p>
      <div role="status" aria-live="polite" data-testid="energy-notice" className={notice?.error ? 'energy-notice error' : 'energy-notice'}>
        {notice && (
          <>
            <p>{notice.text}</p>
            {notice.lines && notice.lines.length > 0 && (
              <ul>
                {notice.lines.map((l, i) => (
                  <li key={i}>{l}</li>
                ))}
              </ul>
            )}
          </>
        )}
      </div>
      {inv && (
        <>
          <h3 className="energy-invoice" data-testid="energy-invoice" data-invoice={inv.invoice_ref}>
            {t('energy.invoice_of', { n: invIndex + 1, total: invoices.length })} · {t('energy.pages', { first: inv.page_range.first, last: inv.page_range.last })} · {outcomeWord(t, inv.outcome)}
          </h3>
          {inv.review_reasons.length > 0 && (
            <div className="energy-reasons">
              <h4>{t('energy.reasons')}</h4>
              <ul data-testid="energy-reasons">
                {[...new Set(inv.review_reasons)].map((r) => (
                  <li key={r}>{reasonWords(t, r)}</li>
                ))}
              </ul>
            </div>
          )}
        </>
      )}
      {mode.kind === 'correct' && field && (
        <DecisionForm testId="energy-correct" title={t('energy.correct_title', { field: label })} submitLabel={t('energy.save')} submitClass="btn-primary" canSubmit={!busy && !!mode.value.trim()} onSubmit={saveCorrection} onCancel={leaveForm}>
          <label>
            {t('energy.new_value')}
            <input autoFocus value={mode.value} onChange={(e) => setMode({ ...mode, value: e.target.value, text: mode.textEdited ? mode.text : e.target.value })} />
          </label>
          <label>
            {t('energy.evidence_label')}
            <input value={mode.label} onChange={(e) => setMode({ ...mode, label: e.target.value })} />
          </label>
          <label>
            {t('energy.evidence_text')}
            <input value={mode.text} onChange={(e) => setMode({ ...mode, text: e.target.value, textEdited: true })} />
          </label>
          <p className="muted small">{sel.drawn ? t('energy.drawn', { n: sel.drawn.page }) : t('energy.draw_hint')}</p>
        </DecisionForm>
      )}
      {mode.kind === 'reject' && (
        <DecisionForm testId="energy-reject" title={t('energy.reject_title')} submitLabel={t('energy.reject')} submitClass="btn-danger" canSubmit={!busy && !!mode.reason.trim()} onSubmit={reject} onCancel={leaveForm}>
          <label>
            {t('energy.reject_reason')}
            <input autoFocus value={mode.reason} onChange={(e) => setMode({ kind: 'reject', reason: e.target.value })} />
          </label>
        </DecisionForm>
      )}
      <div className="energy-fields" ref={list} role="listbox" aria-label={t('energy.title')} aria-describedby="energy-keys" data-testid="energy-fields">
        {GROUPS.map((group) => {
          const members = fields.map((f, i) => ({ f, i })).filter(({ f }) => f.group === group);
          if (members.length === 0) return null;
          const groupKey = knownKey(`energy.group.${group}`);
          return (
            <div key={group} role="group" aria-labelledby={`energy-group-${group}`}>
              <div className="energy-group" id={`energy-group-${group}`} role="presentation">
                {groupKey ? t(groupKey) : group}
              </div>
              {members.map(({ f, i }) => (
                <div key={f.key} role="option" aria-selected={i === fieldIndex} data-key={f.key} data-status={f.status} className={`energy-field${i === fieldIndex ? ' selected' : ''}`} onClick={() => setFieldIndex(i)}>
                  <span className="field-label">{energyLabel(t, f)}</span>
                  <span className="field-value">{energyValue(t, lang, f.field, f.value)}</span>
                  <span className={`energy-status status-${f.status}`}>{statusWord(t, f.status)}</span>
                </div>
              ))}
            </div>
          );
        })}
      </div>
      <h3>{t('energy.exports')}</h3>
      <div className="energy-actions">
        {exportsList.map(([name, x]) =>
          x.available ? (
            <a key={name} className="btn btn-small" href={localPath(x.url)!} download={x.filename} data-export={name}>
              {x.filename ?? name}
            </a>
          ) : (
            <button key={name} type="button" className="btn btn-small" disabled data-export={name}>
              {x.filename ?? name}
            </button>
          ),
        )}
      </div>
      {!accepted && <p className="muted small">{t('energy.export_locked')}</p>}
      <button type="button" className="btn btn-small" data-testid="energy-next-document" onClick={() => void nextDocument()}>
        {t('energy.next_document')}
      </button>
    </div>
  );
}

function DecisionForm(props: { testId: string; title: string; submitLabel: string; submitClass: string; canSubmit: boolean; onSubmit: () => void; onCancel: () => void; children: ReactNode }) {
  const t = useT();
  return (
    <form
      className="energy-form"
      data-testid={props.testId}
      onSubmit={(e) => {
        e.preventDefault();
        props.onSubmit();
      }}
    >
      <h4>{props.title}</h4>
      {props.children}
      <div className="energy-actions">
        <button type="submit" className={`btn btn-small ${props.submitClass}`} disabled={!props.canSubmit}>
          {props.submitLabel}
        </button>
        <button type="button" className="btn btn-small" onClick={props.onCancel}>
          {t('energy.cancel')}
        </button>
      </div>
    </form>
  );
}

/** The selected field's box and, while correcting, the area where the clerk draws a new one. */
function EnergyOverlay({ page }: { page: number }) {
  const t = useT();
  const { evidence, drawing, drawn, pageSizes, set } = useEnergySelection();
  const size = pageSizes[page] ?? PAGE_PT;
  const start = useRef<{ x: number; y: number } | null>(null);
  const [live, setLive] = useState<Box | null>(null);
  const shown = drawn && drawn.page === page ? percentOf(page, drawn.box, size) : evidence && evidence.page === page && evidence.box ? percentOf(page, evidence.box, size) : null;
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (shown) requestAnimationFrame(() => ref.current?.querySelector('[data-testid="evidence-box"]')?.scrollIntoView({ block: 'center', inline: 'center' }));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [evidence, drawn]);
  const point = (e: React.MouseEvent<HTMLDivElement>) => {
    const r = e.currentTarget.getBoundingClientRect();
    return { x: ((e.clientX - r.left) / r.width) * size.width, y: ((e.clientY - r.top) / r.height) * size.height };
  };
  const boxFrom = (a: { x: number; y: number }, b: { x: number; y: number }): Box => ({ x: Math.min(a.x, b.x), y: Math.min(a.y, b.y), w: Math.abs(a.x - b.x), h: Math.abs(a.y - b.y) });
  const round = (b: Box): Box => ({ x: Math.round(b.x * 10) / 10, y: Math.round(b.y * 10) / 10, w: Math.round(b.w * 10) / 10, h: Math.round(b.h * 10) / 10 });
  return (
    <div ref={ref} className="energy-overlay">
      {shown && <EvidenceBox evidence={shown} label={t('energy.evidence_box', { label: evidence?.label ?? '' })} />}
      {live && <div className="evidence-box drawing" style={{ left: `${(live.x / size.width) * 100}%`, top: `${(live.y / size.height) * 100}%`, width: `${(live.w / size.width) * 100}%`, height: `${(live.h / size.height) * 100}%` }} />}
      {drawing && (
        <div
          className="draw-area"
          data-testid="draw-area"
          data-page={page}
          // Drawing is mouse-only and optional: keyboard review keeps the field's current evidence.
          aria-hidden="true"
          title={t('energy.draw_area', { label: evidence?.label ?? '' })}
          onMouseDown={(e) => {
            e.preventDefault();
            start.current = point(e);
          }}
          onMouseMove={(e) => start.current && setLive(boxFrom(start.current, point(e)))}
          onMouseUp={(e) => {
            if (!start.current) return;
            const b = round(boxFrom(start.current, point(e)));
            start.current = null;
            setLive(null);
            if (b.w > 2 && b.h > 2) set({ drawn: { page, box: b } });
          }}
        />
      )}
    </div>
  );
}

const applies = (doc: DocumentObject) => doc.extraction_profile === ENERGY_PROFILE && (doc.status === 'completed' || doc.status === 'error');

registerDocumentPanel({ id: 'energy', labelKey: 'energy.tab', applies, render: ({ doc, focusPage }) => <EnergyReviewPanel key={doc.id} doc={doc} focusPage={focusPage} /> });
registerPageOverlay({ id: 'energy', applies, render: ({ page }) => <EnergyOverlay page={page} /> });
