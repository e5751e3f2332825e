// The duplicate warning of a document (issue 18): a badge, its reason as the title, and in
// the document view links to the earlier documents. Nothing is blocked or merged.
import { useT } from '../i18n';

export function DuplicateBadge({ ids, reason, links = false }: { ids?: number[] | null; reason?: 'same_file' | 'same_invoice' | null; links?: boolean }) {
  const t = useT();
  if (!ids?.length || !reason) return null;
  const text = t(`duplicate.${reason}`, { ids: ids.map((id) => `#${id}`).join(', ') });
  return (
    <span className="duplicate" data-testid="duplicate-badge">
      <span className="badge badge-blocked" title={text}>
        {t('duplicate.badge')}
      </span>
      {links ? (
        <span className="row-detail">
          {t(`duplicate.${reason}`, { ids: '' }).replace(/:\s*\.?$/, ':')}{' '}
          {ids.map((id, i) => (
            <span key={id}>
              {i > 0 && ', '}
              <a href={`#/documents/${id}`}>#{id}</a>
            </span>
          ))}
        </span>
      ) : (
        <span className="sr-only">{text}</span>
      )}
    </span>
  );
}
