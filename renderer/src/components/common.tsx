// Small shared pieces: status badge, copy button, failure notice, modal dialog, date.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { ApiFailure } from '../api';
import { LANGS, useT, type Lang, type TFunc, type TKey } from '../i18n';
import { useApp } from '../store';
import type { DocumentStatus, Progress } from '../types';

export function formatDate(iso: string | null | undefined, lang: string): string {
  if (!iso) return '—';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return d.toLocaleString(lang === 'de' ? 'de-DE' : 'en-GB', { dateStyle: 'medium', timeStyle: 'short' });
}

export function formatBytes(n: number | null | undefined): string {
  if (n === null || n === undefined) return '—';
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KiB`;
  return `${(n / 1024 / 1024).toFixed(1)} MiB`;
}

/** The stage and the blocked/error reason, in words. */
export function statusDetail(t: TFunc, row: { status: DocumentStatus; processing_stage?: string | null; processing_progress?: Progress | null; blocked_reason?: string | null; processing_error?: string | null }): string {
  if (row.status === 'pending') {
    const stage = stageLabel(t, row.processing_stage ?? null);
    const p = row.processing_progress;
    return p && p.pages_total > 0 ? t('stage.progress', { stage, done: p.pages_done, total: p.pages_total }) : stage;
  }
  if (row.status === 'blocked') return blockedReason(t, row.blocked_reason ?? null);
  if (row.status === 'error') return row.processing_error ?? t('status.error');
  return '';
}

export function stageLabel(t: TFunc, stage: string | null): string {
  switch (stage) {
    case 'queued':
      return t('stage.queued');
    case 'waiting_for_capacity':
      return t('stage.waiting_for_capacity');
    case 'thumbnailing':
      return t('stage.thumbnailing');
    case 'counting_pages':
      return t('stage.counting_pages');
    case 'reading':
      return t('stage.reading');
    case 'ocr':
      return t('stage.ocr');
    case 'assembling':
      return t('stage.assembling');
    case 'extracting':
      return t('stage.extracting');
    case null:
      return t('stage.queued');
    default:
      return stage.replace(/_/g, ' ');
  }
}

export function blockedReason(t: TFunc, reason: string | null): string {
  if (reason === 'insufficient_credits') return t('blocked.insufficient_credits');
  if (reason === 'page_band_insufficient_credits') return t('blocked.page_band_insufficient_credits');
  return reason ? reason.replace(/_/g, ' ') : t('status.blocked');
}

export function StatusBadge({ status }: { status: DocumentStatus }) {
  const t = useT();
  return <span className={`badge badge-${status}`}>{t(`status.${status}`)}</span>;
}

export function CopyButton({ text, label }: { text: string; label?: string }) {
  const t = useT();
  const [copied, setCopied] = useState(false);
  return (
    <button
      type="button"
      className="btn btn-small"
      onClick={async () => {
        try {
          await navigator.clipboard.writeText(text);
        } catch {
          // Clipboard API refused (no user activation / permissions): select-all fallback.
          const ta = document.createElement('textarea');
          ta.value = text;
          document.body.appendChild(ta);
          ta.select();
          document.execCommand('copy');
          ta.remove();
        }
        setCopied(true);
        setTimeout(() => setCopied(false), 1500);
      }}
    >
      {copied ? t('common.copied') : (label ?? t('common.copy'))}
    </button>
  );
}

/** An error as a sentence; known codes get our own words, the rest keep the engine's message. */
export function describeFailure(t: TFunc, err: unknown): string {
  if (!(err instanceof ApiFailure)) return err instanceof Error ? err.message : String(err);
  switch (err.code) {
    case 'network_error':
      return t('error.network');
    case 'unauthenticated':
      return t('error.unauthenticated');
    case 'csrf_header_missing':
      return t('error.csrf');
    case 'missing_ability':
    case 'forbidden':
      return t('error.forbidden', { message: err.message });
    case 'rate_limited': {
      const after = typeof err.body?.retry_after === 'number' ? err.body.retry_after : null;
      return after === null ? t('error.rate_limited') : t('error.rate_limited_after', { seconds: after });
    }
    case 'test_mode_limit_exceeded':
      return t('error.test_mode_limit');
    case 'insufficient_credits':
      return t('error.insufficient_credits', { available: Number(err.body?.available_credits ?? 0), required: Number(err.body?.required_credits ?? 0) });
    case 'document_pending':
      return t('error.document_pending');
    case 'reprocess_not_allowed':
      return t('error.reprocess_blocked');
    case 'cannot_revoke_own_token':
      return t('error.cannot_revoke_own');
    case 'not_found':
      return t('error.not_found');
    case 'validation_failed':
      return t('error.validation');
    default:
      return err.message || t('error.unknown');
  }
}

const FIELD_LABEL_KEYS: Record<string, TKey> = {
  file: 'field.file',
  processing_mode: 'upload.mode',
  processing_lane: 'upload.lane',
  extraction_profile: 'upload.profile',
  pages: 'upload.pages',
  locale: 'upload.locale',
  requester: 'upload.requester',
  allow_ai_processing: 'upload.ai',
  custom_types: 'upload.custom_types',
  url: 'webhooks.url',
  events: 'webhooks.events',
  name: 'tokens.name',
  abilities: 'tokens.abilities',
  mode: 'tokens.mode',
};

export function FailureNotice({ err, onDismiss }: { err: unknown; onDismiss?: () => void }) {
  const t = useT();
  const requestId = err instanceof ApiFailure ? err.requestId : null;
  const fields = err instanceof ApiFailure ? err.fieldErrors : null;
  return (
    <div className="notice notice-error" role="alert">
      <p>{describeFailure(t, err)}</p>
      {fields && (
        <ul>
          {Object.entries(fields).map(([field, messages]) => (
            <li key={field}>
              <strong>{FIELD_LABEL_KEYS[field.replace(/\.\d+$/, '')] ? t(FIELD_LABEL_KEYS[field.replace(/\.\d+$/, '')]!) : field}:</strong> {messages.join(' ')}
            </li>
          ))}
        </ul>
      )}
      {requestId && (
        <p className="request-id">
          {t('error.request_id')} <code>{requestId}</code> <CopyButton text={requestId} label={t('error.copy_request_id')} />
        </p>
      )}
      {onDismiss && (
        <button type="button" className="btn btn-small" onClick={onDismiss}>
          {t('common.dismiss')}
        </button>
      )}
    </div>
  );
}

export function Modal({ title, onClose, children, labelId }: { title: string; onClose: () => void; children: ReactNode; labelId: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const t = useT();
  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    ref.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        e.stopPropagation();
        onClose();
      }
    };
    window.addEventListener('keydown', onKey, true);
    return () => {
      window.removeEventListener('keydown', onKey, true);
      previous?.focus();
    };
  }, [onClose]);
  return (
    <div className="modal-backdrop" onClick={onClose}>
      <div className="modal" role="dialog" aria-modal="true" aria-labelledby={labelId} tabIndex={-1} ref={ref} onClick={(e) => e.stopPropagation()}>
        <div className="modal-head">
          <h2 id={labelId}>{title}</h2>
          <button type="button" className="btn btn-small" onClick={onClose}>
            {t('common.close')}
          </button>
        </div>
        {children}
      </div>
    </div>
  );
}

export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="empty">
      <p className="empty-title">{title}</p>
      {children}
    </div>
  );
}

/** A legend and one checkbox per option (token abilities, webhook events). */
export function CheckboxGroup<T extends string>({ legend, options, chosen, onChange, describe }: { legend: string; options: readonly T[]; chosen: T[]; onChange: (next: T[]) => void; describe: (option: T) => string }) {
  return (
    <fieldset className="field">
      <legend>{legend}</legend>
      {options.map((o) => (
        <label key={o} className="check">
          <input type="checkbox" checked={chosen.includes(o)} onChange={(e) => onChange(e.target.checked ? [...chosen, o] : chosen.filter((x) => x !== o))} /> <code>{o}</code> — {describe(o)}
        </label>
      ))}
    </fieldset>
  );
}

/** A secret shown once (new token, webhook signing secret) with a copy button. */
export function SecretNotice({ title, note, secret, dismissLabel, onDismiss, testId }: { title: string; note: string; secret: string; dismissLabel: string; onDismiss: () => void; testId?: string }) {
  return (
    <div className="notice notice-secret" role="status" data-testid={testId}>
      <p>
        <strong>{title}</strong> {note}
      </p>
      <p className="secret">
        <code>{secret}</code> <CopyButton text={secret} />
      </p>
      <button type="button" className="btn btn-small" onClick={onDismiss}>
        {dismissLabel}
      </button>
    </div>
  );
}

const LANG_NAMES: Record<Lang, string> = { en: 'English', de: 'Deutsch' };

/** The UI language chooser (top bar, sign-in page, settings); the caller supplies the label. */
export function LanguageSelect({ id }: { id: string }) {
  const lang = useApp((s) => s.lang);
  const setLang = useApp((s) => s.setLang);
  return (
    <select id={id} value={lang} onChange={(e) => setLang(e.target.value as Lang)}>
      {LANGS.map((l) => (
        <option key={l} value={l}>
          {LANG_NAMES[l]}
        </option>
      ))}
    </select>
  );
}

/** An inline "are you sure?" with the confirming button focused (delete, revoke). */
export function ConfirmInline({ message, confirmLabel, onConfirm, onCancel, alert = false }: { message?: string; confirmLabel: string; onConfirm: () => void | Promise<void>; onCancel: () => void; alert?: boolean }) {
  const t = useT();
  return (
    <span className="confirm" role={alert ? 'alert' : undefined}>
      {message !== undefined && <>{message} </>}
      <button type="button" className="btn btn-small btn-danger" autoFocus onClick={() => void onConfirm()}>
        {confirmLabel}
      </button>{' '}
      <button type="button" className="btn btn-small" onClick={onCancel}>
        {t('common.cancel')}
      </button>
    </span>
  );
}

/** A column head: `hidden` keeps it for screen readers only (an actions column); `num` right-aligns. */
export interface TableColumn {
  label: string;
  hidden?: boolean;
  num?: boolean;
}

/** The desk's data table: scroll wrapper, a caption for screen readers and the header row; rows are the children. */
export function DataTable({ testId, caption, columns, children }: { testId: string; caption: string; columns: TableColumn[]; children: ReactNode }) {
  return (
    <div className="table-wrap">
      <table className="table" data-testid={testId}>
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.label} scope="col" className={c.num ? 'num' : undefined}>
                {c.hidden ? <span className="sr-only">{c.label}</span> : c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
