// The extracted fields (spec 2.6) as a clerk reads them: labels and values in words and in
// the desk's language, where each value came from, and its place on the page. Selecting a
// field shows its evidence box on the page preview.
import { EmptyState } from '../../components/common';
import { formatAmount, formatDay, formatList, formatRate } from '../../format';
import { knownKey, type Lang, type TFunc } from '../../i18n';
import type { DocumentObject, ExtractionField } from '../../types';

type Fields = Record<string, ExtractionField>;

const DATE_FIELDS = new Set(['issue_date', 'payment_due_date']);
const AMOUNT_FIELDS = new Set(['net_amount', 'gross_amount', 'tax_amount', 'amount_due']);

export function fieldsOf(doc: DocumentObject): Fields | null {
  const ex = doc.extractions;
  return ex && !Array.isArray(ex) && Object.keys(ex).length > 0 ? (ex as Fields) : null;
}

export function fieldLabel(t: TFunc, name: string): string {
  const key = knownKey(`field.${name}`);
  return key ? t(key) : name.replace(/_/g, ' ');
}

function currencyOf(fields: Fields | null): string | null {
  const c = fields?.currency?.value;
  return typeof c === 'string' ? c : null;
}

/** One value in the clerk's notation: dates, amounts with the document's currency, types in words. */
export function valueText(t: TFunc, lang: Lang, name: string, value: unknown, fields: Fields | null): string {
  if (value === null || value === undefined || (Array.isArray(value) && value.length === 0) || value === '') return '—';
  if (typeof value === 'string' && DATE_FIELDS.has(name)) return formatDay(value, lang);
  if ((typeof value === 'string' || typeof value === 'number') && AMOUNT_FIELDS.has(name)) return formatAmount(value, currencyOf(fields), lang);
  if (name === 'type' && typeof value === 'string') {
    const key = knownKey(`doctype.${value}`);
    return key ? t(key) : value.replace(/[-_]/g, ' ');
  }
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  if (Array.isArray(value)) {
    return value
      .map((row) => {
        const r = row as { tax_rate?: string | null; tax_amount?: string | null; taxable_amount?: string | null };
        if (!r || typeof r !== 'object' || !('tax_amount' in r)) return JSON.stringify(row);
        const cur = currencyOf(fields);
        return t('field.tax_row', {
          rate: r.tax_rate == null ? '?' : formatRate(r.tax_rate, lang),
          tax: r.tax_amount == null ? '?' : formatAmount(r.tax_amount, cur, lang),
          taxable: r.taxable_amount == null ? '?' : formatAmount(r.taxable_amount, cur, lang),
        });
      })
      .join('; ');
  }
  return JSON.stringify(value);
}

/** Where the value came from, in words. */
export function sourceText(t: TFunc, lang: Lang, f: ExtractionField): string {
  const p = f.provenance;
  if (!p) return '';
  const methodKey = knownKey(`method.${p.method}`);
  const method = methodKey ? t(methodKey) : p.method.replace(/_/g, ' ');
  if (p.method === 'structured_invoice') return t('doc.field_from_xml', { file: p.source?.text ?? '' }).trim();
  if (p.method === 'text_field') return t('doc.field_from_text');
  if (p.method === 'ai') return t('doc.field_from_ai');
  if (p.method === 'derived') return p.derived_from.length ? t('doc.field_derived', { fields: formatList(p.derived_from.map((n) => fieldLabel(t, n)), lang) }) : method;
  if (p.source?.page) return t('doc.field_source_page', { page: p.source.page, method });
  return method;
}

export interface Evidence {
  page: number;
  /** Percentages of the page image. */
  left: number;
  top: number;
  width: number;
  height: number;
}

/** The field's box on its page, as percentages of the page, when the engine placed it on one. */
export function evidenceOf(f: ExtractionField | undefined): Evidence | null {
  const s = f?.provenance?.source;
  if (!s || !s.page || !s.bbox || !s.page_size) return null;
  const { width, height } = s.page_size;
  const { x, y, w, h } = s.bbox;
  if (!width || !height || x === undefined || y === undefined || w === undefined || h === undefined) return null;
  const pad = 0.4; // a little air so the box does not cover the characters' edges
  return {
    page: s.page,
    left: Math.max(0, (x / width) * 100 - pad),
    top: Math.max(0, (y / height) * 100 - pad),
    width: Math.min(100, (w / width) * 100 + 2 * pad),
    height: Math.min(100, (h / height) * 100 + 2 * pad),
  };
}

/** Physical pages that carry the evidence of at least one field. */
export function citedPages(fields: Fields | null): Set<number> {
  const pages = new Set<number>();
  for (const f of Object.values(fields ?? {})) {
    const e = evidenceOf(f);
    if (e) pages.add(e.page);
  }
  return pages;
}

export function EvidenceBox({ evidence, label }: { evidence: Evidence; label: string }) {
  return (
    <div
      className="evidence-box"
      data-testid="evidence-box"
      role="img"
      aria-label={label}
      style={{ left: `${evidence.left}%`, top: `${evidence.top}%`, width: `${evidence.width}%`, height: `${evidence.height}%` }}
    />
  );
}

export function FieldsPanel({ t, lang, doc, selected, onSelect }: { t: TFunc; lang: Lang; doc: DocumentObject; selected: string | null; onSelect: (name: string) => void }) {
  const fields = fieldsOf(doc);
  if (!fields) {
    return <EmptyState title={t('doc.no_fields')}>{doc.processing_mode !== 'extraction' && <p>{t('doc.no_fields_mode', { mode: t(`mode.${doc.processing_mode}`) })}</p>}</EmptyState>;
  }
  return (
    <div>
      <p className="muted small" id="fields-hint">
        {t('doc.fields_hint')}
      </p>
      <ul className="fields" data-testid="fields">
        {Object.entries(fields).map(([name, f]) => {
          const label = fieldLabel(t, name);
          const source = sourceText(t, lang, f);
          const placed = evidenceOf(f) !== null;
          return (
            <li key={name} className={`field-row${selected === name ? ' selected' : ''}`}>
              <button
                type="button"
                className="field-button"
                data-field={name}
                aria-pressed={selected === name}
                aria-describedby={placed ? 'fields-hint' : undefined}
                onClick={() => onSelect(name)}
              >
                <span className="field-label">{label}</span>
                <span className="field-value">
                  {valueText(t, lang, name, f.value, fields)}
                </span>
                {source && <span className="field-source">{source}</span>}
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
