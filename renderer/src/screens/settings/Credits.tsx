// The credit balance and the ledger, newest first, paged.
import { useCallback, useEffect, useState } from 'react';
import { api } from '../../api';
import { EmptyState, FailureNotice, formatDate, DataTable } from '../../components/common';
import { useT } from '../../i18n';
import { useApp } from '../../store';
import type { Credits, LedgerEntry } from '../../types';

export function CreditsView() {
  const t = useT();
  const [credits, setCredits] = useState<Credits | null>(null);
  const [hasMore, setHasMore] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const load = useCallback(async (before?: number) => {
    try {
      const res = await api.credits(before);
      setCredits((prev) => ({ available_credits: res.data.available_credits, entries: before && prev ? [...prev.entries, ...res.data.entries] : res.data.entries }));
      setHasMore(res.has_more);
      setError(null);
    } catch (err) {
      setError(err);
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);
  return (
    <section aria-labelledby="credits-title">
      <h2 id="credits-title">{t('settings.credits')}</h2>
      {error !== null && <FailureNotice err={error} />}
      {credits && (
        <>
          <p className="balance" data-testid="credit-balance">
            <span className="balance-n">{credits.available_credits}</span> {t('credits.available')}
          </p>
          <p className="muted">{t('credits.rules')}</p>
          {credits.entries.length === 0 ? (
            <EmptyState title={t('credits.empty')} />
          ) : (
            <LedgerTable entries={credits.entries} />
          )}
          {hasMore && (
            <button type="button" className="btn" onClick={() => void load(credits.entries[credits.entries.length - 1]?.id)}>
              {t('credits.more')}
            </button>
          )}
        </>
      )}
    </section>
  );
}

function LedgerTable({ entries }: { entries: LedgerEntry[] }) {
  const t = useT();
  const lang = useApp((s) => s.lang);
  return (
  <DataTable testId="ledger" caption={t('credits.ledger')} columns={[{ label: t('webhooks.time') }, { label: t('credits.kind') }, { label: t('credits.amount'), num: true }, { label: t('webhooks.document') }, { label: t('credits.note') }]}>
        {entries.map((e) => (
          <tr key={e.id}>
            <td>{formatDate(e.created_at, lang)}</td>
            <td>{t(`ledger.${e.kind}`)}</td>
            <td className={`num ${e.amount < 0 ? 'neg' : 'pos'}`}>{e.amount > 0 ? `+${e.amount}` : e.amount}</td>
            <td>{e.document_id !== null ? <a href={`#/documents/${e.document_id}`}>#{e.document_id}</a> : '—'}</td>
            <td>{e.note ?? ''}</td>
          </tr>
        ))}
  </DataTable>
  );
}
