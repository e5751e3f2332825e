// The e-invoice verdict (spec 2.3 quality.structured.assessment) as one badge, used by the
// inbox rows and the document view.
import { knownKey, useT } from '../i18n';

const TONE: Record<string, string> = {
  pass: 'badge-completed',
  pass_with_warnings: 'badge-warning',
  fail: 'badge-error',
  indeterminate: 'badge-blocked',
};

export function VerdictBadge({ assessment }: { assessment: string | null | undefined }) {
  const t = useT();
  if (!assessment || assessment === 'not_applicable') return null;
  const key = knownKey(`verdict.${assessment}`);
  const text = key ? t(key) : assessment;
  return (
    <span className={`badge verdict ${TONE[assessment] ?? 'badge-pending'}`} data-testid="verdict" data-verdict={assessment} title={t('verdict.label', { verdict: text })}>
      {text}
    </span>
  );
}
