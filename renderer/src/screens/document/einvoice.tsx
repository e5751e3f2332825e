// The e-invoice verdict in words (spec 2.3 quality.structured): the assessment badge, what
// was checked, the rules not met grouped by severity with one explanation per rule family,
// the hybrid-PDF linkage, and extraction-mode conflicts between the XML and the page.
import { VerdictBadge } from '../../components/verdict';
import { formatList } from '../../format';
import { knownKey, type Lang, type TFunc, type TKey } from '../../i18n';
import type { StructuredQuality } from '../../types';
import { fieldLabel } from './fields';

const SEVERITIES = [
  ['errors', 'severity.error'],
  ['warnings', 'severity.warning'],
  ['information', 'severity.information'],
] as const;

/** The family a rule id belongs to (EN 16931, XRechnung CIUS, syntax bindings, schema). */
export function ruleFamily(id: string): TKey {
  if (id.startsWith('BR-DEX')) return 'rulefamily.BR-DEX';
  if (id.startsWith('BR-DEC')) return 'rulefamily.BR-DEC';
  if (id.startsWith('BR-DE')) return 'rulefamily.BR-DE';
  if (id.startsWith('BR-CO')) return 'rulefamily.BR-CO';
  if (id.startsWith('BR-CL')) return 'rulefamily.BR-CL';
  if (/^BR-(S|Z|E|AE|K|G|O|IC|IG|IP|B)-/.test(id)) return 'rulefamily.BR-VAT';
  if (id.startsWith('BR-')) return 'rulefamily.BR';
  if (id.startsWith('UBL-')) return 'rulefamily.UBL';
  if (id.startsWith('CII-')) return 'rulefamily.CII';
  if (id.startsWith('PEPPOL')) return 'rulefamily.PEPPOL';
  if (id.startsWith('XSD')) return 'rulefamily.XSD';
  if (id.startsWith('ZF1')) return 'rulefamily.ZF1';
  return 'rulefamily.other';
}

function words(t: TFunc, prefix: string, value: string | null | undefined): string | null {
  if (!value) return null;
  const key = knownKey(`${prefix}.${value}`);
  return key ? t(key) : value.replace(/_/g, ' ');
}

export function hasVerdict(s: StructuredQuality | null | undefined): s is StructuredQuality {
  return !!s && (s.detection_status === 'recognized' || (s.assessment !== undefined && s.assessment !== 'not_applicable'));
}

export function EinvoicePanel({ t, lang, structured }: { t: TFunc; lang: Lang; structured: StructuredQuality }) {
  const s = structured;
  const ve = s.validation_errors;
  const ruleIds = ve ? [...ve.errors, ...ve.warnings, ...ve.information] : [];
  const families = [...new Set(ruleIds.map(ruleFamily))];
  const fields = (names: string[] | undefined) => formatList((names ?? []).map((n) => fieldLabel(t, n)), lang);
  const origin = s.source?.origin;
  const link = s.linkage;
  return (
    <div className="einvoice" data-testid="einvoice-panel">
      <h2 className="panel-title">
        {t('einvoice.title')} <VerdictBadge assessment={s.assessment} />
      </h2>
      {s.validation_status && <p data-testid="validation-status">{words(t, 'vstatus', s.validation_status)}</p>}
      {s.reason && s.reason !== 'rule_errors' && <p className="muted">{t('einvoice.reason', { reason: words(t, 'einvoice.why', s.reason)! })}</p>}
      <dl className="meta">
        {s.syntax && (
          <>
            <dt>{t('einvoice.format')}</dt>
            <dd>{s.syntax.toUpperCase()}</dd>
          </>
        )}
        {s.profile && s.profile !== 'unknown' && (
          <>
            <dt>{t('einvoice.profile')}</dt>
            <dd>{s.profile}</dd>
          </>
        )}
        {s.validation_scope && (
          <>
            <dt>{t('einvoice.scope')}</dt>
            <dd>{words(t, 'scope', s.validation_scope)}</dd>
          </>
        )}
        {origin && (
          <>
            <dt>{t('einvoice.source')}</dt>
            <dd>{t(`einvoice.origin.${origin}`, { file: s.source?.filename ?? '' })}</dd>
          </>
        )}
      </dl>
      {ve && (
        <section aria-labelledby="einvoice-rules">
          <h3 id="einvoice-rules" className="panel-subtitle">
            {t('einvoice.rules')} · {t('einvoice.rule_count', { n: ruleIds.length })}
          </h3>
          {ruleIds.length === 0 ? (
            <p>{t('einvoice.no_rules')}</p>
          ) : (
            <>
              <ul className="rules" data-testid="rule-ids">
                {SEVERITIES.flatMap(([list, severityKey]) =>
                  ve[list].map((id) => (
                    <li key={`${list}-${id}`} className={`rule rule-${list}`}>
                      <span className={`badge ${list === 'errors' ? 'badge-error' : list === 'warnings' ? 'badge-warning' : 'badge-pending'}`}>{t(severityKey)}</span> <code>{id}</code>
                    </li>
                  )),
                )}
              </ul>
              <ul className="rule-families">
                {families.map((f) => (
                  <li key={f}>{t(f)}</li>
                ))}
              </ul>
              {ve.truncated && <p className="muted">{t('einvoice.truncated')}</p>}
            </>
          )}
        </section>
      )}
      {link && (
        <section aria-labelledby="einvoice-linkage" data-testid="linkage">
          <h3 id="einvoice-linkage" className="panel-subtitle">
            {t('linkage.title')}
          </h3>
          <p>
            {link.status === 'conflict'
              ? t('linkage.conflict', { fields: fields(link.conflict_fields) })
              : link.status === 'not_linked'
                ? t('linkage.not_linked', { fields: fields(link.missing_fields) })
                : t(link.status === 'linked' ? 'linkage.linked' : 'linkage.indeterminate')}
          </p>
          {!!link.matched_fields?.length && <p className="muted">{t('linkage.matched', { fields: fields(link.matched_fields) })}</p>}
          {!!link.partial_fields?.length && <p className="muted">{t('linkage.partial', { fields: fields(link.partial_fields) })}</p>}
          {!!link.ocr_pages?.length && <p className="muted">{t('linkage.pages', { pages: formatList(link.ocr_pages, lang) })}</p>}
        </section>
      )}
      {!!s.conflict_fields?.length && (
        <section aria-labelledby="einvoice-conflicts" data-testid="conflicts">
          <h3 id="einvoice-conflicts" className="panel-subtitle">
            {t('conflict.title')}
          </h3>
          <ul>
            {s.conflict_fields.map((f) => (
              <li key={f}>{t('conflict.field', { field: fieldLabel(t, f) })}</li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
