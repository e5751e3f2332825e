// The credit balance and the ledger, newest first, paged.
import { useCallback, useEffect, useState } from 'react';
import { api } from '../../api';
import { EmptyState, FailureNotice, formatDate } from '../../components/common';
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
  <div className="table-wrap">
    <table className="table" data-testid="ledger">
      <caption className="sr-only">{t('credits.ledger')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('webhooks.time')}</th>
          <th scope="col">{t('credits.kind')}</th>
          <th scope="col" className="num">
            {t('credits.amount')}
          </th>
          <th scope="col">{t('webhooks.document')}</th>
          <th scope="col">{t('credits.note')}</th>
        </tr>
      </thead>
      <tbody>
        {entries.map((e) => (
          <tr key={e.id}>
            <td>{formatDate(e.created_at, lang)}</td>
            <td>{t(`ledger.${e.kind}`)}</td>
            <td className={`num ${e.amount < 0 ? 'neg' : 'pos'}`}>{e.amount > 0 ? `+${e.amount}` : e.amount}</td>
            <td>{e.document_id !== null ? <a href={`#/documents/${e.document_id}`}>#{e.document_id}</a> : '—'}</td>
            <td>{e.note ?? ''}</td>
          </tr>
        ))}
      </tbody>
    </table>
  </div>
  );
}
